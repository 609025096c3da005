"use client";

import { useRef } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { connectionName } from "@/lib/portal/connections/connection-name";
import { fillText } from "@/lib/portal/i18n/locale";
import type { CountryOption } from "@/lib/portal/onboarding/country-options";
import { COUNTRY_FIELD_RULES, emptyWizardUser, type WizardConnection, type WizardValues } from "@/lib/portal/onboarding/wizard-values";
import { PROFILE_LANGUAGES, SERVICE_TYPE_CODES } from "@/lib/spec/codes";
import type { Country } from "@/lib/spec/environments";

import { FieldGroup, WizardCheckboxGroup, WizardRadioGroup, WizardSelectField, WizardTextField, useWizardTexts, type Choice } from "./wizard-fields";

/*
 * The steps where values are entered. Each shows the members of its part of the createprofile
 * body, and only those the country and the chosen options use.
 */

function useChoices() {
  const { texts } = useWizardTexts();
  const entries = <K extends string>(table: Record<K, string>, only?: readonly string[]): Choice[] =>
    (Object.entries(table) as [K, string][]).filter(([value]) => !only || only.includes(value)).map(([value, label]) => ({ value, label }));
  return { texts, entries };
}

export function ConnectionStep({ connections, country }: { connections: readonly WizardConnection[]; country: Country }) {
  const { texts } = useWizardTexts();
  const mode = useWatch<WizardValues, "mode">({ name: "mode" });
  return (
    <div className="space-y-6">
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <WizardSelectField
          name="connectionId"
          optional={false}
          choices={connections.map((connection) => ({ value: connection.id, label: connectionName(connection) }))}
        />
      </div>
      <Notice tone="info" labelledBy="ob-country-rules">
        <h3 id="ob-country-rules" className="font-semibold">
          {fillText(texts.rulesTitle, { country: texts.countryNames[country] })}
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {texts.countryRules[country].map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </Notice>
      <WizardRadioGroup
        name="mode"
        legend={texts.mode}
        choices={[
          { value: "full", label: texts.modeFull, hint: texts.modeFullHint },
          { value: "minimal", label: texts.modeMinimal, hint: texts.modeMinimalHint },
        ]}
      />
      {mode === "minimal" ? (
        <FieldGroup legend={texts.modeMinimal}>
          <WizardTextField name="customer_info.business_id" optional={false} />
          <WizardTextField name="contact_person.email" type="email" inputMode="email" optional={false} />
        </FieldGroup>
      ) : null}
    </div>
  );
}

export function CustomerStep({ country, countries }: { country: Country; countries: readonly CountryOption[] }) {
  const { texts, entries } = useChoices();
  const liable = useWatch<WizardValues, "customer_info.liable_to_pay_vat">({ name: "customer_info.liable_to_pay_vat" });
  const rules = COUNTRY_FIELD_RULES[country];
  const countryChoices = countries.map((option) => ({ value: option.code, label: option.name }));
  return (
    <div className="space-y-6">
      <FieldGroup legend={texts.groups.company}>
        <WizardTextField name="customer_info.business_id" optional={false} />
        <WizardTextField name="customer_info.name" autoComplete="organization" />
        {rules.companyType ? <WizardSelectField name="customer_info.customer_company_type" empty={texts.choose} choices={entries(texts.companyTypes)} /> : null}
        <WizardSelectField name="customer_info.language" empty={texts.countryDefault} choices={entries(texts.languages, PROFILE_LANGUAGES)} />
        <WizardSelectField
          name="customer_info.currency"
          empty={texts.countryDefault}
          choices={["EUR", "SEK", "NOK"].map((code) => ({ value: code, label: code }))}
        />
      </FieldGroup>
      <FieldGroup legend={texts.groups.address}>
        <WizardTextField name="customer_info.street_address" autoComplete="address-line1" className="sm:col-span-2" />
        <WizardTextField name="customer_info.street_address2" autoComplete="address-line2" className="sm:col-span-2" />
        <WizardTextField name="customer_info.postal_code" autoComplete="postal-code" />
        <WizardTextField name="customer_info.town_or_city" autoComplete="address-level2" />
        <WizardSelectField name="customer_info.country" empty={texts.choose} choices={countryChoices} />
      </FieldGroup>
      <FieldGroup legend={texts.groups.vat}>
        <WizardSelectField
          name="customer_info.liable_to_pay_vat"
          empty={texts.notStated}
          choices={[
            { value: "1", label: texts.yes },
            { value: "2", label: texts.no },
          ]}
        />
        {liable === "2" ? null : <WizardTextField name="customer_info.vat_number" />}
      </FieldGroup>
      <FieldGroup legend={texts.groups.yourId}>
        <WizardTextField name="additional_information.profile_uuid" className="sm:col-span-2" />
      </FieldGroup>
    </div>
  );
}

export function ContactsStep({ country }: { country: Country }) {
  const { texts } = useWizardTexts();
  return (
    <div className="space-y-6">
      <FieldGroup legend={texts.groups.contactPerson}>
        <WizardTextField name="contact_person.email" type="email" inputMode="email" optional={false} className="sm:col-span-2" />
        <WizardTextField name="contact_person.name" autoComplete="off" />
        <WizardTextField name="contact_person.telephone" type="tel" inputMode="tel" />
      </FieldGroup>
      <FieldGroup legend={texts.groups.customerService}>
        <WizardTextField name="customer_service_contact.telephone" type="tel" inputMode="tel" />
        <WizardTextField name="customer_service_contact.email" type="email" inputMode="email" />
        <WizardTextField name="customer_service_contact.www" type="url" inputMode="url" className="sm:col-span-2" />
      </FieldGroup>
      <FieldGroup legend={texts.groups.acceptors}>
        <WizardTextField name="agreement_acceptor.email" type="email" inputMode="email" />
        {COUNTRY_FIELD_RULES[country].moneyLaunderingAcceptor ? (
          <WizardTextField name="money_laundering_acceptor.email" type="email" inputMode="email" />
        ) : null}
      </FieldGroup>
    </div>
  );
}

export function ServicesStep() {
  const { texts, entries } = useChoices();
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <WizardCheckboxGroup name="services.service_types" choices={entries(texts.serviceTypes, SERVICE_TYPE_CODES.map(String))} />
    </div>
  );
}

