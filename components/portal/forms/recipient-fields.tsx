"use client";

import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";

import type { Recipient } from "@/lib/portal/cases/find-recipients";
import { connectionName } from "@/lib/portal/connections/connection-name";
import { addDays } from "@/lib/portal/forms/dates";
import type { FormConnection } from "@/lib/portal/forms/form-connections";
import { FORM_LANGUAGES, FORM_SENDTYPES, type FormLanguage } from "@/lib/portal/forms/form-fields";
import type { FormTexts, RECIPIENT_TEXTS } from "@/lib/portal/forms/texts";
import type { Locale } from "@/lib/portal/i18n/locale";

import { CustomerTypeField, SelectField, TextField } from "./form-field";
import { TestEnvironmentDate } from "./test-environment-date";

/* The members every job form has: the connection, the recipient, and how the document goes. */

export function ConnectionField({ connections, texts, locale }: { connections: readonly FormConnection[]; texts: FormTexts; locale: Locale }) {
  const connectionId = useWatch({ name: "connectionId" }) as string;
  const selected = connections.find((connection) => connection.id === connectionId);
  return (
    <div className="space-y-1">
      <SelectField
        name="connectionId"
        label={texts.connection}
        locale={locale}
        choices={connections.map((connection) => ({ value: connection.id, label: connectionName(connection) }))}
      />
      <TestEnvironmentDate connection={selected} text={texts.testEnvironmentDate} locale={locale} />
    </div>
  );
}

/**
 * Customers of the register whose name holds what is typed (GET /api/portal/recipients), as the name
 * field's suggestions. Choosing one fills the address, e-mail and customer number when they are
 * still empty, never over what the clerk typed; on a form with payment terms (the invoice) the
 * customer's default terms set the terms and the due date from the bill date, and its default way
 * of sending the way of sending. Each choice applies once, and only once the clerk has typed: a
 * draft opened again keeps what it was saved with.
 */
