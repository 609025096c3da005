"use client";

import { useId, useState, useTransition, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { OutcomeNotice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/portal/actions/validated-action";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";

import { ControlField, fieldError, type FormOutcome } from "./outcome-lines";

/*
 * The address of a debtor whose letter the post returned (the case in 89 or 71): saved as the job's
 * address through the service, which sends the returned letter again with a new due date and puts
 * the case back in its phase.
 */

export type CorrectAddress = (input: unknown) => Promise<ActionResult<{ code: number; status: string | null }>>;

const FIELDS = ["address", "addressaddline1", "postcode", "city"] as const;
type Field = (typeof FIELDS)[number];
const AUTOCOMPLETE: Record<Field, string> = { address: "address-line1", addressaddline1: "off", postcode: "postal-code", city: "address-level2" };

/** `onDone` gets the answer's words: the form goes once the case is back in its phase, so its owner says them. */
export function AddressCorrection({
  caseId,
  correct,
  texts: t,
  locale,
  onDone,
}: {
  caseId: string;
  correct: CorrectAddress;
  texts: CaseTexts;
  locale: Locale;
  onDone: (message: string) => Promise<unknown>;
}) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ address: "", addressaddline1: "", postcode: "", city: "" });
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [pending, start] = useTransition();
  const labels: Record<Field, string> = { address: t.addressStreet, addressaddline1: t.addressCareOf, postcode: t.addressPostcode, city: t.addressCity };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    start(async () => {
      const result = await correct({ caseId, ...values });
      if (!result.ok) return setOutcome(result);
      setOutcome(null);
      await onDone(fillText(t.addressCorrected, { code: result.data.code, status: result.data.status ?? "" }));
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-2 rounded border border-amber-400 bg-amber-50 p-3" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="text-sm font-semibold">
        {t.addressTitle}
      </p>
      <p className="text-sm text-slate-800">{t.addressIntro}</p>
      <div className="grid max-w-2xl gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <ControlField
            key={field}
            id={`${id}-${field}`}
            label={labels[field]}
            error={fieldError(outcome, field, locale)}
            autoComplete={AUTOCOMPLETE[field]}
            value={values[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          />
        ))}
      </div>
      <Button type="submit" size="sm" disabled={pending}>
        {t.correctAddress}
      </Button>
      <OutcomeNotice outcome={outcome} />
    </form>
  );
}