export function SettlementStep({ country }: { country: Country }) {
  const { texts, entries } = useChoices();
  const rules = COUNTRY_FIELD_RULES[country];
  return (
    <div className="space-y-6">
      <FieldGroup legend={texts.groups.account}>
        <WizardSelectField name="settlement_settings.bank_account_type" empty={texts.choose} choices={entries(texts.accountTypes, rules.accountTypes)} />
        <WizardTextField name="settlement_settings.bank_account_number" />
        <WizardTextField name="settlement_settings.bank_account_owner" className="sm:col-span-2" />
      </FieldGroup>
      {rules.referenceLength ? (
        <FieldGroup legend={texts.groups.references}>
          <WizardTextField name="settlement_settings.reference_length" inputMode="numeric" />
        </FieldGroup>
      ) : null}
    </div>
  );
}

export function FeesStep() {
  const { texts, entries } = useChoices();
  const method = useWatch<WizardValues, "ropo_service_fees.invoicing_method">({ name: "ropo_service_fees.invoicing_method" });
  return (
    <FieldGroup legend={texts.stepNames.fees}>
      <WizardSelectField name="ropo_service_fees.invoicing_method" empty={texts.choose} choices={entries(texts.invoicingMethods)} className="sm:col-span-2" />
      {method === "2" ? <WizardTextField name="ropo_service_fees.invoicing_email_address" type="email" inputMode="email" /> : null}
      {method === "3" || method === "4" ? <WizardTextField name="ropo_service_fees.evoice_address" /> : null}
      {method === "3" ? <WizardTextField name="ropo_service_fees.broker_id" /> : null}
    </FieldGroup>
  );
}

export function UsersStep({ countries }: { countries: readonly CountryOption[] }) {
  const { texts, entries } = useChoices();
  const { control } = useFormContext<WizardValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "users" });
  const addRef = useRef<HTMLButtonElement>(null);
  const countryChoices = countries.map((option) => ({ value: option.code, label: option.name }));
  return (
    <div className="space-y-4">
      {fields.length === 0 ? <p className="rounded-md border border-dashed border-slate-300 bg-white p-4 text-slate-700">{texts.noUsers}</p> : null}
      <ol className="space-y-4">
        {fields.map((field, index) => {
          const prefix = `users.${index}` as const;
          const title = fillText(texts.user, { n: index + 1 });
          return (
            <li key={field.id}>
              <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
                <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  <WizardTextField name={`${prefix}.first_name`} autoComplete="off" />
                  <WizardTextField name={`${prefix}.last_name`} autoComplete="off" />
                  <WizardTextField name={`${prefix}.email`} type="email" inputMode="email" />
                  <WizardTextField name={`${prefix}.phone_number`} type="tel" inputMode="tel" />
                  <WizardSelectField name={`${prefix}.language`} empty={texts.countryDefault} choices={entries(texts.languages)} />
                  <WizardTextField name={`${prefix}.ssn`} hint={texts.ssnMemory} />
                  <WizardTextField name={`${prefix}.street_address`} className="sm:col-span-2" />
                  <WizardTextField name={`${prefix}.postal_code`} />
                  <WizardTextField name={`${prefix}.town_or_city`} />
                  <WizardSelectField name={`${prefix}.country`} empty={texts.choose} choices={countryChoices} />
                  <WizardSelectField name={`${prefix}.nationality`} empty={texts.choose} choices={countryChoices} />
                </div>
                <Button
                  type="button"
                  onClick={() => {
                    remove(index);
                    addRef.current?.focus();
                  }}
                  size="sm"
                  layout="mt-4"
                >
                  {fillText(texts.removeUser, { n: index + 1 })}
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        ref={addRef}
        type="button"
        onClick={() => append(emptyWizardUser(), { shouldFocus: true, focusName: `users.${fields.length}.first_name` })}
        disabled={fields.length >= 50}
        size="sm"
      >
        {texts.addUser}
      </Button>
    </div>
  );
}
