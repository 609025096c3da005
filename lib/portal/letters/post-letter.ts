import { createHash } from "node:crypto";

import { getDb } from "@/lib/db/client";
import { base64HasPdfHeader } from "@/lib/platform/pdf-header";
import { ActionError } from "@/lib/portal/actions/action-error";
import type { PortalUser } from "@/lib/portal/auth/session";
import { recordPostedJobs } from "@/lib/portal/cases/record-posted-jobs";
import { clientFor, getConnection } from "@/lib/portal/connections/connections";
import { fieldErrorsOf } from "@/lib/portal/forms/form-problems";
import type { Country } from "@/lib/spec/environments";

import { letterFormProblems, letterFormToItem, toLetterProblems, type LetterFormValues } from "./letter-form";
import { LETTER_TEXTS } from "./texts";

/*
 * Posts a letter through the chosen connection: checked by the service's rules for its country
 * first (so the clerk gets every problem at once, on its field), then POST /jobs, then the case
 * opened from the answer.
 */

export interface PostedLetterView {
  caseId: string | null;
  jobid: number | null;
  receiver: string | null;
  jobstatus: string | null;
  sendtype: string | null;
  ownref: string | null;
  notice: string | null;
  country: Country;
}

export async function postLetter(values: LetterFormValues, user: PortalUser): Promise<PostedLetterView> {
  const texts = LETTER_TEXTS[user.locale];
  const db = getDb();
  const connection = await getConnection(db, { organizationId: user.organizationId, connectionId: values.connectionId });
  const problems = letterFormProblems(values, connection.environment.country);
  // The browser checked the bytes too, but an action is a public endpoint: anything can arrive.
  if (values.pdf && !base64HasPdfHeader(values.pdf.data)) {
    problems.unshift({ path: "pdf", message: texts.pdfProblems.unreadable });
  }
  if (problems.length > 0) throw new ActionError(texts.checkFields, fieldErrorsOf(problems));

  const item = letterFormToItem(values);
  // The same letter sent twice (a double click, a retry after a lost answer) is one letter: the
  // service answers a repeated key with its first answer. A new PDF or a changed field is a new key.
  const idempotencyKey = createHash("sha256")
    .update(`letter\u0000${user.organizationId}\u0000${connection.id}\u0000${JSON.stringify(item)}`)
    .digest("hex");
  const response = await clientFor(connection).postJobs([item], { idempotencyKey });
  const result = response.result[0];
  if (!result || result.accepted !== 1) {
    const rejected = toLetterProblems(result?.error?.problems ?? []);
    const message = result?.error?.message ?? response.errors.map((error) => error.message).join("; ");
    throw new ActionError(message ? `${texts.problemsTitle} ${message}` : texts.problemsTitle, fieldErrorsOf(rejected));
  }
  const [caseId] = await recordPostedJobs(db, { organizationId: user.organizationId, connection, items: [item], response });
  return {
    caseId: caseId ?? null,
    jobid: result.jobid,
    receiver: result.receiver,
    jobstatus: result.jobstatus,
    sendtype: result.sendtype,
    ownref: result.ownref,
    notice: result.notice,
    country: connection.environment.country,
  };
}
