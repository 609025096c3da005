import { randomUUID } from "node:crypto";

import { z } from "zod";

import type { Db } from "../../db/client";
import { openPersonalIds } from "../../platform/personal-ids";
import { ActionError } from "../actions/action-error";
import type { PortalUser } from "../auth/session";
import { saveDraft } from "../drafts/drafts";
import type { InvoiceFormValues } from "../forms/invoice-form";
import { fillText } from "../i18n/locale";

import { caseOfUser, connectionForCase } from "./case-connection";
import { CASE_TEXTS } from "./texts";

/*
 * "Duplicate as a new invoice": the invoice the portal posted for a case, as a draft of the
 * invoice form, so a clerk sends the same customer the same rows again without typing them. The
 * recipient, the way of sending and the rows come along; the dates do not (the form dates the copy
 * by the connection's today and its terms), nor the bill number, the reference or the own
 * reference, which belong to the first invoice. The draft is the clerk's own and opens like any.
 */

export const duplicateInvoiceInputSchema = z.object({ caseId: z.string().min(1).max(100) });

type Item = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : "");
const rows = (value: unknown): Item[] => (Array.isArray(value) ? value.filter((row): row is Item => typeof row === "object" && row !== null && !Array.isArray(row)) : []);

/** The form's values for a copy of a posted invoice item; what the item does not say is left to the form's defaults. */
export function invoiceCopyValues(item: Item): Partial<InvoiceFormValues> {
  const company = text(item.customertype) === "1";
  const language = text(item.language);
  const sendtype = text(item.sendtype);
  return {
    jobtype: text(item.jobtype) === "300" ? "300" : "0",
    customertype: company ? "1" : "2",
    name: text(company ? item.company : item.person),
    address: text(item.address),
    postcode: text(item.postcode),
    city: text(item.city),
    email: text(item.email),
    custnum: text(item.custnum),
    govid: text(item.govid),
    vatid: text(item.vatid),
    yourcode: text(item.yourcode),
    ...(["post", "email", "evoice", "peppol", "print"].includes(sendtype) ? { sendtype: sendtype as InvoiceFormValues["sendtype"] } : {}),
    evoice: text(item.evoice),
    evoiceint: text(item.evoiceint),
    ...(["fin", "swe", "nor", "eng"].includes(language) ? { language: language as InvoiceFormValues["language"] } : {}),
    payrow: rows(item.payrow).map((row) => ({ desc: text(row.desc), count: text(row.count), amount: text(row.amount), taxpr: text(row.taxpr) })),
    accountrow: rows(item.accountrow).map((row) => ({
      accountid: text(row.accountid),
      debit: text(row.debit),
      credit: text(row.credit),
      netamount: text(row.netamount),
      vatamount: text(row.vatamount),
      taxpr: text(row.taxpr),
      desc: text(row.desc),
    })),
  };
}

/** Makes the draft and answers its id: the invoice form opens it (…/invoices/new?draft=id). */
export async function duplicateInvoice(db: Db, user: PortalUser, input: z.output<typeof duplicateInvoiceInputSchema>): Promise<{ draftId: string }> {
  const t = CASE_TEXTS[user.locale];
  const row = await caseOfUser(db, user, input.caseId);
  const item = row.job && typeof row.job === "object" && !Array.isArray(row.job) ? openPersonalIds(row.job as Item) : null;
  const jobtype = item ? text(item.jobtype) : "";
  if (!item || (jobtype !== "0" && jobtype !== "300")) throw new ActionError(t.duplicate.notAnInvoice);
  const connection = await connectionForCase(db, row);
  const values = invoiceCopyValues(item);
  const draftId = randomUUID();
  await saveDraft(db, { organizationId: user.organizationId, userId: user.id }, {
    draftId,
    kind: "invoice",
    title: `${values.name || fillText(t.caseTitle, { jobid: row.jobid })} (${t.duplicate.copy})`,
    data: { ...values, ...(connection ? { connectionId: connection.id } : {}) },
  });
  return { draftId };
}
