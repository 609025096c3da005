"use client";

import { useActionState, type ReactNode } from "react";

import type { RequestState } from "@/app/d/[token]/actions";
import { Button } from "@/components/ui/button";
import { Field, type FieldAria } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";

/*
 * The debtor's requests, each a section with a form of its own that answers in place: what was
 * done, or the service's reason on the field, with what was typed kept. One frame (RequestForm);
 * each request brings only its control.
 */

type Action = (previous: RequestState, form: FormData) => Promise<RequestState>;

interface RequestTexts {
  title: string;
  help: string;
  label: string;
  submit: string;
}

const INITIAL: RequestState = { status: "idle", message: null, value: "", version: 0 };

/** `name` is the form member and the control's id; `control` draws the control with what was typed kept. */
function RequestForm({
  action,
  name,
  texts,
  control,
}: {
  action: Action;
  name: string;
  texts: RequestTexts;
  control: (aria: FieldAria, value: string) => ReactNode;
}) {
  const [state, submit, pending] = useActionState(action, INITIAL);
  return (
    <section aria-labelledby={`${name}-heading`}>
      <h3 id={`${name}-heading`} className="mb-2 font-semibold text-slate-900">
        {texts.title}
      </h3>
      {state.status === "done" ? (
        <Notice tone="success">{state.message}</Notice>
      ) : (
        <form action={submit} key={state.version} className="space-y-3">
          <p className="text-sm text-slate-700">{texts.help}</p>
          <Field id={name} label={texts.label} error={state.status === "refused" ? (state.message ?? undefined) : undefined}>
            {(aria) => control(aria, state.value)}
          </Field>
          <Button type="submit" variant="secondary" disabled={pending} layout="min-h-11">
            {texts.submit}
          </Button>
        </form>
      )}
    </section>
  );
}

export function ExtendForm({ action, texts, min, max }: { action: Action; texts: RequestTexts; min: string; max: string }) {
  return (
    <RequestForm
      action={action}
      name="currentpaydate"
      texts={texts}
      control={(aria, value) => (
        <Input {...aria} name="currentpaydate" type="date" required min={min} max={max} defaultValue={value || max} layout="max-w-xs" />
      )}
    />
  );
}

export function DisputeForm({ action, texts }: { action: Action; texts: RequestTexts }) {
  return (
    <RequestForm
      action={action}
      name="message"
      texts={texts}
      control={(aria, value) => <Textarea {...aria} name="message" required maxLength={500} rows={4} defaultValue={value} />}
    />
  );
}

export function PlanForm({ action, texts, options }: { action: Action; texts: RequestTexts; options: { value: number; label: string }[] }) {
  return (
    <RequestForm
      action={action}
      name="instalments"
      texts={texts}
      control={(aria, value) => (
        <Select {...aria} name="instalments" required defaultValue={value || String(options[0]?.value ?? "")} layout="max-w-xs">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    />
  );
}
