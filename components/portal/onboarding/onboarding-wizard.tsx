"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { FormProvider, useForm, useWatch, type Path, type Resolver } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/portal/actions/validated-action";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";
import type { CountryOption } from "@/lib/portal/onboarding/country-options";
import { problemLine, type OnboardingTexts } from "@/lib/portal/onboarding/texts";
import { wizardStepSchema } from "@/lib/portal/onboarding/wizard-problems";
import { firstStepOf, nextStep, previousStep, stepOfField, stepsFor, type EntryStep, type StepId } from "@/lib/portal/onboarding/wizard-steps";
import { restoreWizard, serialiseWizard, wizardStorageKey, type WizardState } from "@/lib/portal/onboarding/wizard-storage";
import {
  COUNTRY_FIELD_RULES,
  defaultWizardValues,
  type OnboardingAnswer,
  type WizardConnection,
  type WizardValues,
} from "@/lib/portal/onboarding/wizard-values";
import type { Country } from "@/lib/spec/environments";

import { ConnectionStep, ContactsStep, CustomerStep, FeesStep, ServicesStep, SettlementStep, UsersStep } from "./entry-steps";
import { OnboardingAnswerView } from "./onboarding-answer";
import { ReviewStep } from "./review-step";
import { StepIndicator } from "./step-indicator";
import { WizardTextsContext } from "./wizard-fields";

/*
 * The onboarding wizard: one form over every step, each step validated by the service's own rules
 * (wizardStepSchema) before Next, the body sent from the review through a server action, and the
 * answer shown. A refusal of the service is put on its fields and the wizard goes back to the
 * first step that has one. The state is kept in sessionStorage, without personal identity codes.
 */

interface Props {
  connections: readonly WizardConnection[];
  countries: readonly CountryOption[];
  texts: OnboardingTexts;
  locale: Locale;
  userId: string;
  submit: (input: unknown) => Promise<ActionResult<OnboardingAnswer>>;
}

interface Status {
  tone: "error" | "info";
  message: string;
  details?: string[];
}

type Focus = "heading" | "invalid";

/** Rendered in the browser only: the wizard starts from the session's stored state, which the server cannot see. */
export function OnboardingWizard(props: Props) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!inBrowser) {
    return (
      <p aria-busy="true" className="text-slate-600">
        {props.texts.loading}
      </p>
    );
  }
  return <Wizard {...props} />;
}

const noSubscription = () => () => {};

function readStored(key: string, connectionIds: readonly string[]): WizardState | null {
  try {
    return restoreWizard(window.sessionStorage.getItem(key), connectionIds);
  } catch {
    // Storage may be disabled; the wizard works without it.
    return null;
  }
}

