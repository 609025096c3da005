"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { FormProvider, useFieldArray, useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { FieldFrame, useFieldError } from "@/components/ui/field-frame";
import { Input, Textarea } from "@/components/ui/input";
import { OutcomeNotice } from "@/components/ui/notice";
import { addDays, daysBetween } from "@/lib/portal/forms/dates";
import type { FormConnection } from "@/lib/portal/forms/form-connections";
import { formTotals } from "@/lib/portal/forms/form-totals";
import { emptyAccountrow, emptyPayrow, INVOICE_FORM_FIELDS, invoiceFormResolverSchema, type InvoiceFormValues } from "@/lib/portal/forms/invoice-form";
import { fieldMessage, type FormTexts } from "@/lib/portal/forms/texts";
import { VAT_RATES } from "@/lib/portal/forms/vat-rates";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";
import { COUNTRY_RULES, type Country } from "@/lib/spec/environments";

import { jobField, SelectField, TextField } from "./form-field";
import { FormButtons, PostedResult, PreviewPanel } from "./job-form-parts";
import { RowProductSuggestions } from "./product-suggestions";
import { ConnectionField, JobRecipientAndDelivery } from "./recipient-fields";
import { useJobForm, type JobFormActions } from "./use-job-form-actions";

interface Props {
  connections: readonly FormConnection[];
  initialValues: InvoiceFormValues;
  actions: JobFormActions;
  texts: FormTexts;
  locale: Locale;
}

export function InvoiceForm({ connections, initialValues, actions, texts, locale }: Props) {
  const { form, formRef, connectionId, country, busy, status, previewUrl, closePreview, posted, preview, post, saveDraft } = useJobForm<InvoiceFormValues>({
    connections,
    initialValues,
    resolver: (countryOf) => zodResolver(invoiceFormResolverSchema(countryOf)),
    fields: INVOICE_FORM_FIELDS,
    actions,
    texts,
    locale,
  });

  // A new invoice is dated by its connection's date (a test profile's clock may run ahead): one
  // still on the previous connection's date follows the new one, due date and all.
  const selected = connections.find((connection) => connection.id === connectionId) ?? connections[0]!;
  const previousToday = useRef(selected.today);
  useEffect(() => {
    if (previousToday.current === selected.today) return;
    const [billdate, terms] = form.getValues(["billdate", "paymentTerms"]);
    if (billdate === previousToday.current) {
      form.setValue("billdate", selected.today);
      const paydate = /^\d{1,3}$/.test(terms.trim()) ? addDays(selected.today, Number(terms)) : null;
      if (paydate) form.setValue("paydate", paydate);
    }
    previousToday.current = selected.today;
  }, [selected.today, form]);

  // Another country has other VAT rates: follow the connection (its language follows in useJobForm).
  const previousCountry = useRef(country);
  useEffect(() => {
    if (previousCountry.current === country) return;
    previousCountry.current = country;
    form.getValues("payrow").forEach((row, index) => {
      if (!VAT_RATES[country].includes(row.taxpr)) form.setValue(`payrow.${index}.taxpr`, VAT_RATES[country][0]!);
    });
  }, [country, form]);

  if (posted) return <PostedResult posted={posted} texts={texts} locale={locale} newHref="/invoices/new" newLabel={texts.newInvoice} />;

  const recomputeDueDate = () => {
    const [billdate, terms] = form.getValues(["billdate", "paymentTerms"]);
    if (!/^\d{1,3}$/.test(terms.trim())) return;
    const paydate = addDays(billdate, Number(terms));
    if (paydate) form.setValue("paydate", paydate, { shouldValidate: form.formState.isSubmitted });
  };

  // The other way round: a due date typed in gives the terms it means, so the two never disagree.
  const recomputeTerms = () => {
    const [billdate, paydate] = form.getValues(["billdate", "paydate"]);
    const days = daysBetween(billdate, paydate);
    if (days !== null && days >= 0 && days <= 999) form.setValue("paymentTerms", String(days), { shouldValidate: form.formState.isSubmitted });
  };

  // On a wide screen the preview sits beside the form, so the clerk can change a row and see the
  // invoice at once; on a narrower one it stays below, as the form needs the whole width.
  const layout = previewUrl ? "max-w-4xl space-y-6 xl:grid xl:max-w-none xl:grid-cols-2 xl:items-start xl:gap-6 xl:space-y-0" : "max-w-4xl space-y-6";

  return (
    <FormProvider {...form}>
      <div className={layout} data-testid="invoice-layout">
        <form ref={formRef} onSubmit={post} noValidate className="min-w-0 space-y-6" aria-describedby="invoice-status" data-testid="invoice-form">
          <div id="invoice-status">
            <OutcomeNotice outcome={status} />
          </div>
          <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
            <ConnectionField connections={connections} texts={texts} locale={locale} />
            <SelectField
              name="jobtype"
              label={texts.jobtype}
              locale={locale}
              choices={(["0", "300"] as const).map((value) => ({ value, label: texts.jobtypes[value] }))}
            />
          </div>
          <JobRecipientAndDelivery texts={texts} locale={locale}>
            <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
              <legend className="px-1 text-base font-semibold">{texts.dates}</legend>
              <div className="grid gap-4 sm:grid-cols-3">
                <TextField name="billdate" type="date" label={texts.billdate} locale={locale} options={{ onChange: recomputeDueDate }} />
                <TextField name="paymentTerms" label={texts.paymentTerms} locale={locale} inputMode="numeric" options={{ onChange: recomputeDueDate }} />
                <TextField name="paydate" type="date" label={texts.paydate} locale={locale} options={{ onChange: recomputeTerms }} />
              </div>
            </fieldset>
          </JobRecipientAndDelivery>
          <PayRows country={country} texts={texts} locale={locale} besidePreview={previewUrl !== null} />
          <Notes texts={texts} locale={locale} />
          <AccountRows texts={texts} locale={locale} />
          <FormButtons busy={busy} texts={texts} onPreview={preview} onSaveDraft={saveDraft} />
        </form>
        <PreviewPanel url={previewUrl} texts={texts} onClose={closePreview} className="min-w-0 xl:sticky xl:top-4" frameClassName="xl:h-[calc(100vh-9rem)]" />
      </div>
    </FormProvider>
  );
}

