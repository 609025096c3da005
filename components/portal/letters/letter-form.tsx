"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { FormProvider, useController, useForm, useFormContext, useWatch, type Path, type Resolver } from "react-hook-form";

import { jobField, SelectField, TextField } from "@/components/portal/forms/form-field";
import { DeliveryFields, RecipientFields } from "@/components/portal/forms/recipient-fields";
import { TestEnvironmentDate } from "@/components/portal/forms/test-environment-date";
import { Button } from "@/components/ui/button";
import { FieldFrame } from "@/components/ui/field-frame";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { textLinkClass } from "@/components/ui/text-link";
import { hasPdfHeader } from "@/lib/platform/pdf-header";
import type { ActionResult } from "@/lib/portal/actions/validated-action";
import { connectionName } from "@/lib/portal/connections/connection-name";
import { problemInWords } from "@/lib/portal/forms/field-words";
import type { FormConnection } from "@/lib/portal/forms/form-connections";
import { FORM_LEVEL } from "@/lib/portal/forms/form-problems";
import { fillText, type Locale, LOCALE_TAGS } from "@/lib/portal/i18n/locale";
import type { CountryChoice } from "@/lib/portal/letters/country-choices";
import { letterFormResolverSchema, letterPathOf, type LetterFormValues, type LetterPdf } from "@/lib/portal/letters/letter-form";
import { bytesToBase64, MAX_LETTER_PDF_BYTES, pdfFileProblem } from "@/lib/portal/letters/letter-pdf";
import type { PostedLetterView } from "@/lib/portal/letters/post-letter";
import type { LetterTexts } from "@/lib/portal/letters/texts";
import { formatBytes } from "@/lib/portal/uploads/format-bytes";
import { DOCUMENT_TYPES, LETTER_SENDTYPES, LIFECYCLE_CODES } from "@/lib/spec/codes";
import { COUNTRY_RULES } from "@/lib/spec/environments";

import { PdfFirstPage, type PdfOpenResult } from "./pdf-first-page";

/*
 * The letter form: recipient, delivery, document type and the PDF, whose first page is drawn as
 * soon as it is chosen. Validated in the browser by the service's own rules for the chosen
 * connection's country, and again on the server; every error lands on its field.
 */

interface LetterFormProps {
  connections: readonly FormConnection[];
  countries: readonly CountryChoice[];
  initialValues: LetterFormValues;
  post: (input: unknown) => Promise<ActionResult<PostedLetterView>>;
  texts: LetterTexts;
  locale: Locale;
}

interface Status {
  message: string;
  details: string[];
  /** It points at marked fields only: it goes once none is marked (they are checked again as they change). */
  aboutFields: boolean;
}

function focusFirstInvalid(root: HTMLElement | null) {
  requestAnimationFrame(() => root?.querySelector<HTMLElement>('[aria-invalid="true"]:not(fieldset)')?.focus());
}

export function LetterForm({ connections, countries, initialValues, post, texts, locale }: LetterFormProps) {
  const countryOf = useCallback((connectionId: string) => connections.find((connection) => connection.id === connectionId)?.country ?? null, [connections]);
  const resolver = useMemo(() => zodResolver(letterFormResolverSchema(countryOf)) as Resolver<LetterFormValues>, [countryOf]);
  const form = useForm<LetterFormValues>({ defaultValues: initialValues, resolver, mode: "onSubmit", reValidateMode: "onChange" });
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [posted, setPosted] = useState<PostedLetterView | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (posted) resultHeading.current?.focus();
  }, [posted]);

  // The banner that sent the user to the marked fields goes once they are fixed; one that names
  // problems no field shows, or that the post did not arrive, stays until the next try.
  const markedFields = Object.keys(form.formState.errors).length;
  const shownStatus = status?.aboutFields && markedFields === 0 ? null : status;

  const onValid = async (values: LetterFormValues) => {
    setBusy(true);
    setStatus(null);
    try {
      const result = await post(values);
      if (result.ok) {
        setPosted(result.data);
        return;
      }
      const details: string[] = [];
      const seen = new Set<string>();
      for (const [field, message] of Object.entries(result.fieldErrors)) {
        const path = letterPathOf(field);
        if (path === FORM_LEVEL || !(path in values)) details.push(problemInWords({ field: path === FORM_LEVEL ? null : field, message }, locale));
        else if (!seen.has(path)) {
          seen.add(path);
          form.setError(path as Path<LetterFormValues>, { type: "server", message });
        }
      }
      setStatus({ message: result.message, details, aboutFields: details.length === 0 && seen.size > 0 });
      focusFirstInvalid(formRef.current);
    } catch {
      // The action did not answer: the portal was unreachable, or the body was over its size limit.
      setStatus({ message: texts.notSent, details: [], aboutFields: false });
    } finally {
      setBusy(false);
    }
  };
  const onInvalid = () => {
    setStatus({ message: texts.checkFields, details: [], aboutFields: true });
    focusFirstInvalid(formRef.current);
  };
  // handleSubmit is called in the event, not during render: its callbacks read refs.
  const submit = (event: React.FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid, onInvalid)(event);

  const another = () => {
    form.reset({ ...form.getValues(), name: "", address: "", postcode: "", city: "", email: "", ownref: "", pdf: null });
    setPosted(null);
    setStatus(null);
  };

  if (posted) return <PostedLetter posted={posted} texts={texts} headingRef={resultHeading} onAnother={another} />;

  return (
    <FormProvider {...form}>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-6" aria-describedby={shownStatus ? "letter-status" : undefined}>
        <SelectField
          name="connectionId"
          label={texts.connection}
          locale={locale}
          choices={connections.map((connection) => ({ value: connection.id, label: connectionName(connection) }))}
          className="max-w-md"
        />
        <ConnectionDate connections={connections} texts={texts} locale={locale} />
        <ConnectionDefaults connections={connections} countries={countries} />
        <RecipientFields
          texts={texts}
          locale={locale}
          listId="letter-recipient-suggestions"
          takeDefaults={false}
          wideOwnref
          members={() => <CountryFields countries={countries} texts={texts} locale={locale} />}
        />
        <DeliveryFields sendtypes={LETTER_SENDTYPES} emailOnlyToSend texts={texts} locale={locale}>
          <SelectField
            name="documenttype"
            label={texts.documenttype}
            locale={locale}
            choices={DOCUMENT_TYPES.map((value) => ({ value, label: texts.documenttypes[value] }))}
          />
        </DeliveryFields>
        <PdfField texts={texts} locale={locale} />
        <div id="letter-status">{shownStatus ? <Notice tone="error" title={shownStatus.message} details={shownStatus.details} /> : null}</div>
        <Button type="submit" disabled={busy} variant="primary">
          {busy ? texts.posting : texts.post}
        </Button>
      </form>
    </FormProvider>
  );
}

