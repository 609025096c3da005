import { createHmac, timingSafeEqual } from "node:crypto";

import { base32crockford } from "@scure/base";

import { getEnv } from "../../env";
import { deriveKey } from "../../platform/secrets";

/*
 * The debtor's link to a case: printed on the invoice (a short address and a QR code), written in
 * the e-mail, and answered by GET /jobs/{jobid}/onlinelink. It is the debtor's only credential, so
 * it is unguessable, and it is its own proof: the job id and an 80-bit HMAC of it under a key
 * derived from the service's data key, nothing stored. Any document rendered again prints the same
 * link; changing the data key retires every link at once.
 *
 * 15 bytes (5 of job id, 10 of MAC) are 24 characters of Crockford's base32: no letters that read as
 * others, read case-insensitively, so a debtor can type it from paper.
 */

const ID_BYTES = 5;
const MAC_BYTES = 10;
const TOKEN_LENGTH = 24;

let key: Buffer | undefined;
let keyFor: string | undefined;

function macOf(jobId: number): Buffer {
  // The data key may change between tests; the derived key follows it.
  const source = getEnv().SERVICE_DATA_KEY ?? getEnv().DATA_DIR;
  if (!key || keyFor !== source) {
    key = deriveKey("debtor-link");
    keyFor = source;
  }
  return createHmac("sha256", key).update(`debtor-link:v1:${jobId}`).digest().subarray(0, MAC_BYTES);
}

export function debtorToken(jobId: number): string {
  const bytes = Buffer.alloc(ID_BYTES + MAC_BYTES);
  bytes.writeUIntBE(jobId, 0, ID_BYTES);
  macOf(jobId).copy(bytes, ID_BYTES);
  return base32crockford.encode(bytes).toLowerCase();
}

/** The job a token names, or null when it is not one this service made (typed wrong, cut short, forged). */
export function jobIdOfToken(token: string): number | null {
  // Crockford's reading: case does not matter, O is 0, I and L are 1; hyphens and spaces are ignored.
  const normalized = token.toUpperCase().replace(/[-\s]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (normalized.length !== TOKEN_LENGTH || !/^[0-9A-HJKMNP-TV-Z]+$/.test(normalized)) return null;
  let bytes: Uint8Array;
  try {
    bytes = base32crockford.decode(normalized);
  } catch {
    return null;
  }
  if (bytes.length !== ID_BYTES + MAC_BYTES) return null;
  const buffer = Buffer.from(bytes);
  const jobId = buffer.readUIntBE(0, ID_BYTES);
  if (jobId < 1 || !Number.isSafeInteger(jobId)) return null;
  return timingSafeEqual(buffer.subarray(ID_BYTES), macOf(jobId)) ? jobId : null;
}

const LINKED_JOBTYPES: ReadonlySet<number> = new Set([0, 1, 2, 602]);

/**
 * Whether a job's case has a debtor link: a case the service holds money for (an invoice, a
 * reminder or a collection); never a letter, a credit note, or a Connect invoice (300), which the
 * creditor's own account collects.
 */
export const hasDebtorLink = (job: { jobtype: number; grossAmount: bigint }): boolean => LINKED_JOBTYPES.has(job.jobtype) && job.grossAmount > 0n;

/** The debtor's online service for a case; `/pay` of it is the pay link. */
export function onlineLinkOf(jobId: number): string {
  return `${getEnv().PUBLIC_BASE_URL.replace(/\/$/, "")}/d/${debtorToken(jobId)}`;
}

export function payLinkOf(jobId: number): string {
  return `${onlineLinkOf(jobId)}/pay`;
}