function useRecipientSuggestions({ takeDefaults = true }: { takeDefaults?: boolean } = {}): Recipient[] {
  const name = (useWatch({ name: "name" }) as string | undefined) ?? "";
  const connectionId = (useWatch({ name: "connectionId" }) as string | undefined) ?? "";
  const { getValues, setValue } = useFormContext();
  // Kept with the connection they were found for: another connection has other customers, so the
  // last one's suggestions go the moment the connection changes.
  const [found, setFound] = useState<{ connectionId: string; recipients: Recipient[] }>({ connectionId: "", recipients: [] });
  const suggestions = useMemo(() => (found.connectionId === connectionId ? found.recipients : []), [found, connectionId]);
  const initialName = useRef(name);
  // Which customer was applied: the suggestions are fetched again for the chosen name, and the
  // same customer must not be applied over what the clerk changed since.
  const applied = useRef<string | null>(null);
  // A suggestion chosen (the name now is one): fill what is still empty, and take its defaults.
  useEffect(() => {
    const chosen = suggestions.find((suggestion) => suggestion.name === name);
    if (!chosen) {
      applied.current = null;
      return;
    }
    const key = `${chosen.name}\u0000${chosen.address}\u0000${chosen.postcode}\u0000${chosen.custnum}`;
    if (name === initialName.current || applied.current === key) return;
    applied.current = key;
    if (!getValues("address")) {
      setValue("customertype", chosen.customertype);
      // A member the form does not have (the letter form has no customer number) stays away.
      for (const member of ["address", "postcode", "city", "email", "custnum"] as const)
        if (getValues(member) === "" && chosen[member]) setValue(member, chosen[member], { shouldDirty: true });
    }
    // A letter takes no terms, and its ways of sending are not an invoice's.
    if (!takeDefaults) return;
    if (chosen.paymentTerms !== null && getValues("paymentTerms") !== undefined) {
      setValue("paymentTerms", String(chosen.paymentTerms), { shouldDirty: true });
      const paydate = addDays(String(getValues("billdate") ?? ""), chosen.paymentTerms);
      if (paydate) setValue("paydate", paydate, { shouldDirty: true });
    }
    if (chosen.sendtype && getValues("sendtype") !== undefined) setValue("sendtype", chosen.sendtype, { shouldDirty: true });
  }, [name, suggestions, getValues, setValue, takeDefaults]);
  // The suggestions for what is typed, a moment after typing stops.
  useEffect(() => {
    if (name.trim().length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // The form's connection: its customers only.
      const query = new URLSearchParams({ q: name.trim(), ...(connectionId ? { connection: connectionId } : {}) });
      fetch(`/api/portal/recipients?${query}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ recipients: Recipient[] }>) : { recipients: [] }))
        .then((answer) => setFound({ connectionId, recipients: answer.recipients }))
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [name, connectionId]);
  return suggestions;
}

/** The register's customers as a name field's datalist: each by name, with its address beside it. */
function RecipientSuggestionList({ id, suggestions }: { id: string; suggestions: readonly Recipient[] }) {
  return (
    <datalist id={id}>
      {suggestions.map((suggestion) => (
        <option key={`${suggestion.name}|${suggestion.address}|${suggestion.postcode}|${suggestion.custnum}`} value={suggestion.name}>
          {[suggestion.address, [suggestion.postcode, suggestion.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
        </option>
      ))}
    </datalist>
  );
}

/** A recipient's name, offered from the register as it is typed, and postal address: the same in every job form. */
function NameAndAddressFields({
  company,
  listId,
  suggestions,
  texts,
  locale,
}: {
  company: boolean;
  listId: string;
  suggestions: readonly Recipient[];
  texts: { companyName: string; personName: string; address: string; postcode: string; city: string };
  locale: Locale;
}) {
  return (
    <>
      <TextField
        name="name"
        label={company ? texts.companyName : texts.personName}
        locale={locale}
        autoComplete="off"
        list={listId}
        className="sm:col-span-2"
      />
      <RecipientSuggestionList id={listId} suggestions={suggestions} />
      <TextField name="address" label={texts.address} locale={locale} autoComplete="street-address" className="sm:col-span-2" />
      <TextField name="postcode" label={texts.postcode} locale={locale} autoComplete="postal-code" />
      <TextField name="city" label={texts.city} locale={locale} autoComplete="address-level2" />
    </>
  );
}

/** The words of the recipient's fieldset: the shared recipient texts, with the page's own hint for its reference. */
type RecipientTexts = (typeof RECIPIENT_TEXTS)["eng"] & { ownrefHint: string; optional: string };

/**
 * The recipient of every form that sends something (the invoice, the reminder, the letter): person
 * or company, the name offered from the register, the postal address, what the form itself asks of
 * the recipient (`members`, told whether it is a company) and the sender's own reference.
 */
export function RecipientFields({
  texts,
  locale,
  listId,
  takeDefaults = true,
  wideOwnref = false,
  members,
}: {
  texts: RecipientTexts;
  locale: Locale;
  listId: string;
  /** Whether a customer chosen from the register brings its payment terms and way of sending. */
  takeDefaults?: boolean;
  /** The own reference on a line of its own. */
  wideOwnref?: boolean;
  members: (company: boolean) => ReactNode;
}) {
  const customertype = useWatch({ name: "customertype" }) as "1" | "2";
  const company = customertype === "1";
  const suggestions = useRecipientSuggestions({ takeDefaults });
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold">{texts.recipient}</legend>
      <CustomerTypeField legend={texts.customertype} labels={texts.customertypes} locale={locale} />
      <div className="grid gap-4 sm:grid-cols-2">
        <NameAndAddressFields company={company} listId={listId} suggestions={suggestions} texts={texts} locale={locale} />
        {members(company)}
        <TextField
          name="ownref"
          label={texts.ownref}
          locale={locale}
          optionalText={texts.optional}
          hint={texts.ownrefHint}
          className={wideOwnref ? "sm:col-span-2" : undefined}
        />
      </div>
    </fieldset>
  );
}

/**
 * Who a job (an invoice, a reminder, a collection) goes to and how: the recipient with the job's
 * ways of identifying them, then what the form itself asks in between (`children`: the invoice's
 * dates), then the delivery with its e-invoice address.
 */
export function JobRecipientAndDelivery({ texts, locale, children }: { texts: FormTexts; locale: Locale; children?: ReactNode }) {
  return (
    <>
      <RecipientFields
        texts={texts}
        locale={locale}
        listId="recipient-suggestions"
        members={(company) => <CustomerIdFields company={company} texts={texts} locale={locale} />}
      />
      {children}
      <DeliveryFields sendtypes={FORM_SENDTYPES} texts={texts} locale={locale}>
        <EinvoiceAddressFields texts={texts} locale={locale} />
      </DeliveryFields>
    </>
  );
}

/** A job form's ways of identifying the recipient: customer number, national id, VAT id, their code. */
function CustomerIdFields({ company, texts, locale }: { company: boolean; texts: FormTexts; locale: Locale }) {
  return (
    <>
      <TextField name="custnum" label={texts.custnum} locale={locale} optionalText={texts.optional} />
      <TextField name="govid" label={company ? texts.govidCompany : texts.govidPerson} locale={locale} optionalText={texts.optional} />
      {company ? <TextField name="vatid" label={texts.vatid} locale={locale} optionalText={texts.optional} /> : null}
      <TextField name="yourcode" label={texts.yourcode} locale={locale} optionalText={texts.optional} />
    </>
  );
}

/** The words of the delivery fieldset: the job forms' texts and the letter form's both have them. */
interface DeliveryTexts<S extends string> {
  delivery: string;
  sendtype: string;
  sendtypes: Record<S, string>;
  language: string;
  languages: Record<FormLanguage, string>;
  email: string;
  optional: string;
}

/**
 * How the document goes, on every form that sends something: the way of sending, out of the ones
 * the form allows (`sendtypes`), the document's language and the recipient's e-mail, then what the
 * form itself asks here (`children`). A form that carries the e-mail only to send by it
 * (`emailOnlyToSend`: the letter) asks for it only when sent by e-mail; the job forms ask for it
 * always, and require it then.
 */
export function DeliveryFields<S extends string>({
  sendtypes,
  texts,
  locale,
  emailOnlyToSend = false,
  children,
}: {
  sendtypes: readonly S[];
  texts: DeliveryTexts<S>;
  locale: Locale;
  emailOnlyToSend?: boolean;
  children?: ReactNode;
}) {
  const byEmail = (useWatch({ name: "sendtype" }) as string) === "email";
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold">{texts.delivery}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="sendtype" label={texts.sendtype} locale={locale} choices={sendtypes.map((value) => ({ value, label: texts.sendtypes[value] }))} />
        <SelectField
          name="language"
          label={texts.language}
          locale={locale}
          choices={FORM_LANGUAGES.map((value) => ({ value, label: texts.languages[value] }))}
        />
        {byEmail || !emailOnlyToSend ? (
          <TextField
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            label={texts.email}
            locale={locale}
            optionalText={byEmail ? undefined : texts.optional}
            className="sm:col-span-2"
          />
        ) : null}
        {children}
      </div>
    </fieldset>
  );
}

/** A job form's e-invoice address, asked for when it is sent as an e-invoice or over Peppol. */
function EinvoiceAddressFields({ texts, locale }: { texts: FormTexts; locale: Locale }) {
  const sendtype = useWatch({ name: "sendtype" }) as string;
  return (
    <>
      {sendtype === "evoice" || sendtype === "peppol" ? (
        <TextField name="evoice" label={sendtype === "peppol" ? texts.peppolId : texts.evoice} locale={locale} />
      ) : null}
      {sendtype === "evoice" ? <TextField name="evoiceint" label={texts.evoiceint} locale={locale} /> : null}
    </>
  );
}
