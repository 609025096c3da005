import { ServiceRequestError } from "../../client";
import type { Tx } from "../../db/client";
import { errorFields, log } from "../../log";
import type { SentDocuments } from "../../spec/sent-documents";
import type { PortalUser } from "../auth/session";
import { clientFor } from "../connections/connections";

import { connectionForCase } from "./case-connection";
import { CASE_TEXTS } from "./texts";

/*
 * What the service sent of a case's job, read through the case's connection: the list for the case
 * page, and each reminder or collection letter as the debtor got it. The browser never sees the
 * service's token or address.
 */

type SentDocumentsAnswer = { ok: true; documents: SentDocuments["documents"] } | { ok: false; status: 404 | 502; detail: string };

async function caseClient(db: Tx, user: PortalUser, caseId: string) {
  const row = await db.portalCase.findFirst({
    where: { id: caseId, organizationId: user.organizationId },
    select: { environment: true, cid: true, jobid: true },
  });
  if (!row) return null;
  const connection = await connectionForCase(db, { organizationId: user.organizationId, environment: row.environment, cid: row.cid });
  return { jobid: row.jobid, client: connection ? clientFor(connection) : null };
}

export async function sentDocumentsOfCase(db: Tx, user: PortalUser, caseId: string): Promise<SentDocumentsAnswer> {
  const t = CASE_TEXTS[user.locale];
  const found = await caseClient(db, user, caseId);
  if (!found) return { ok: false, status: 404, detail: t.notFound };
  if (!found.client) return { ok: false, status: 404, detail: t.noConnection };
  try {
    return { ok: true, documents: (await found.client.sentDocuments(found.jobid)).documents };
  } catch (error) {
    if (error instanceof ServiceRequestError && error.status === 404) return { ok: false, status: 404, detail: t.serviceNoSuchJob };
    log.warn("portal sent documents failed", { caseId, ...errorFields(error) });
    return { ok: false, status: 502, detail: t.serviceNoAnswer };
  }
}

export async function sentDocumentPdfOfCase(
  db: Tx,
  user: PortalUser,
  caseId: string,
  dispatchId: string,
): Promise<{ ok: true; pdf: Uint8Array; jobid: number } | { ok: false; status: 404 | 502; detail: string }> {
  const t = CASE_TEXTS[user.locale];
  const found = await caseClient(db, user, caseId);
  if (!found) return { ok: false, status: 404, detail: t.notFound };
  if (!found.client) return { ok: false, status: 404, detail: t.noConnection };
  try {
    return { ok: true, pdf: await found.client.sentDocumentPdf(found.jobid, dispatchId), jobid: found.jobid };
  } catch (error) {
    if (error instanceof ServiceRequestError && (error.status === 404 || error.status === 400))
      return { ok: false, status: 404, detail: t.serviceNoSuchLetter };
    log.warn("portal sent document pdf failed", { caseId, ...errorFields(error) });
    return { ok: false, status: 502, detail: t.serviceGaveNoPdf };
  }
}
