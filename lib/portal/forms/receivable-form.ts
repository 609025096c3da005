import { z } from "zod";

import { checkGivenReference } from "@/lib/payment-data/references";
import type { DatasetItemInput } from "@/lib/spec/dataset-item";
import type { Country } from "@/lib/spec/environments";
import { problemMessage } from "@/lib/spec/problems";
import { ruleKeyed } from "@/lib/spec/rules";

import { emptyRecipient, input, present, recipientMembers, recipientShape } from "./form-fields";
import { itemProblems, reportProblems, toFormProblems, type FormProblem } from "./form-problems";
import { normaliseDecimal } from "./normalise-decimal";

/*
 * A reminder (jobtype 1) or a debt collection (jobtype 2) of a receivable invoiced in another
 * system: the specification's minimum data (the invoice's number, reference, open capital and
 * dates), and for a collection in Finland or Norway the date the creditor sent its reminder (noticedate).
 */

const RECEIVABLE_JOBTYPES = ["1", "2"] as const;
export type ReceivableJobtype = (typeof RECEIVABLE_JOBTYPES)[number];

const receivableFormShape = {
  ...recipientShape,
  jobtype: z.enum(RECEIVABLE_JOBTYPES),
  billnum: input(100),
  billcode: input(100),
  amount: input(40),
  billdate: input(20),
  paydate: input(20),
  noticedate: input(20),
};

export const receivableFormSchema = z.object(receivableFormShape);
export type ReceivableFormValues = z.infer<typeof receivableFormSchema>;

export const RECEIVABLE_FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(receivableFormShape));

export function defaultReceivableValues(options: {
  draftId: string;
  connectionId: string;
  country: Country;
  jobtype: ReceivableJobtype;
}): ReceivableFormValues {
  return {
    ...emptyRecipient(options.country),
    draftId: options.draftId,
    connectionId: options.connectionId,
    jobtype: options.jobtype,
    billnum: "",
    billcode: "",
    amount: "",
    billdate: "",
    paydate: "",
    noticedate: "",
  };
}

export function receivableFormToItem(values: ReceivableFormValues): DatasetItemInput {
  const amount = normaliseDecimal(values.amount);
  return {
    jobtype: values.jobtype,
    ...recipientMembers(values),
    ...present({
      billnum: values.billnum,
      // The reference as the debtor's bank quotes it: without the spaces of its printed form.
      billcode: values.billcode.replace(/\s/g, ""),
      amount,
      billdate: values.billdate,
      paydate: values.paydate,
      noticedate: values.noticedate,
    }),
  } as DatasetItemInput;
}

export function receivableFormProblems(values: ReceivableFormValues, country: Country): FormProblem[] {
  const problems = toFormProblems(itemProblems(receivableFormToItem(values) as Record<string, unknown>, country), RECEIVABLE_FORM_FIELDS);
  const billcode = values.billcode.replace(/\s/g, "");
  if (billcode !== "") {
    // Intake checks a given reference the same way; checking here says so before posting.
    const check = checkGivenReference(country, billcode);
    if (!check.ok) problems.push({ path: "billcode", message: problemMessage(check) });
  }
  return problems;
}

export function receivableFormResolverSchema(countryOf: (connectionId: string) => Country | null) {
  return receivableFormSchema.superRefine((values, context) => {
    const country = countryOf(values.connectionId);
    if (!country) reportProblems([{ path: "connectionId", message: ruleKeyed("required") }], context);
    else reportProblems(receivableFormProblems(values, country), context);
  });
}
