import type { Db } from "../../db/client";
import type { SentDocumentName } from "../../spec/sent-documents";
import type { SentDocuments } from "../../spec/sent-documents";
import { ServiceError } from "../errors";
import { asProfileSawIt } from "../lifecycle/profile-clock";

/*
 * The documents the service sent of a job: every sending that went (or failed), in order, and each
 * reminder or collection letter as it was sent (SentDocument, kept when the letter went out), so a
 * creditor can show what a debtor received, word for word, when a notice is disputed.
 */

export async function sentDocumentsOf(db: Db, profileId: string, jobid: number): Promise<SentDocuments> {
  const job = await db.job.findFirst({ where: { id: jobid, profileId }, select: { id: true } });
  if (!job) throw new ServiceError("not_found", `There is no job ${jobid} of this profile.`);
  const [dispatches, kept] = await Promise.all([
    db.dispatch.findMany({
      where: { jobId: jobid, profileId, status: { in: ["delivered", "error"] } },
      orderBy: { createdAt: "asc" },
      select: { id: true, document: true, distributionChannel: true, status: true, doneAt: true, clockOffsetSeconds: true },
    }),
    db.sentDocument.findMany({ where: { jobId: jobid, profileId }, select: { dispatchId: true } }),
  ]);
  const keptIds = new Set(kept.map((row) => row.dispatchId));
  return {
    jobid,
    documents: dispatches.map((row) => ({
      dispatchid: row.id,
      document: row.document as SentDocumentName,
      distributionchannel: row.distributionChannel,
      status: row.status as "delivered" | "error",
      // On the profile's clock as it stood at the send (a test environment's may run ahead).
      sentat: row.doneAt ? asProfileSawIt(row.doneAt, row.clockOffsetSeconds).toISOString() : null,
      pdf: keptIds.has(row.id),
    })),
  };
}

export async function sentDocumentPdf(db: Db, profileId: string, jobid: number, dispatchId: string): Promise<{ pdf: Uint8Array; filename: string } | null> {
  const row = await db.sentDocument.findFirst({ where: { dispatchId, jobId: jobid, profileId }, select: { content: true, filename: true } });
  return row ? { pdf: new Uint8Array(row.content), filename: row.filename } : null;
}
