"use client";

import { useActionState } from "react";

import type { RequestState } from "@/app/d/[token]/actions";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";

/*
 * The debtor's two requests, each a form of its own that answers in place: what was done, or the
 * service's reason on the field, with what was typed kept.
 */

type Action = (previous: RequestState, form: FormData) => Promise<RequestState>;

const INITIAL: RequestState = { status: "idle", message: null, value: "", version: 0 };

export function ExtendForm({ action, texts, min, max }: { action: Action; texts: { help: string; label: string; submit: string }; min: string; max: string }) {
  const [state, submit, pending] = useActionState(action, INITIAL);
  if (state.status === "done") return <Done message={state.message} />;
  return (
    <form action={submit} key={state.version} className="space-y-3">
      <p className="text-sm text-slate-700">{texts.help}</p>
      <Field id="currentpaydate" label={texts.label} error={state.status === "refused" ? (state.message ?? undefined) : undefined}>
        {(aria) => (
          <input
            {...aria}
            name="currentpaydate"
            type="date"
            required
            min={min}
            max={max}
            defaultValue={state.value || max}
            className={`${inputClass} max-w-xs`}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" disabled={pending} layout="min-h-11">
        {texts.submit}
      </Button>
    </form>
  );
}

export function DisputeForm({ action, texts }: { action: Action; texts: { help: string; label: string; submit: string } }) {
  const [state, submit, pending] = useActionState(action, INITIAL);
  if (state.status === "done") return <Done message={state.message} />;
  return (
    <form action={submit} key={state.version} className="space-y-3">
      <p className="text-sm text-slate-700">{texts.help}</p>
      <Field id="message" label={texts.label} error={state.status === "refused" ? (state.message ?? undefined) : undefined}>
        {(aria) => <textarea {...aria} name="message" required maxLength={500} rows={4} defaultValue={state.value} className={inputClass} />}
      </Field>
      <Button type="submit" variant="secondary" disabled={pending} layout="min-h-11">
        {texts.submit}
      </Button>
    </form>
  );
}

export function PlanForm({
  action,
  texts,
  options,
}: {
  action: Action;
  texts: { help: string; label: string; submit: string };
  options: { value: number; label: string }[];
}) {
  const [state, submit, pending] = useActionState(action, INITIAL);
  if (state.status === "done") return <Done message={state.message} />;
  return (
    <form action={submit} key={state.version} className="space-y-3">
      <p className="text-sm text-slate-700">{texts.help}</p>
      <Field id="instalments" label={texts.label} error={state.status === "refused" ? (state.message ?? undefined) : undefined}>
        {(aria) => (
          <select {...aria} name="instalments" required defaultValue={state.value || String(options[0]?.value ?? "")} className={`${inputClass} max-w-xs`}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button type="submit" variant="secondary" disabled={pending} layout="min-h-11">
        {texts.submit}
      </Button>
    </form>
  );
}

function Done({ message }: { message: string | null }) {
  return (
    <p role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 p-3 text-sm text-green-900">
      {message}
    </p>
  );
}