/*
 * A row's grid by the width the form has. Beside the preview (from `xl` up) the form is half as wide,
 * so a row keeps its five-column layout there. These are screen breakpoints chosen from whether the
 * preview is open rather than a CSS container query on the row: Chromium styles a size container's
 * children only when it lays the page out, and a row left without styles was seen to stay hidden.
 */
const ROW_LAYOUT = {
  alone: { grid: "sm:grid-cols-5 lg:grid-cols-12", desc: "sm:col-span-5 lg:col-span-3", amount: "sm:col-span-2 lg:col-span-3", narrow: "lg:col-span-2" },
  besidePreview: {
    grid: "sm:grid-cols-5 lg:grid-cols-12 xl:grid-cols-5",
    desc: "sm:col-span-5 lg:col-span-3 xl:col-span-5",
    amount: "sm:col-span-2 lg:col-span-3 xl:col-span-2",
    narrow: "lg:col-span-2 xl:col-span-1",
  },
} as const;

function PayRows({ country, texts, locale, besidePreview }: { country: Country; texts: FormTexts; locale: Locale; besidePreview: boolean }) {
  const { control, setFocus } = useFormContext<InvoiceFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "payrow" });
  const rows = useWatch({ control, name: "payrow" });
  const totals = formTotals(rows ?? []);
  const money = (cents: bigint | undefined) => (cents === undefined ? "—" : formatMoney(cents, COUNTRY_RULES[country].currency, locale));
  const arrayError = useFieldError("payrow");
  const rates = VAT_RATES[country];
  const layout = ROW_LAYOUT[besidePreview ? "besidePreview" : "alone"];

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-describedby={arrayError ? "f-payrow-error" : undefined}>
      <legend className="px-1 text-base font-semibold">{texts.rows}</legend>
      {arrayError ? (
        <p id="f-payrow-error" className="text-sm text-red-700">
          {fieldMessage(arrayError, texts.rows, locale)}
        </p>
      ) : null}
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const rowTotals = totals.rows[index] ?? null;
          const taxpr = rows?.[index]?.taxpr ?? "";
          const choices = (rates.includes(taxpr) || taxpr === "" ? rates : [taxpr, ...rates]).map((rate) => ({
            value: rate,
            label: `${rate.replace(".", locale === "eng" ? "." : ",")} %`,
          }));
          return (
            <li
              key={field.id}
              className="rounded-md border border-slate-200 p-3"
              aria-label={fillText(texts.row, { n: index + 1 })}
              data-testid={`payrow-${index}`}
            >
              <div className={`grid gap-3 ${layout.grid}`}>
                <TextField
                  name={`payrow.${index}.desc`}
                  label={texts.desc}
                  locale={locale}
                  autoComplete="off"
                  list={`payrow-${index}-products`}
                  className={layout.desc}
                />
                <RowProductSuggestions index={index} country={country} listId={`payrow-${index}-products`} />
                <TextField name={`payrow.${index}.count`} label={texts.count} locale={locale} inputMode="decimal" className={layout.narrow} />
                <TextField name={`payrow.${index}.amount`} label={texts.unitPrice} locale={locale} inputMode="decimal" className={layout.amount} />
                <TextField name={`payrow.${index}.discountpr`} label={texts.discountpr} locale={locale} inputMode="decimal" className={layout.narrow} />
                <SelectField name={`payrow.${index}.taxpr`} label={texts.vatRate} locale={locale} choices={choices} className={layout.narrow} />
              </div>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
                <dl className="flex flex-wrap gap-x-4 text-slate-700" data-testid={`payrow-${index}-totals`}>
                  {rowTotals && rowTotals.discount !== 0n ? (
                    <div className="flex gap-1">
                      <dt>{texts.discount}</dt>
                      <dd className="font-mono tabular-nums" data-testid={`payrow-${index}-discount`}>
                        {money(-rowTotals.discount)}
                      </dd>
                    </div>
                  ) : null}
                  <div className="flex gap-1">
                    <dt>{texts.net}</dt>
                    <dd className="font-mono tabular-nums">{money(rowTotals?.net)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>{texts.vat}</dt>
                    <dd className="font-mono tabular-nums">{money(rowTotals?.vat)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>{texts.gross}</dt>
                    <dd className="font-mono tabular-nums" data-testid={`payrow-${index}-gross`}>
                      {money(rowTotals?.gross)}
                    </dd>
                  </div>
                </dl>
                <Button
                  type="button"
                  onClick={() => {
                    remove(index);
                    // Keep keyboard users in the rows rather than dropping focus to the page.
                    if (fields.length > 1) setTimeout(() => setFocus(`payrow.${Math.max(0, index - 1)}.desc`));
                  }}
                  variant="link"
                >
                  {fillText(texts.removeRow, { n: index + 1 })}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button type="button" onClick={() => append(emptyPayrow(country), { shouldFocus: true, focusName: `payrow.${fields.length}.desc` })} size="sm">
        {texts.addRow}
      </Button>
      <section aria-label={texts.totals} className="ml-auto max-w-sm rounded-md bg-slate-50 p-3 text-sm" aria-live="polite" data-testid="invoice-totals">
        {totals.tooLarge ? <p className="text-red-700">{texts.tooLarge}</p> : null}
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          {totals.discount !== 0n ? (
            <div className="contents text-slate-600">
              <dt>{texts.discounts}</dt>
              <dd className="text-right font-mono tabular-nums" data-testid="total-discount">
                {money(-totals.discount)}
              </dd>
            </div>
          ) : null}
          <dt>{texts.net}</dt>
          <dd className="text-right font-mono tabular-nums" data-testid="total-net">
            {money(totals.net)}
          </dd>
          {totals.vatBreakdown.map((line) => (
            <div key={line.rate} className="contents text-slate-600">
              <dt>{fillText(texts.vatAt, { rate: String(line.rate).replace(".", locale === "eng" ? "." : ",") })}</dt>
              <dd className="text-right font-mono tabular-nums">{money(line.vat)}</dd>
            </div>
          ))}
          <dt>{texts.vat}</dt>
          <dd className="text-right font-mono tabular-nums" data-testid="total-vat">
            {money(totals.vat)}
          </dd>
          <dt className="font-semibold">{texts.gross}</dt>
          <dd className="text-right font-mono font-semibold tabular-nums" data-testid="total-gross">
            {money(totals.gross)}
          </dd>
        </dl>
      </section>
    </fieldset>
  );
}

function Notes({ texts, locale }: { texts: FormTexts; locale: Locale }) {
  const { register } = useFormContext<InvoiceFormValues>();
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <FieldFrame {...jobField("freetext", texts.freetext, locale)} hint={texts.freetextHint} optionalText={texts.optional}>
        {(aria) => <Textarea {...aria} rows={3} {...register("freetext")} />}
      </FieldFrame>
    </div>
  );
}

