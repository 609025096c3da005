import { createHash } from "node:crypto";

import type { z } from "zod";

import { getDb } from "@/lib/db/client";
import { ActionError } from "@/lib/portal/actions/action-error";
import type { PortalUser } from "@/lib/portal/auth/session";
import { recordPostedJobs } from "@/lib/portal/cases/record-posted-jobs";
import { clientFor, getConnection, type Connection } from "@/lib/portal/connections/connections";
import { deleteDraft, saveDraft, type DraftKind } from "@/lib/portal/drafts/drafts";
import type { DatasetItemInput } from "@/lib/spec/dataset-item";
import type { Country } from "@/lib/spec/environments";
import type { JobsResponse } from "@/lib/spec/jobs";

import { fillText } from "../i18n/locale";

import { fieldErrorsOf, toFormProblems, type FormProblem } from "./form-problems";
import { INVOICE_FORM_FIELDS, invoiceFormProblems, invoiceFormSchema, invoiceFormToItem, type InvoiceFormValues } from "./invoice-form";
import { RECEIVABLE_FORM_FIELDS, receivableFormProblems, receivableFormSchema, receivableFormToItem, type ReceivableFormValues } from "./receivable-form";
import { FORM_TEXTS } from "./texts";

/*
 * What the forms' server actions do, once for every kind: check the values by the service's rules
 * for the connection's country, then preview, post or keep them as a draft. The actions beside
 * the pages wrap these in validatedAction, which has already authenticated the user, checked the
 * role and parsed the input's shape.
 */

interface FormValuesBase {
  draftId: string;
  connectionId: string;
  name: string;
}

interface FormKind<V extends FormValuesBase> {
  kind: Exclude<DraftKind, "letter">;
  schema: z.ZodType<V>;
  fields: ReadonlySet<string>;
  problems: (values: V, country: Country) => FormProblem[];
  toItem: (values: V) => DatasetItemInput;
  title: (values: V) => string;
}

export const INVOICE_KIND: FormKind<InvoiceFormValues> = {
  kind: "invoice",
  schema: invoiceFormSchema,
  fields: INVOICE_FORM_FIELDS,
  problems: invoiceFormProblems,
  toItem: invoiceFormToItem,
  title: (values) => values.name,
};

function receivableKind(kind: "reminder" | "collection", jobtype: "1" | "2"): FormKind<ReceivableFormValues> {
  return {
    kind,
    // A reminder's action posts reminders only, whatever the browser sends as jobtype.
    schema: receivableFormSchema.refine((values) => values.jobtype === jobtype, { path: ["jobtype"], error: `must be ${jobtype}` }),
    fields: RECEIVABLE_FORM_FIELDS,
    problems: receivableFormProblems,
    toItem: receivableFormToItem,
    title: (values) => [values.name.trim(), values.billnum.trim()].filter(Boolean).join(" · "),
  };
}

export const REMINDER_KIND = receivableKind("reminder", "1");
export const COLLECTION_KIND = receivableKind("collection", "2");

export interface PreviewAnswer {
  /** The PDF, base64: a server action's answer is serialised, and a string travels as it is. */
  pdf: string;
}

export interface PostedJobView {
  caseId: string | null;
  jobid: number | null;
  reference: string | null;
  billnum: string | null;
  /** Major units, as the service answers. */
  amount: number | null;
  receiver: string | null;
  notice: string | null;
  country: Country;
}

async function checked<V extends FormValuesBase>(form: FormKind<V>, values: V, user: PortalUser): Promise<{ connection: Connection; item: DatasetItemInput }> {
  const connection = await getConnection(getDb(), { organizationId: user.organizationId, connectionId: values.connectionId });
  const problems = form.problems(values, connection.environment.country);
  if (problems.length > 0) throw new ActionError(FORM_TEXTS[user.locale].checkFields, fieldErrorsOf(problems));
  return { connection, item: form.toItem(values) };
}

export async function previewFormJob<V extends FormValuesBase>(form: FormKind<V>, values: V, user: PortalUser): Promise<PreviewAnswer> {
  const { connection, item } = await checked(form, values, user);
  const pdf = await clientFor(connection).preview(item);
  return { pdf: Buffer.from(pdf).toString("base64") };
}

export async function saveFormDraft<V extends FormValuesBase>(form: FormKind<V>, values: V, user: PortalUser): Promise<{ savedAt: string }> {
  const saved = await saveDraft(
    getDb(),
    { organizationId: user.organizationId, userId: user.id },
    { draftId: values.draftId, kind: form.kind, title: form.title(values), data: values },
  );
  return { savedAt: saved.updatedAt.toISOString() };
}

/**
 * Posts the job. Whatever goes wrong (a rule broken, the service refusing it or not answering), the
 * values are kept as the form's draft first, so nothing typed is lost; after a post the draft is
 * done with and goes.
 */
export async function postFormJob<V extends FormValuesBase>(form: FormKind<V>, values: V, user: PortalUser): Promise<PostedJobView> {
  const db = getDb();
  const owner = { organizationId: user.organizationId, userId: user.id };
  const texts = FORM_TEXTS[user.locale];
  const keep = () => saveFormDraft(form, values, user);
  let connection: Connection;
  let item: DatasetItemInput;
  try {
    ({ connection, item } = await checked(form, values, user));
  } catch (error) {
    await keep();
    throw error;
  }
  // The same form posting the same job twice (a double click, a retry after a lost answer) is one
  // job: the service answers a repeated key with the first answer.
  const idempotencyKey = createHash("sha256")
    .update(`${values.draftId}\u0000${JSON.stringify(item)}`)
    .digest("hex");
  let response: JobsResponse;
  try {
    response = await clientFor(connection).postJobs([item], { idempotencyKey });
  } catch (error) {
    await keep();
    throw error;
  }
  const result = response.result[0];
  if (!result || result.accepted !== 1) {
    await keep();
    const problems = toFormProblems(result?.error?.problems ?? [], form.fields);
    const message = result?.error?.message ?? response.errors.map((error) => error.message).join("; ");
    throw new ActionError(`${fillText(texts.rejected, { message: message || "—" })} ${texts.keptAsDraft}`, fieldErrorsOf(problems));
  }
  const [caseId] = await recordPostedJobs(db, { organizationId: user.organizationId, connection, items: [item], response });
  await deleteDraft(db, { ...owner, draftId: values.draftId });
  return {
    caseId: caseId ?? null,
    jobid: result.jobid,
    reference: result.reference ?? result.billcode,
    billnum: result.billnum,
    amount: result.amount,
    receiver: result.receiver,
    notice: result.notice,
    country: connection.environment.country,
  };
}