function Wizard({ connections, countries, texts, locale, userId, submit }: Props) {
  const storageKey = wizardStorageKey(userId);
  const [initial] = useState(() =>
    readStored(
      storageKey,
      connections.map((each) => each.id),
    ),
  );
  const countryOf = useCallback((id: string): Country | null => connections.find((connection) => connection.id === id)?.country ?? null, [connections]);
  const [step, setStep] = useState<StepId>(initial?.step ?? "connection");
  const [answer, setAnswer] = useState<OnboardingAnswer | null>(initial?.answer ?? null);
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const [restored, setRestored] = useState(initial !== null && initial.step !== "connection" && initial.step !== "answer");
  // The resolver validates the step being left; it reads the step from here, not from a stale closure.
  const stepRef = useRef<StepId>(initial?.step ?? "connection");
  const pendingFocus = useRef<Focus | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  const resolver = useMemo<Resolver<WizardValues>>(
    () => (values, context, options) => {
      const current: EntryStep = stepRef.current === "answer" ? "review" : stepRef.current;
      return zodResolver(wizardStepSchema(current, countryOf))(values, context, options);
    },
    [countryOf],
  );
  const form = useForm<WizardValues>({
    resolver,
    defaultValues: initial?.values ?? defaultWizardValues(connections[0]!.id),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const mode = useWatch({ control: form.control, name: "mode" });
  const connectionId = useWatch({ control: form.control, name: "connectionId" });
  const connection = connections.find((each) => each.id === connectionId) ?? connections[0]!;
  const country = connection.country;

  const goTo = useCallback(
    (target: StepId, focus: Focus = "heading") => {
      stepRef.current = target;
      pendingFocus.current = focus;
      // A new step starts unvalidated: its fields are checked on Next, not while first typed.
      form.reset(undefined, { keepValues: true, keepDefaultValues: true, keepDirty: true, keepTouched: true });
      setStep(target);
    },
    [form],
  );

  const save = useCallback(() => {
    try {
      window.sessionStorage.setItem(storageKey, serialiseWizard({ step: stepRef.current, values: form.getValues(), answer }));
    } catch {
      // Full or disabled storage: the state is lost on reload, nothing else.
    }
  }, [answer, form, storageKey]);

  useEffect(() => {
    save();
    return form.subscribe({ formState: { values: true }, callback: () => save() });
  }, [form, save, step]);

  // Focus follows the step: its heading, or its first field in error after a refusal.
  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    requestAnimationFrame(() => {
      const invalid = focus === "invalid" ? bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
      (invalid ?? headingRef.current)?.focus();
    });
  }, [step, answer]);

  // A field the new country does not use keeps its value but is not sent; an account type the new
  // country does not take would be sent, so it is cleared.
  useEffect(() => {
    const type = form.getValues("settlement_settings.bank_account_type");
    if (type !== "" && !COUNTRY_FIELD_RULES[country].accountTypes.includes(type)) form.setValue("settlement_settings.bank_account_type", "");
  }, [country, form]);

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => {
      bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });

  // Built when the event comes, not during render: handleSubmit's callbacks touch refs.
  const next = (event?: React.BaseSyntheticEvent) =>
    form.handleSubmit(
      () => {
        setStatus(null);
        if (stepRef.current === "connection" && mode === "full" && form.getValues("customer_info.country") === "")
          form.setValue("customer_info.country", country);
        const target = nextStep(stepRef.current, mode);
        if (target) goTo(target);
      },
      () => {
        setStatus({ tone: "error", message: texts.checkFields });
        focusFirstInvalid();
      },
    )(event);

  /** Puts each refusal on its field and goes to the first step that has one. */
  const showRefusal = (message: string, fieldErrors: Record<string, string>) => {
    const paths = Object.keys(fieldErrors).filter(Boolean);
    const target = firstStepOf(
      paths.map((path) => stepOfField(path, mode)),
      mode,
    );
    const outside: string[] = [];
    if (target && target !== "review") goTo(target, "invalid");
    for (const path of paths) {
      if (stepOfField(path, mode) === "review") outside.push(problemLine(path, fieldErrors[path]!, texts, locale));
      else form.setError(path as Path<WizardValues>, { type: "server", message: fieldErrors[path] });
    }
    setStatus({ tone: "error", message: target && target !== "review" ? `${message} ${texts.refusedAt}` : message, details: outside });
    if (!target || target === "review") focusFirstInvalid();
  };

  const send = (event?: React.BaseSyntheticEvent) =>
    form.handleSubmit(
      async (values) => {
        setBusy(true);
        setStatus(null);
        try {
          const result = await submit(values);
          if (result.ok) {
            setAnswer(result.data);
            setRestored(false);
            goTo("answer");
          } else {
            showRefusal(result.message, result.fieldErrors);
          }
        } catch {
          // The portal itself did not answer (a network failure): nothing was recorded, try again.
          setStatus({ tone: "error", message: texts.failed });
        } finally {
          setBusy(false);
        }
      },
      (errors) => {
        // The review checks every step: go to the first one with a problem.
        const paths = Object.keys(flatten(errors));
        const target = firstStepOf(
          paths.map((path) => stepOfField(path, mode)),
          mode,
        );
        const messages = flatten(errors);
        setStatus({ tone: "error", message: texts.checkFields });
        if (target && target !== "review") {
          goTo(target, "invalid");
          for (const [path, message] of Object.entries(messages)) form.setError(path as Path<WizardValues>, { type: "validate", message });
        } else focusFirstInvalid();
      },
    )(event);

  const startOver = () => {
    try {
      window.sessionStorage.removeItem(storageKey);
    } catch {
      // Nothing stored, nothing to remove.
    }
    form.reset(defaultWizardValues(connections[0]!.id));
    setAnswer(null);
    setStatus(null);
    setRestored(false);
    goTo("connection");
  };

  const steps = stepsFor(mode);
  const shown: StepId = answer ? "answer" : step;
  const index = steps.indexOf(shown);
  const countryNames = new Map(countries.map((option) => [option.code, option.name]));
  const countryName = (code: string) => countryNames.get(code) ?? code;
  const onSubmit = shown === "review" ? send : next;

  return (
    <WizardTextsContext.Provider value={{ texts, locale }}>
      <FormProvider {...form}>
        <div className="space-y-6">
          <StepIndicator steps={steps} current={shown} texts={texts} onSelect={answer ? undefined : (target) => goTo(target)} />
          {restored ? (
            <Notice tone="info" role="status">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <span>{texts.restored}</span>
                <Button type="button" onClick={startOver} variant="link">
                  {texts.startOver}
                </Button>
              </div>
            </Notice>
          ) : null}
          <form onSubmit={onSubmit} noValidate className="space-y-6">
            <div>
              <p className="text-sm text-slate-600">{fillText(texts.stepOf, { n: index + 1, total: steps.length })}</p>
              <h2
                id="ob-step-heading"
                ref={headingRef}
                tabIndex={-1}
                className="text-xl font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
              >
                {shown === "answer" ? texts.answerTitle : texts.stepNames[shown]}
              </h2>
              {shown !== "answer" ? <p className="mt-1 max-w-3xl text-slate-700">{texts.stepIntros[shown]}</p> : null}
            </div>
            {status ? <Notice tone={status.tone} role="alert" title={status.message} details={status.details} /> : null}
            <div ref={bodyRef}>
              {shown === "connection" ? <ConnectionStep connections={connections} country={country} /> : null}
              {shown === "customer" ? <CustomerStep country={country} countries={countries} /> : null}
              {shown === "contacts" ? <ContactsStep country={country} /> : null}
              {shown === "services" ? <ServicesStep /> : null}
              {shown === "settlement" ? <SettlementStep country={country} /> : null}
              {shown === "fees" ? <FeesStep /> : null}
              {shown === "users" ? <UsersStep countries={countries} /> : null}
              {shown === "review" ? <ReviewStep connection={connection} country={country} countryName={countryName} onEdit={(target) => goTo(target)} /> : null}
              {shown === "answer" && answer ? <OnboardingAnswerView answer={answer} texts={texts} onAnother={startOver} /> : null}
            </div>
            {shown !== "answer" ? (
              <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
                {previousStep(shown, mode) ? (
                  <Button type="button" onClick={() => goTo(previousStep(shown, mode)!)} disabled={busy}>
                    {texts.back}
                  </Button>
                ) : null}
                <Button type="submit" variant="primary" disabled={busy}>
                  {shown === "review" ? (busy ? texts.submitting : texts.submit) : texts.next}
                </Button>
              </div>
            ) : null}
          </form>
        </div>
      </FormProvider>
    </WizardTextsContext.Provider>
  );
}

/** react-hook-form's nested errors as dotted paths and their messages. */
function flatten(errors: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === "ref" || key === "type" || key === "types" || value === null || typeof value !== "object") continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === "string") out[path] = message;
    else Object.assign(out, flatten(value as object, path));
  }
  return out;
}
