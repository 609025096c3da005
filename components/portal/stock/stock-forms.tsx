"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/choice";
import { Field, ChoiceGroup } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OutcomeNotice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import type { ActionResult } from "@/lib/portal/actions/validated-action";
import { fillText, type Locale } from "@/lib/portal/i18n/locale";
import type { StockTexts } from "@/lib/portal/stock/texts";
import { STOCK_DOCUMENTS, type StockDocument, type StockItemView } from "@/lib/spec/stock";

import { fieldError, type FormOutcome } from "../cases/outcome-lines";

/*
 * A clerk's stock forms: define or change an item, and record stock received or the shelf counted.
 * Both go to the connection's service; the page is read again after each, so the table shows the
 * service's own levels.
 */

type StockAction = (input: unknown) => Promise<ActionResult<StockItemView>>;

function useSubmit(action: StockAction, done: (item: StockItemView) => string) {
  const router = useRouter();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [pending, start] = useTransition();
  const submit = (input: Record<string, unknown>) =>
    start(async () => {
      const result = await action(input);
      if (!result.ok) return setOutcome(result);
      setOutcome({ ok: true, message: done(result.data) });
      router.refresh();
    });
  return { outcome, pending, submit };
}

export function DefineStockItem({
  connectionId,
  items,
  define,
  texts: t,
  locale,
}: {
  connectionId: string;
  items: StockItemView[];
  define: StockAction;
  texts: StockTexts;
  locale: Locale;
}) {
  const id = useId();
  const [values, setValues] = useState({ code: "", name: "", kind: "insert", per: "letter", threshold: "0", warnemail: "", activefrom: "", activeuntil: "" });
  const [documents, setDocuments] = useState<StockDocument[]>(["invoice"]);
  const { outcome, pending, submit } = useSubmit(define, (item) => fillText(t.defined, { code: item.code }));
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  // The code of an item there is: the form takes what the item is now, so a change keeps the rest.
  const setCode = (event: { target: { value: string } }) => {
    const code = event.target.value;
    const item = items.find((candidate) => candidate.code === code.trim());
    if (!item) return setValues({ ...values, code });
    setValues({
      code,
      name: item.name,
      kind: item.kind,
      per: item.per,
      threshold: String(item.threshold),
      warnemail: item.warnemail ?? "",
      activefrom: item.activefrom ?? "",
      activeuntil: item.activeuntil ?? "",
    });
    setDocuments(item.documents);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit({ connectionId, ...values, documents });
  };
  const text = (field: "code" | "name" | "threshold" | "warnemail" | "activefrom" | "activeuntil", label: string, type = "text", optional = false) => (
    <Field id={`${id}-${field}`} label={label} optionalText={optional ? t.optional : undefined} error={fieldError(outcome, field, locale)}>
      {(aria) => <Input {...aria} type={type} value={values[field]} onChange={field === "code" ? setCode : set(field)} />}
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded border border-slate-300 bg-white p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t.defineTitle}
      </h2>
      <p className="text-sm text-slate-700">{t.defineIntro}</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {text("code", t.code)}
        {text("name", t.name)}
        <Field id={`${id}-kind`} label={t.kind} error={fieldError(outcome, "kind", locale)}>
          {(aria) => (
            <Select {...aria} value={values.kind} onChange={set("kind")}>
              <option value="insert">{t.kinds.insert}</option>
              <option value="stationery">{t.kinds.stationery}</option>
            </Select>
          )}
        </Field>
        <Field id={`${id}-per`} label={t.per} error={fieldError(outcome, "per", locale)}>
          {(aria) => (
            <Select {...aria} value={values.per} onChange={set("per")}>
              <option value="letter">{t.pers.letter}</option>
              <option value="sheet">{t.pers.sheet}</option>
            </Select>
          )}
        </Field>
        {text("threshold", t.threshold, "number")}
        {text("warnemail", t.warnEmail, "email", true)}
        {text("activefrom", t.activeFrom, "date", true)}
        {text("activeuntil", t.activeUntil, "date", true)}
      </div>
      <ChoiceGroup id={`${id}-documents`} legend={t.documents} error={fieldError(outcome, "documents", locale)}>
        {(choiceAria) => (
          <div className="mt-1 flex flex-wrap gap-4">
            {STOCK_DOCUMENTS.map((document, index) => (
              <Checkbox
                key={document}
                label={t.documentNames[document]}
                checked={documents.includes(document)}
                onChange={(event) =>
                  setDocuments(
                    event.target.checked
                      ? STOCK_DOCUMENTS.filter((one) => one === document || documents.includes(one))
                      : documents.filter((one) => one !== document),
                  )
                }
                {...choiceAria(index)}
              />
            ))}
          </div>
        )}
      </ChoiceGroup>
      <Button type="submit" disabled={pending}>
        {t.define}
      </Button>
      <OutcomeNotice outcome={outcome} />
    </form>
  );
}

export function RecordStock({
  connectionId,
  codes,
  record,
  texts: t,
  locale,
}: {
  connectionId: string;
  codes: string[];
  record: StockAction;
  texts: StockTexts;
  locale: Locale;
}) {
  const id = useId();
  const [values, setValues] = useState({ code: codes[0] ?? "", type: "received", quantity: "", note: "" });
  const { outcome, pending, submit } = useSubmit(record, (item) => fillText(t.recorded, { code: item.code, level: item.level }));
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit({ connectionId, ...values });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded border border-slate-300 bg-white p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t.moveTitle}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field id={`${id}-code`} label={t.item} error={fieldError(outcome, "code", locale)}>
          {(aria) => (
            <Select {...aria} value={values.code} onChange={set("code")}>
              {codes.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${id}-type`} label={t.movement} error={fieldError(outcome, "type", locale)}>
          {(aria) => (
            <Select {...aria} value={values.type} onChange={set("type")}>
              <option value="received">{t.received}</option>
              <option value="counted">{t.counted}</option>
            </Select>
          )}
        </Field>
        <Field
          id={`${id}-quantity`}
          label={values.type === "received" ? t.quantity : t.countedLevel}
          error={fieldError(outcome, "quantity", locale) ?? fieldError(outcome, "level", locale)}
        >
          {(aria) => <Input {...aria} type="number" min={0} value={values.quantity} onChange={set("quantity")} />}
        </Field>
        <Field id={`${id}-note`} label={t.note} optionalText={t.optional} error={fieldError(outcome, "note", locale)}>
          {(aria) => <Input {...aria} type="text" value={values.note} onChange={set("note")} />}
        </Field>
      </div>
      <Button type="submit" disabled={pending}>
        {t.record}
      </Button>
      <OutcomeNotice outcome={outcome} />
    </form>
  );
}
