"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, useTransition, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OutcomeNotice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { ColumnHeader, DataCell, DataRow, Table, TableHead } from "@/components/ui/table";
import { exactCents } from "@/lib/payment-data/amounts";
import type { ActionResult } from "@/lib/portal/actions/validated-action";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";
import { messageText } from "@/lib/portal/i18n/messages";
import type { ProductView } from "@/lib/portal/products/products";
import type { ProductTexts } from "@/lib/portal/products/texts";
import { COUNTRIES, COUNTRY_RULES, type Country } from "@/lib/spec/environments";

import { type FormOutcome } from "../cases/outcome-lines";
import { ConfirmStep } from "../shell/confirm-step";

/*
 * The product and price list, and for clerks and admins the form that adds or changes a product
 * ("Change" loads a product into it) and the deactivation, which asks first. The page is read again
 * after each change, so the table shows what was stored.
 */

interface ProductActions {
  save: (input: unknown) => Promise<ActionResult<ProductView>>;
  setActive: (input: unknown) => Promise<ActionResult<{ id: string; active: boolean }>>;
}

type Values = { id: string; country: Country; code: string; name: string; unitPrice: string; vatRate: string; unit: string };

const empty: Values = { id: "", country: "FIN", code: "", name: "", unitPrice: "", vatRate: "", unit: "" };

export function ProductList({
  products,
  actions,
  texts: t,
  locale,
}: {
  products: ProductView[];
  actions: ProductActions | null;
  texts: ProductTexts;
  locale: Locale;
}) {
  const id = useId();
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(empty);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [pending, start] = useTransition();
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const error = (field: keyof Values) => {
    const message = outcome && !outcome.ok ? outcome.fieldErrors[field] : undefined;
    if (message === undefined) return undefined;
    return message in t.errors ? t.errors[message as keyof typeof t.errors] : messageText(message, locale);
  };
  const editing = products.find((product) => product.id === values.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!actions) return;
    start(async () => {
      const result = await actions.save(values);
      if (!result.ok) return setOutcome({ ok: false, message: messageText(result.message, locale), fieldErrors: result.fieldErrors });
      setOutcome({ ok: true, message: fillText(values.id ? t.saved : t.added, { code: result.data.code }) });
      setValues(empty);
      router.refresh();
    });
  };
  const edit = (product: ProductView) => {
    setOutcome(null);
    setValues({
      id: product.id,
      country: product.country as Country,
      code: product.code,
      name: product.name,
      // The clerk's own decimal comma where the language writes one.
      unitPrice: locale === "eng" ? product.unitPrice : product.unitPrice.replace(".", ","),
      vatRate: locale === "eng" ? product.vatRate : product.vatRate.replace(".", ","),
      unit: product.unit,
    });
    formRef.current?.querySelector<HTMLElement>("select, input")?.focus();
  };
  const setActive = async (product: ProductView, active: boolean): Promise<string | null> => {
    if (!actions) return null;
    const result = await actions.setActive({ id: product.id, active });
    if (!result.ok) return messageText(result.message, locale);
    router.refresh();
    return null;
  };
  const text = (field: "code" | "name" | "unitPrice" | "vatRate" | "unit", label: string, options: { optional?: boolean; inputMode?: "decimal" } = {}) => (
    <Field id={`${id}-${field}`} label={label} optionalText={options.optional ? t.optional : undefined} error={error(field)}>
      {(aria) => <Input {...aria} type="text" inputMode={options.inputMode} value={values[field]} onChange={set(field)} />}
    </Field>
  );

  return (
    <div className="space-y-6">
      {products.length === 0 ? (
        <p className="text-slate-700">{t.empty}</p>
      ) : (
        <Table caption={t.caption} testId="product-list">
          <TableHead>
            {[t.code, t.name, t.country].map((head) => (
              <ColumnHeader key={head}>{head}</ColumnHeader>
            ))}
            {[t.unitPrice, t.vatRate].map((head) => (
              <ColumnHeader key={head} numeric>
                {head}
              </ColumnHeader>
            ))}
            {[t.unit, t.status, ...(actions ? [t.actions] : [])].map((head) => (
              <ColumnHeader key={head}>{head}</ColumnHeader>
            ))}
          </TableHead>
          <tbody>
            {products.map((product) => (
              <DataRow key={product.id} tone={product.active ? "plain" : "muted"}>
                <DataCell rowHeader mono>
                  {product.code}
                </DataCell>
                <DataCell>{product.name}</DataCell>
                <DataCell>{product.country}</DataCell>
                <DataCell numeric>{formatMoney(exactCents(product.unitPrice), COUNTRY_RULES[product.country as Country]?.currency ?? null, locale)}</DataCell>
                <DataCell numeric>{product.vatRate.replace(".", locale === "eng" ? "." : ",")} %</DataCell>
                <DataCell>{product.unit || "—"}</DataCell>
                <DataCell>{product.active ? t.active : t.inactive}</DataCell>
                {actions ? (
                  <DataCell>
                    <span className="flex flex-wrap items-center gap-2">
                      <Button size="sm" variant="secondary" aria-label={fillText(t.editAccessible, { code: product.code })} onClick={() => edit(product)}>
                        {t.edit}
                      </Button>
                      {product.active ? (
                        <ConfirmStep
                          texts={{
                            start: t.deactivate,
                            startAccessible: fillText(t.deactivateAccessible, { code: product.code }),
                            question: fillText(t.deactivateQuestion, { code: product.code }),
                            confirm: t.deactivateConfirm,
                            keep: t.keep,
                          }}
                          run={() => setActive(product, false)}
                        />
                      ) : (
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={fillText(t.activateAccessible, { code: product.code })}
                          onClick={() =>
                            void setActive(product, true).then((refused) => {
                              // A refusal shows where the form's outcome does, not nowhere.
                              if (refused) setOutcome({ ok: false, message: refused, fieldErrors: {} });
                            })
                          }
                        >
                          {t.activate}
                        </Button>
                      )}
                    </span>
                  </DataCell>
                ) : null}
              </DataRow>
            ))}
          </tbody>
        </Table>
      )}

      {actions ? (
        <form
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          className="max-w-4xl space-y-3 rounded border border-slate-300 bg-white p-4"
          aria-labelledby={`${id}-title`}
        >
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {editing ? fillText(t.editTitle, { code: editing.code }) : t.addTitle}
          </h2>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Field id={`${id}-country`} label={t.country} error={error("country")}>
              {(aria) => (
                <Select {...aria} value={values.country} onChange={set("country")}>
                  {COUNTRIES.map((country) => (
                    <option key={country} value={country}>
                      {t.countries[country]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            {text("code", t.code)}
            {text("name", t.name)}
            {text("unitPrice", t.unitPrice, { inputMode: "decimal" })}
            {text("vatRate", t.vatRate, { inputMode: "decimal" })}
            {text("unit", t.unit, { optional: true })}
          </div>
          <div className="flex gap-2">
            <Button type="submit" disabled={pending}>
              {editing ? t.save : t.add}
            </Button>
            {editing ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setValues(empty);
                  setOutcome(null);
                }}
              >
                {t.cancel}
              </Button>
            ) : null}
          </div>
          <OutcomeNotice outcome={outcome} />
        </form>
      ) : null}
    </div>
  );
}
