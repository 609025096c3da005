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
 * address of its own, to a consumer (customertype 2: the Finnish consumer e-invoice is a consumer
 * service), whose custnum is the proposal's customer number and whose person is the name the bank
 * sent (sameName), in Finland, when the profile's creditor can send Finvoice (a Finnish business id
 * and a bank). The customer number alone is what the consumer typed in the bank: anyone who knows or
 * guesses another customer's could otherwise have that customer's invoices sent to their own bank.
 * A proposal that names someone else is stored, listed and reported all the same; it switches
 * nothing. Never switched: a job to a company, a job the API user addressed as an e-invoice (its own
 * address wins), collection letters (a collector's demand, not the invoice the consumer asked to get
 * in the bank), letters (post or e-mail only) and what the customer prints itself.
 */

const POSTED_FOR = new Set<string | null>([null, "post", "email"]);
const SWITCHED_JOBTYPES = new Set([0, 1, 300]);

type Candidate = Pick<Job, "id" | "profileId" | "environment" | "jobtype" | "sendtype" | "customertype" | "custnum" | "data">;

/** Whether the document of a job of this kind goes by e-invoice when its customer asked for it. */
export function switchesDocument(document: string, jobtype: number, sendtype: string): boolean {
  if (sendtype !== "post" && sendtype !== "email") return false;
  if (!SWITCHED_JOBTYPES.has(jobtype)) return false;
  return document === "original" || document === "reminder";
}

/**
 * A person's name as compared with the name the bank sent: its parts, split at spaces, hyphens and
 * other punctuation, without case or diacritics, in any order (banks send the name as the account
 * holder wrote it, "Virtanen Maija" for "Maija Virtanen"). Every part counts: a name with a part
 * more or less is another name. Null for no name.
 */
export function nameKeyOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const parts = value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return parts.length > 0 ? parts.sort().join(" ") : null;
}

/** Whether the job's recipient is the consumer a proposal names: a person (customertype 2) by the bank's name for them. */
function sameName(job: Pick<Job, "customertype" | "data">, buyer: unknown): boolean {
  if (job.customertype !== 2) return false;
  // The recipient's name is stored in clear; only identity codes are sealed (platform/personal-ids.ts).
  const item = job.data as DatasetItem | null;
  const person = nameKeyOf(item && typeof item === "object" ? item.person : null);
  const named = nameKeyOf(buyer && typeof buyer === "object" ? (buyer as { name?: unknown }).name : null);
  return person !== null && person === named;
}

function candidateKey(job: Candidate): string | null {
  if (environmentById(job.environment as EnvironmentId).country !== "FIN") return null;
  if (!POSTED_FOR.has(job.sendtype) || !SWITCHED_JOBTYPES.has(job.jobtype) || job.customertype !== 2) return null;
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
    select: { profileId: true, customerKey: true, buyer: true },
  });
  const buyers = new Map(proposals.map((row) => [`${row.profileId}\u0000${row.customerKey}`, row.buyer]));
  return new Set(
    keyed
      .filter(({ job, key }) => {
        const id = `${job.profileId}\u0000${key}`;
        return buyers.has(id) && sameName(job, buyers.get(id));
      })
      .map(({ job }) => job.id),
  );
}

/**
 * The address a switched dispatch goes to: the customer's current proposal, read as the document is
 * made. Null for a dispatch that was not switched, for one whose proposal was cancelled since, and
 * for one whose proposal was replaced since by one naming someone else (it then fails for want of an
 * address rather than go where the consumer no longer receives, or to someone who is not the consumer).
 */
export async function proposalAddressFor(
  db: Db,
  dispatch: Pick<Dispatch, "secondary" | "sendtype">,
  job: Pick<Job, "profileId" | "sendtype" | "customertype" | "custnum" | "data">,
): Promise<{ proposalid: number; evoice: string; evoiceint: string } | null> {
  if (dispatch.secondary || dispatch.sendtype !== "evoice" || !POSTED_FOR.has(job.sendtype) || job.customertype !== 2) return null;
  const key = customerKeyOf(job.custnum);
  if (key === null) return null;
  const proposal = await db.receiverProposal.findFirst({
    where: { profileId: job.profileId, customerKey: key, status: "current", action: { in: ["add", "change"] }, service: "einvoice" },
    select: { id: true, recipientAddress: true, recipientIntermediator: true, buyer: true },
  });
  if (!proposal?.recipientAddress || !sameName(job, proposal.buyer)) return null;
  return { proposalid: proposal.id, evoice: proposal.recipientAddress, evoiceint: proposal.recipientIntermediator };
}