function AccountRows({ texts, locale }: { texts: FormTexts; locale: Locale }) {
  const { control, register } = useFormContext<InvoiceFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "accountrow" });
  const columns = [
    ["accountid", texts.accountid, "numeric"],
    ["debit", texts.debit, "decimal"],
    ["credit", texts.credit, "decimal"],
    ["netamount", texts.netamount, "decimal"],
    ["vatamount", texts.vatamount, "decimal"],
    ["taxpr", texts.vatRate, "decimal"],
  ] as const;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-describedby="accountrow-hint">
      <legend className="px-1 text-base font-semibold">{texts.accounting}</legend>
      <p id="accountrow-hint" className="text-sm text-slate-600">
        {texts.accountingHint}
      </p>
      {fields.length > 0 ? (
        <ol className="space-y-3">
          {fields.map((field, index) => (
            <li key={field.id} className="rounded-md border border-slate-200 p-3" aria-label={fillText(texts.row, { n: index + 1 })}>
              <div className="grid gap-3 sm:grid-cols-6">
                {columns.map(([name, label, inputMode]) => (
                  <FieldFrame key={name} {...jobField(`accountrow.${index}.${name}`, label, locale)}>
                    {(aria) => <Input {...aria} type="text" inputMode={inputMode} autoComplete="off" {...register(`accountrow.${index}.${name}`)} />}
                  </FieldFrame>
                ))}
                <TextField name={`accountrow.${index}.desc`} label={texts.desc} locale={locale} className="sm:col-span-5" />
                <div className="flex items-end">
                  <Button type="button" onClick={() => remove(index)} variant="link">
                    {fillText(texts.removeAccountRow, { n: index + 1 })}
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <Button type="button" onClick={() => append(emptyAccountrow(), { shouldFocus: true, focusName: `accountrow.${fields.length}.accountid` })} size="sm">
        {texts.addAccountRow}
      </Button>
    </fieldset>
  );
}
