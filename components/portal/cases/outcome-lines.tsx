import type { InputHTMLAttributes } from "react";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/lib/portal/i18n/locale";
import { messageText } from "@/lib/portal/i18n/messages";

/*
 * What the case page's controls (test controls, decisions) share: the answer of an action (said by
 * OutcomeNotice) and their labelled input.
 */

/**
 * A form's answer from its action: the line OutcomeNotice says (it fits notice.tsx's Outcome) and,
 * on a refusal, each refused field's message by its key; null before anything was asked.
 */
export type FormOutcome = { ok: true; message: string } | { ok: false; message: string; fieldErrors: Record<string, string> } | null;

/**
 * One labelled input of a case page's control: the label, the input tied to its hint and error by
 * aria-describedby and marked aria-invalid while the error shows, and the error under it.
 */
export function ControlField({
  id,
  label,
  hint,
  error,
  className,
  ...input
}: { id: string; label: string; hint?: string; error?: string; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(aria) => <Input type="text" {...input} {...aria} layout={className} />}
    </Field>
  );
}

/** A field's message from a refused action, if it named that field, in the reader's language (its key looked up). */
export function fieldError(outcome: FormOutcome, field: string, locale: Locale): string | undefined {
  const message = outcome && !outcome.ok ? outcome.fieldErrors[field] : undefined;
  return message === undefined ? undefined : messageText(message, locale);
}
