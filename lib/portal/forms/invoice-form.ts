import { z } from "zod";

import type { DatasetItemInput } from "@/lib/spec/dataset-item";
import type { Country } from "@/lib/spec/environments";
import { ruleKeyed } from "@/lib/spec/rules";

import { addDays } from "./dates";
import { emptyRecipient, input, present, recipientMembers, recipientShape } from "./form-fields";
import { itemProblems, reportProblems, toFormProblems, type FormProblem } from "./form-problems";
import { normaliseDecimal } from "./normalise-decimal";
import { defaultVatRate } from "./vat-rates";

/*
 * The invoice form (jobtype 0, or 300 for the Connect model): what the clerk types, as strings,
 * and the dataset item it makes. The form's own schema only shapes the input; whether the invoice
 * is valid is decided by the service's schema and minimum data (form-problems.ts), run on the item
 * the form would post.
 */

const DEFAULT_PAYMENT_TERMS = "14";

// Optional members came after the first drafts were saved: a draft without them still opens.
const payrowShape = z.object({ desc: input(), count: input(40), amount: input(40), taxpr: input(20), discountpr: input(20).optional() });
const accountrowShape = z.object({
  accountid: input(40),
  debit: input(40),
  credit: input(40),
  netamount: input(40),
  vatamount: input(40),
  taxpr: input(20),
  desc: input(),
});

const invoiceFormShape = {
  ...recipientShape,
  jobtype: z.enum(["0", "300"]),
  billdate: input(20),
  paymentTerms: input(10),
  paydate: input(20),
  payrow: z.array(payrowShape).max(1000),
  accountrow: z.array(accountrowShape).max(1000),
  /** The job's freetext: printed at the end of the invoice. */
  freetext: input(4000).optional(),
};

/** The input's shape alone: what a server action accepts before it knows the connection's country. */
export const invoiceFormSchema = z.object(invoiceFormShape);
export type InvoiceFormValues = z.infer<typeof invoiceFormSchema>;
type InvoiceFormRow = InvoiceFormValues["payrow"][number];
type InvoiceFormAccountRow = InvoiceFormValues["accountrow"][number];

export const INVOICE_FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(invoiceFormShape));

export const emptyPayrow = (country: Country): InvoiceFormRow => ({ desc: "", count: "1", amount: "", taxpr: defaultVatRate(country), discountpr: "" });
export const emptyAccountrow = (): InvoiceFormAccountRow => ({ accountid: "", debit: "", credit: "", netamount: "", vatamount: "", taxpr: "", desc: "" });

export function defaultInvoiceValues(options: { draftId: string; connectionId: string; country: Country; today: string }): InvoiceFormValues {
  return {
    ...emptyRecipient(options.country),
    draftId: options.draftId,
    connectionId: options.connectionId,
    jobtype: "0",
    billdate: options.today,
    paymentTerms: DEFAULT_PAYMENT_TERMS,
    paydate: addDays(options.today, Number(DEFAULT_PAYMENT_TERMS)) ?? "",
    payrow: [emptyPayrow(options.country)],
    accountrow: [],
    freetext: "",
  };
}

const decimalMember = (value: string) => {
  const normalised = normaliseDecimal(value);
  return normalised === "" ? undefined : normalised;
};

/** The dataset item the form posts. Numbers go as decimal strings: exact, as the interface allows. */
export function invoiceFormToItem(values: InvoiceFormValues): DatasetItemInput {
  const item: Record<string, unknown> = {
    jobtype: values.jobtype,
    ...recipientMembers(values),
    ...present({ billdate: values.billdate, paydate: values.paydate, freetext: values.freetext }),
    payrow: values.payrow.map((row) => ({
      ...present({ desc: row.desc }),
      ...present({
        count: decimalMember(row.count),
        amount: decimalMember(row.amount),
        taxpr: decimalMember(row.taxpr),
        discountpr: decimalMember(row.discountpr ?? ""),
      }),
    })),
  };
  const accountrows = values.accountrow.filter((row) => Object.values(row).some((value) => value.trim() !== ""));
  if (accountrows.length > 0) {
    item.accountrow = accountrows.map((row) => ({
      ...present({ accountid: row.accountid, desc: row.desc }),
      ...present({
        debit: decimalMember(row.debit),
        credit: decimalMember(row.credit),
        netamount: decimalMember(row.netamount),
        vatamount: decimalMember(row.vatamount),
        taxpr: decimalMember(row.taxpr),
      }),
    }));
  }
  return item as DatasetItemInput;
}

/** Every problem of the invoice for the country, on the form's fields. */
export function invoiceFormProblems(values: InvoiceFormValues, country: Country): FormProblem[] {
  const problems: FormProblem[] = [];
  const terms = values.paymentTerms.trim();
  if (terms !== "" && !(/^\d{1,3}$/.test(terms) && Number(terms) <= 365)) {
    problems.push({ path: "paymentTerms", message: ruleKeyed("paymentTermDays") });
  }
  problems.push(...toFormProblems(itemProblems(invoiceFormToItem(values) as Record<string, unknown>, country), INVOICE_FORM_FIELDS));
  return problems;
}

/**
 * The form's schema with the service's rules for the country of the chosen connection: what the
 * browser validates with. countryOf answers null for a connection the form does not know.
 */
export function invoiceFormResolverSchema(countryOf: (connectionId: string) => Country | null) {
  return invoiceFormSchema.superRefine((values, context) => {
    const country = countryOf(values.connectionId);
    if (!country) reportProblems([{ path: "connectionId", message: ruleKeyed("required") }], context);
    else reportProblems(invoiceFormProblems(values, country), context);
  });
}
