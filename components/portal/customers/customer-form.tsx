"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import type { z } from "zod";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { OutcomeNotice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import type { ActionResult } from "@/lib/portal/actions/validated-action";
import { CUSTOMER_LANGUAGES, CUSTOMER_SENDTYPES } from "@/lib/portal/customers/customer-facts";
import type { CustomerDetail } from "@/lib/portal/customers/get-customer";
import type { CustomerTexts } from "@/lib/portal/customers/texts";
import type { customerFormSchema } from "@/lib/portal/customers/update-customer";
import type { Locale } from "@/lib/portal/i18n/locale";
import { messageText } from "@/lib/portal/i18n/messages";

import { type FormOutcome } from "../cases/outcome-lines";

/*
 * A clerk's edit of a customer's details and defaults. Saving marks the customer as edited by a
 * person, so the jobs that name it no longer change it; the page is read again after a save.
 */

type CustomerAction = (input: unknown) => Promise<ActionResult<{ id: string }>>;

/** The schema's fields as the inputs hold them, all text until the server reads them. */
type Values = Record<Exclude<keyof z.input<typeof customerFormSchema>, "id">, string>;

export function CustomerForm({
  customer,
  update,
  texts: t,
  locale,
}: {
  customer: CustomerDetail;
  update: CustomerAction;
  texts: CustomerTexts;
  locale: Locale;
}) {
  const id = useId();
  const router = useRouter();
  const [pending, start] = useTransition();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [values, setValues] = useState<Values>({
    customertype: customer.customertype,
    name: customer.name,
    address: customer.address,
    postcode: customer.postcode,
    city: customer.city,
    email: customer.email,
    language: customer.language ?? "",
    paymentTerms: customer.paymentTerms === null ? "" : String(customer.paymentTerms),
    sendtype: customer.sendtype ?? "",
    notes: customer.notes,
  });
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const error = (field: keyof Values) => {
    const message = outcome && !outcome.ok ? outcome.fieldErrors[field] : undefined;
    if (message === undefined) return undefined;
    return message in t.errors ? t.errors[message as keyof typeof t.errors] : messageText(message, locale);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    start(async () => {
      const result = await update({ id: customer.id, ...values });
      if (!result.ok) return setOutcome({ ok: false, message: messageText(result.message, locale), fieldErrors: result.fieldErrors });
      setOutcome({ ok: true, message: t.saved });
      router.refresh();
    });
  };
  const text = (
    field: "name" | "address" | "postcode" | "city" | "email" | "paymentTerms",
    label: string,
    options: { optional?: boolean; hint?: string; type?: string; inputMode?: "numeric" } = {},
  ) => (
    <Field id={`${id}-${field}`} label={label} optionalText={options.optional ? t.optional : undefined} hint={options.hint} error={error(field)}>
      {(aria) => <Input {...aria} type={options.type ?? "text"} inputMode={options.inputMode} value={values[field]} onChange={set(field)} />}
    </Field>
  );
  const select = (field: "customertype" | "language" | "sendtype", label: string, choices: { value: string; label: string }[]) => (
    <Field id={`${id}-${field}`} label={label} error={error(field)}>
      {(aria) => (
        <Select {...aria} value={values[field]} onChange={set(field)}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-4 rounded border border-slate-300 bg-white p-4" aria-label={t.detailsTitle}>
      <div className="grid gap-4 sm:grid-cols-2">
        {select("customertype", t.customertype, [
          { value: "company", label: t.customertypes.company },
          { value: "person", label: t.customertypes.person },
        ])}
        {text("name", t.name)}
        {text("address", t.address, { optional: true })}
        {text("postcode", t.postcode, { optional: true })}
        {text("city", t.city, { optional: true })}
        {text("email", t.email, { optional: true, type: "email" })}
        {select("language", t.language, [{ value: "", label: t.notSet }, ...CUSTOMER_LANGUAGES.map((value) => ({ value, label: t.languages[value] }))])}
        {text("paymentTerms", t.paymentTerms, { optional: true, hint: t.paymentTermsHint, inputMode: "numeric" })}
        {select("sendtype", t.sendtype, [{ value: "", label: t.notSet }, ...CUSTOMER_SENDTYPES.map((value) => ({ value, label: t.sendtypes[value] }))])}
        <Field id={`${id}-notes`} label={t.notes} optionalText={t.optional} error={error("notes")} className="sm:col-span-2">
          {(aria) => <Textarea {...aria} rows={3} value={values.notes} onChange={set("notes")} />}
        </Field>
      </div>
      <Button type="submit" disabled={pending}>
        {t.save}
      </Button>
      <OutcomeNotice outcome={outcome} />
    </form>
  );
}
