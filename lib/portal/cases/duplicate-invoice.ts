import { randomUUID } from "node:crypto";

import { z } from "zod";

import type { Db } from "../../db/client";
import { isMaskedPersonalId, openPersonalIds } from "../../platform/personal-ids";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";
import { saveDraft } from "../drafts/drafts";
import { inputText, recipientValuesOf } from "../forms/form-fields";
import type { InvoiceFormValues } from "../forms/invoice-form";
import { fillText } from "../i18n/locale";

import { caseOfUser, connectionForCase } from "./case-connection";
import { recordPersonalIdShown } from "./reveal-personal-id";
import { CASE_TEXTS } from "./texts";

/*
 * "Duplicate as a new invoice": the invoice the portal posted for a case, as a draft of the
 * invoice form, so a clerk sends the same customer the same rows again without typing them. The
 * recipient, the way of sending and the rows come along; the dates do not (the form dates the copy
 * by the connection's today and its terms), nor the bill number, the reference or the own
 * reference, which belong to the first invoice. The draft is the clerk's own and opens like any.
 * A copied identity code is recorded as shown in full to the clerk (reveal-personal-id.ts).
 */

export const duplicateInvoiceInputSchema = z.object({ caseId: z.string().min(1).max(100) });

type Item = Record<string, unknown>;

const rows = (value: unknown): Item[] =>
  Array.isArray(value) ? value.filter((row): row is Item => typeof row === "object" && row !== null && !Array.isArray(row)) : [];

/** The form's values for a copy of a posted invoice item; what the item does not say is left to the form's defaults. */
export function invoiceCopyValues(item: Item): Partial<InvoiceFormValues> {
  return {
    jobtype: inputText(item.jobtype) === "300" ? "300" : "0",
    ...recipientValuesOf(item),
    payrow: rows(item.payrow).map((row) => ({
      desc: inputText(row.desc),
      count: inputText(row.count),
      amount: inputText(row.amount),
      taxpr: inputText(row.taxpr),
      discountpr: inputText(row.discountpr),
    })),
    freetext: inputText(item.freetext),
    accountrow: rows(item.accountrow).map((row) => ({
      accountid: inputText(row.accountid),
      debit: inputText(row.debit),
      credit: inputText(row.credit),
      netamount: inputText(row.netamount),
      vatamount: inputText(row.vatamount),
      taxpr: inputText(row.taxpr),
      desc: inputText(row.desc),
    })),
  };
}

/** Makes the draft and answers its id: the invoice form opens it (…/invoices/new?draft=id). */
export async function duplicateInvoice(db: Db, user: PortalUser, input: z.output<typeof duplicateInvoiceInputSchema>): Promise<{ draftId: string }> {
  const t = CASE_TEXTS[user.locale];
  const row = await caseOfUser(db, user, input.caseId);
  const item = row.job && typeof row.job === "object" && !Array.isArray(row.job) ? openPersonalIds(row.job as Item) : null;
  const jobtype = item ? inputText(item.jobtype) : "";
  if (!item || (jobtype !== "0" && jobtype !== "300")) throw new ActionError(t.duplicate.notAnInvoice);
  const connection = await connectionForCase(db, row);
  const values = invoiceCopyValues(item);
  // A job read from the service holds its identity code masked: no use on a new invoice, so the clerk types it.
  if (values.govid && isMaskedPersonalId(values.govid)) values.govid = "";
  // The copy puts the identity code in clear in the clerk's form: a showing in full, recorded as the case page records one.
  if (values.govid) await recordPersonalIdShown(db, user, { caseId: row.id, member: "govid" });
  const draftId = randomUUID();
  await saveDraft(
    db,
    { organizationId: user.organizationId, userId: user.id },
    {
      draftId,
      kind: "invoice",
      title: `${values.name || fillText(t.caseTitle, { jobid: row.jobid })} (${t.duplicate.copy})`,
      data: { ...values, ...(connection ? { connectionId: connection.id } : {}) },
    },
  );
  return { draftId };
}
