import type { Db } from "../../db/client";
import type { Dispatch, Job } from "../../db/generated/sqlite/client";
import type { DatasetItem } from "../../spec/dataset-item";
import { environment as environmentById, type EnvironmentId } from "../../spec/environments";
import { creditorOf } from "../documents/creditor";
import { ovtOf } from "../documents/einvoice/shared";

import { customerKeyOf } from "./parse-receiver-info";

/*
 * The customer's later invoices by e-invoice, when the consumer asked for it and the profile lets
 * a proposal decide (PATCH /profile/settings receiverproposalswitch). Decided where each document is
 * queued for sending (distribution/queue-dispatches.ts), from the customer's current message: a
 * proposal received after an invoice was posted still switches it if it has not gone yet, a
 * cancellation stops the switch for every document queued after it, and nothing already sent is
 * touched. The dispatch then goes by evoice (Finvoice, reported as b2c to a person) to the
 * proposal's address and bank, read again when it is made (proposalAddressFor), so a cancellation
 * that came in between sends nothing to an address the consumer gave up.
 *
 * Switched: the original of an invoice, a Connect invoice or a reminder, and the reminders the
 * lifecycle makes, of a job posted for post or e-mail (no sendtype, post, email) without an e-invoice
 * address of its own, whose custnum is the proposal's customer number, in Finland, when the
 * profile's creditor can send Finvoice (a Finnish business id and a bank). Never switched: a job the
 * API user addressed as an e-invoice (its own address wins), collection letters (a collector's
 * demand, not the invoice the consumer asked to get in the bank), letters (post or e-mail only) and
 * what the customer prints itself.
 */

const POSTED_FOR = new Set<string | null>([null, "post", "email"]);
const SWITCHED_JOBTYPES = new Set([0, 1, 300]);

type Candidate = Pick<Job, "id" | "profileId" | "environment" | "jobtype" | "sendtype" | "custnum" | "data">;

/** Whether the document of a job of this kind goes by e-invoice when its customer asked for it. */
export function switchesDocument(document: string, jobtype: number, sendtype: string): boolean {
  if (sendtype !== "post" && sendtype !== "email") return false;
  if (!SWITCHED_JOBTYPES.has(jobtype)) return false;
  return document === "original" || document === "reminder";
}

function candidateKey(job: Candidate): string | null {
  if (environmentById(job.environment as EnvironmentId).country !== "FIN") return null;
  if (!POSTED_FOR.has(job.sendtype) || !SWITCHED_JOBTYPES.has(job.jobtype)) return null;
  const item = job.data as DatasetItem | null;
  if (item && typeof item === "object" && (item.evoice || item.ovt)) return null;
  return customerKeyOf(job.custnum);
}

/** The jobs among these whose customer has a current e-invoice proposal that switches them: two reads, whatever the number. */
export async function jobsSwitchedToEInvoice(db: Db, jobs: readonly Candidate[]): Promise<Set<number>> {
  const keyed = jobs.map((job) => ({ job, key: candidateKey(job) })).filter((entry): entry is { job: Candidate; key: string } => entry.key !== null);
  if (keyed.length === 0) return new Set();
  const profiles = await db.profile.findMany({
    where: { id: { in: [...new Set(keyed.map(({ job }) => job.profileId))] }, receiverProposalSwitch: true },
    select: { id: true, creditor: true, name: true, businessId: true },
  });
  const able = profiles
    .filter((profile) => {
      const creditor = creditorOf(profile, "FIN");
      return ovtOf(creditor.businessId) !== null && Boolean(creditor.iban) && Boolean(creditor.bic);
    })
    .map((profile) => profile.id);
  if (able.length === 0) return new Set();
  const proposals = await db.receiverProposal.findMany({
    where: {
      profileId: { in: able },
      customerKey: { in: [...new Set(keyed.map(({ key }) => key))] },
      status: "current",
      action: { in: ["add", "change"] },
      service: "einvoice",
      recipientAddress: { not: null },
    },
    select: { profileId: true, customerKey: true },
  });
  const wanted = new Set(proposals.map((row) => `${row.profileId}\u0000${row.customerKey}`));
  return new Set(keyed.filter(({ job, key }) => wanted.has(`${job.profileId}\u0000${key}`)).map(({ job }) => job.id));
}

/**
 * The address a switched dispatch goes to: the customer's current proposal, read as the document is
 * made. Null for a dispatch that was not switched, and for one whose proposal was cancelled since
 * (it then fails for want of an address rather than go where the consumer no longer receives).
 */
export async function proposalAddressFor(
  db: Db,
  dispatch: Pick<Dispatch, "secondary" | "sendtype">,
  job: Pick<Job, "profileId" | "sendtype" | "custnum">,
): Promise<{ proposalid: number; evoice: string; evoiceint: string } | null> {
  if (dispatch.secondary || dispatch.sendtype !== "evoice" || !POSTED_FOR.has(job.sendtype)) return null;
  const key = customerKeyOf(job.custnum);
  if (key === null) return null;
  const proposal = await db.receiverProposal.findFirst({
    where: { profileId: job.profileId, customerKey: key, status: "current", action: { in: ["add", "change"] }, service: "einvoice" },
    select: { id: true, recipientAddress: true, recipientIntermediator: true },
  });
  if (!proposal?.recipientAddress) return null;
  return { proposalid: proposal.id, evoice: proposal.recipientAddress, evoiceint: proposal.recipientIntermediator };
}