function ConnectionDate({ connections, texts, locale }: { connections: readonly FormConnection[]; texts: LetterTexts; locale: Locale }) {
  const connectionId = useWatch<LetterFormValues, "connectionId">({ name: "connectionId" });
  return <TestEnvironmentDate connection={connections.find((connection) => connection.id === connectionId)} text={texts.testEnvironmentDate} locale={locale} />;
}

/**
 * A new connection brings its country's defaults (the recipient's country, the language) unless the
 * clerk has already chosen them.
 */
function ConnectionDefaults({ connections, countries }: { connections: readonly FormConnection[]; countries: readonly CountryChoice[] }) {
  const { setValue, getFieldState, formState } = useLetterForm();
  const connectionId = useWatch<LetterFormValues, "connectionId">({ name: "connectionId" });
  const previous = useRef(connectionId);
  useEffect(() => {
    if (previous.current === connectionId) return;
    previous.current = connectionId;
    const country = connections.find((connection) => connection.id === connectionId)?.country;
    if (!country) return;
    if (!getFieldState("addresscountry", formState).isDirty) {
      setValue("addresscountry", country);
      setValue("countryname", countries.find((choice) => choice.code === country)?.name ?? country);
    }
    if (!getFieldState("language", formState).isDirty) setValue("language", COUNTRY_RULES[country].language);
  }, [connectionId, connections, countries, formState, getFieldState, setValue]);
  return null;
}

const useLetterForm = () => useFormContext<LetterFormValues>();

/** What the letter asks of its recipient beyond the name and address: the country, by code and by name. */
function CountryFields({ countries, texts, locale }: { countries: readonly CountryChoice[]; texts: LetterTexts; locale: Locale }) {
  const { setValue } = useLetterForm();
  return (
    <>
      <SelectField
        name="addresscountry"
        label={texts.addresscountry}
        locale={locale}
        choices={countries.map((country) => ({ value: country.code, label: `${country.name} (${country.code})` }))}
        options={{
          onChange: (event: { target: { value: string } }) => {
            const chosen = countries.find((country) => country.code === event.target.value);
            if (chosen) setValue("countryname", chosen.name, { shouldDirty: true, shouldValidate: true });
          },
        }}
      />
      <TextField name="countryname" label={texts.countryname} locale={locale} hint={texts.countrynameHint} autoComplete="country-name" />
    </>
  );
}

