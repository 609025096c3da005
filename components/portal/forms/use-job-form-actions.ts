"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch, type DefaultValues, type FieldValues, type Path, type PathValue, type Resolver, type UseFormReturn } from "react-hook-form";

import type { Outcome } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/portal/actions/validated-action";
import { problemInWords } from "@/lib/portal/forms/field-words";
import type { PostedJobView, PreviewAnswer } from "@/lib/portal/forms/form-actions";
import type { FormConnection } from "@/lib/portal/forms/form-connections";
import { defaultLanguage } from "@/lib/portal/forms/form-fields";
import { FORM_LEVEL, toFormFieldErrors } from "@/lib/portal/forms/form-problems";
import type { Locale } from "@/lib/portal/i18n/locale";
import type { Country } from "@/lib/spec/environments";

/*
 * Preview, post and save-draft of a job form: calls the server actions, puts each of their field
 * errors on its field, moves focus to the first field in error, and never resets what was typed.
 */

type ServerAction<T> = (input: unknown) => Promise<ActionResult<T>>;

export interface JobFormActions {
  preview: ServerAction<PreviewAnswer>;
  post: ServerAction<PostedJobView>;
  saveDraft: ServerAction<{ savedAt: string }>;
}

export type Busy = "preview" | "post" | "draft" | null;

type JobFormTexts = { draftSaved: string; checkFields: string; problemsTitle: string };

function pdfUrl(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
}

function useJobFormActions<V extends FieldValues>(options: {
  form: UseFormReturn<V>;
  fields: ReadonlySet<string>;
  actions: JobFormActions;
  formRef: React.RefObject<HTMLFormElement | null>;
  texts: JobFormTexts;
  locale: Locale;
}) {
  const { form, fields, actions, formRef, texts, locale } = options;
  const [busy, setBusy] = useState<Busy>(null);
  const [status, setStatus] = useState<Outcome | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [posted, setPosted] = useState<PostedJobView | null>(null);
  const previewRef = useRef<string | null>(null);
  // Bumped when the server refused fields: focus moves once React has drawn their errors.
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not(fieldset)')?.focus();
  }, [focusRequest, formRef]);

  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const showPreview = useCallback((url: string | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
    setPreviewUrl(url);
  }, []);

  const refused = useCallback(
    (result: { message: string; fieldErrors: Record<string, string> }) => {
      const details: string[] = [];
      for (const problem of toFormFieldErrors(result.fieldErrors, fields)) {
        if (problem.path === FORM_LEVEL) details.push(problemInWords({ field: problem.field ?? null, message: problem.message }, locale));
        else form.setError(problem.path as Path<V>, { type: "server", message: problem.message });
      }
      // Problems the form has no field for are listed under the message.
      setStatus({ ok: false, message: details.length > 0 ? `${texts.problemsTitle} ${result.message}` : result.message, details });
      setFocusRequest((count) => count + 1);
    },
    [fields, form, locale, texts.problemsTitle],
  );

  const invalid = useCallback(() => {
    setStatus({ ok: false, message: texts.checkFields });
  }, [texts.checkFields]);

  const run = useCallback(
    async <T>(kind: Exclude<Busy, null>, action: ServerAction<T>, values: V, done: (data: T) => void) => {
      setBusy(kind);
      setStatus(null);
      try {
        const result = await action(values);
        if (result.ok) done(result.data);
        else refused(result);
      } finally {
        setBusy(null);
      }
    },
    [refused],
  );

  // Built when the event comes, not during render: handleSubmit's callbacks touch refs.
  const preview = (event?: React.BaseSyntheticEvent) =>
    form.handleSubmit((values) => run("preview", actions.preview, values, (data) => showPreview(pdfUrl(data.pdf))), invalid)(event);
  const post = (event?: React.BaseSyntheticEvent) =>
    form.handleSubmit((values) => run("post", actions.post, values, (data) => setPosted(data)), invalid)(event);
  const saveDraft = () =>
    run("draft", actions.saveDraft, form.getValues(), () => {
      setStatus({ ok: true, message: texts.draftSaved });
    });

  return { busy, status, previewUrl, closePreview: () => showPreview(null), posted, preview, post, saveDraft };
}

/**
 * A job form whole: the form state (validated on submit by the schema of the chosen connection's
 * country), its preview/post/draft actions, the chosen connection's country, and the usual
 * language following the country when the connection changes.
 */
export function useJobForm<V extends FieldValues & { connectionId: string; language: string }>(options: {
  connections: readonly FormConnection[];
  initialValues: DefaultValues<V>;
  resolver: (countryOf: (connectionId: string) => Country | null) => Resolver<V>;
  fields: ReadonlySet<string>;
  actions: JobFormActions;
  texts: JobFormTexts;
  locale: Locale;
}) {
  const { connections, initialValues, resolver, fields, actions, texts, locale } = options;
  const countryOf = useMemo(() => (id: string) => connections.find((connection) => connection.id === id)?.country ?? null, [connections]);
  const form = useForm<V>({ resolver: resolver(countryOf), defaultValues: initialValues, mode: "onSubmit", reValidateMode: "onChange" });
  const formRef = useRef<HTMLFormElement>(null);
  const formActions = useJobFormActions({ form, fields, actions, formRef, texts, locale });
  const connectionId = useWatch({ control: form.control, name: "connectionId" as Path<V> }) as string;
  const country = countryOf(connectionId) ?? connections[0]!.country;

  const previousCountry = useRef(country);
  useEffect(() => {
    if (previousCountry.current === country) return;
    previousCountry.current = country;
    form.setValue("language" as Path<V>, defaultLanguage(country) as PathValue<V, Path<V>>);
  }, [country, form]);

  return { form, formRef, connectionId, country, ...formActions };
}