function PdfField({ texts, locale }: { texts: LetterTexts; locale: Locale }) {
  const { setError, setValue, formState } = useLetterForm();
  const { field } = useController<LetterFormValues, "pdf">({ name: "pdf" });
  // The chosen file's bytes for drawing, tied to the value they were read for: when the value goes
  // (removed, refused) the drawing goes with it.
  const [preview, setPreview] = useState<{ pdf: LetterPdf; bytes: Uint8Array; key: number; pages: number | null } | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const tag = LOCALE_TAGS[locale];
  const maxSize = formatBytes(MAX_LETTER_PDF_BYTES, tag);
  // By content: react-hook-form keeps a copy of an object value, not the object itself.
  const shown = preview && field.value?.data === preview.pdf.data ? preview : null;

  const refuse = (message: string) => {
    // Not field.onChange: after a submit it validates again, and "is required" would replace the reason.
    setValue("pdf", null, { shouldDirty: true });
    setError("pdf", { type: "file", message });
    setPreview(null);
  };

  const choose = async (file: File | undefined) => {
    if (!file) {
      setValue("pdf", null, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      return;
    }
    const problem = pdfFileProblem(file);
    if (problem) {
      refuse(fillText(texts.pdfProblems[problem], { size: maxSize }));
      return;
    }
    const chosen = new Uint8Array(await file.arrayBuffer());
    if (!hasPdfHeader(chosen)) {
      refuse(texts.pdfProblems.unreadable);
      return;
    }
    const pdf: LetterPdf = { name: file.name, size: file.size, data: bytesToBase64(chosen) };
    setPreview((current) => ({ pdf, bytes: chosen, key: (current?.key ?? 0) + 1, pages: null }));
    setValue("pdf", pdf, { shouldDirty: true, shouldValidate: true });
  };

  const opened = useCallback(
    (result: PdfOpenResult) => {
      if (result.ok) setPreview((current) => (current ? { ...current, pages: result.pages } : current));
      // A PDF that pdf.js cannot open at all the service cannot print either; one pdf.js merely
      // failed to draw here (no worker, an odd font) is the service's to judge.
      else if (result.reason === "encrypted") refuse(texts.pdfProblems.encrypted);
      else if (result.reason === "unreadable") refuse(texts.pdfProblems.unreadable);
    },
    // refuse only touches stable setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [texts],
  );

  const remove = () => {
    setValue("pdf", null, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setPreview(null);
    if (inputRef.current) {
      inputRef.current.value = "";
      inputRef.current.focus();
    }
  };

  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold">{texts.document}</legend>
      <FieldFrame {...jobField("pdf", texts.pdf, locale)} hint={fillText(texts.pdfHint, { size: maxSize })}>
        {(aria) => (
          <Input
            {...aria}
            ref={(element) => {
              inputRef.current = element;
              field.ref(element);
            }}
            name={field.name}
            onBlur={field.onBlur}
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        )}
      </FieldFrame>
      {shown ? (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <span>{fillText(texts.chosenFile, { name: shown.pdf.name, size: formatBytes(shown.pdf.size, tag) })}</span>
            {shown.pages !== null ? (
              <span data-testid="pdf-page-count">{shown.pages === 1 ? texts.pageCountOne : fillText(texts.pageCount, { count: shown.pages })}</span>
            ) : null}
            <Button type="button" onClick={remove} variant="link">
              {texts.removePdf}
            </Button>
          </div>
          <h3 className="text-sm font-semibold text-slate-900">{texts.previewTitle}</h3>
          <PdfFirstPage
            key={shown.key}
            bytes={shown.bytes}
            label={fillText(texts.previewAlt, { name: shown.pdf.name })}
            loadingText={texts.previewLoading}
            failedText={texts.previewFailed}
            onOpened={opened}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

function PostedLetter({
  posted,
  texts,
  headingRef,
  onAnother,
}: {
  posted: PostedLetterView;
  texts: LetterTexts;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onAnother: () => void;
}) {
  const code = posted.jobstatus === null ? null : Number(posted.jobstatus);
  const statusText =
    code !== null && code in LIFECYCLE_CODES ? `${code} · ${LIFECYCLE_CODES[code as keyof typeof LIFECYCLE_CODES]}` : (posted.jobstatus ?? "—");
  return (
    <section aria-labelledby="letter-posted" className="space-y-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4" data-testid="letter-result">
      <h2 id="letter-posted" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-emerald-950 focus:outline-none">
        {texts.postedTitle}
      </h2>
      <p className="text-sm text-emerald-950">{texts.postedIntro}</p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">{texts.jobid}</dt>
        <dd data-testid="letter-jobid">{posted.jobid ?? "—"}</dd>
        <dt className="font-medium">{texts.receiver}</dt>
        <dd>{posted.receiver ?? "—"}</dd>
        <dt className="font-medium">{texts.status}</dt>
        <dd>{statusText}</dd>
        <dt className="font-medium">{texts.sentBy}</dt>
        <dd>
          {posted.sendtype && posted.sendtype in texts.sendtypes
            ? texts.sendtypes[posted.sendtype as keyof LetterTexts["sendtypes"]]
            : (posted.sendtype ?? "—")}
        </dd>
        {posted.ownref ? (
          <>
            <dt className="font-medium">{texts.ownref}</dt>
            <dd>{posted.ownref}</dd>
          </>
        ) : null}
        {posted.notice ? (
          <>
            <dt className="font-medium">{texts.notice}</dt>
            <dd>{posted.notice}</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-4 text-sm">
        {posted.caseId ? (
          <Link href={`/cases/${posted.caseId}`} className={`font-semibold ${textLinkClass}`}>
            {texts.openCase}
          </Link>
        ) : null}
        <Button type="button" onClick={onAnother} variant="link">
          {texts.another}
        </Button>
      </div>
    </section>
  );
}
