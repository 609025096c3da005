import type { Tx } from "../../db/client";
import { inChunks } from "../../db/in-chunks";
import { isValidFinnishReference, isValidKid, isValidOcr, isValidRfReference } from "../../payment-data/references";
import type { Country } from "../../spec/environments";
import { CLOSED_CODES } from "../lifecycle/case-state";

/*
 * Payments quote references in whatever form the payer typed or the bank passed on: with spaces,
 * lower-case RF, the Finnish 20-digit machine form with leading zeros. Both sides are compared in
 * compact form: no spaces, upper case, and for digit references without leading zeros.
 */

const MAX_REFERENCE_LENGTH = 25;

export function compactReference(reference: string): string {
  const compact = reference.replace(/\s+/g, "").toUpperCase();
  return /^\d+$/.test(compact) ? compact.replace(/^0+(?=\d)/, "") : compact;
}

/** True when the text is a structured payment reference of the country (or an RF reference). */
export function isPaymentReference(country: Country, text: string): boolean {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  if (/^RF\d/.test(compact)) return isValidRfReference(compact);
  if (!/^\d+$/.test(compact)) return false;
  if (country === "FIN") return isValidFinnishReference(compact);
  if (country === "SWE") return isValidOcr(compact);
  return isValidKid(compact);
}

/**
 * The stored forms a reference may have: jobs keep references compact, but a fixed-length OCR or
 * KID keeps its leading zeros, so every zero-padded form up to the longest reference is a candidate.
 */
export function referenceCandidates(reference: string): string[] {
  const compact = compactReference(reference);
  if (!/^\d+$/.test(compact)) return [compact];
  const forms: string[] = [];
  for (let length = compact.length; length <= MAX_REFERENCE_LENGTH; length++) forms.push(compact.padStart(length, "0"));
  return forms;
}

interface MatchScope {
  environment: string;
  /** When the payment came through a profile's own endpoint: only that profile's cases. */
  profileId?: string | null;
  currency: string;
}

interface Candidate {
  id: number;
  jobstatus: number;
  currency: string;
  reference: string | null;
}

/**
 * The case a reference pays. References the service creates are unique in an environment; a
 * billcode the customer chose may repeat, and then the one open case in the payment's currency is
 * taken. Several open candidates are ambiguous: the payment waits for manual allocation rather
 * than paying the wrong invoice.
 */
function choose(candidates: readonly Candidate[]): number | null {
  if (candidates.length === 1) return candidates[0]!.id;
  const open = candidates.filter((candidate) => !CLOSED_CODES.has(candidate.jobstatus));
  return open.length === 1 ? open[0]!.id : null;
}

const scopeWhere = (scope: Omit<MatchScope, "currency">) => ({
  environment: scope.environment,
  ...(scope.profileId ? { profileId: scope.profileId } : {}),
  jobtype: { not: 301 },
});

const CASE_FIELDS = { id: true, jobstatus: true, currency: true, reference: true } as const;

export async function findCaseByReference(tx: Tx, scope: MatchScope, reference: string): Promise<number | null> {
  const candidates = await tx.job.findMany({
    where: { ...scopeWhere(scope), reference: { in: referenceCandidates(reference) }, currency: scope.currency },
    select: CASE_FIELDS,
    orderBy: { id: "asc" },
    take: 20,
  });
  return choose(candidates);
}

/**
 * The same for a whole statement at once: one query per chunk of references instead of one per
 * payment. Keys are the compact references with the currency ("20261007 EUR").
 */
export async function findCasesByReferences(
  tx: Tx,
  scope: Omit<MatchScope, "currency">,
  payments: ReadonlyArray<{ reference: string; currency: string }>,
): Promise<Map<string, number | null>> {
  const found = new Map<string, number | null>();
  const unique = [...new Set(payments.map((payment) => compactReference(payment.reference)))];
  const byCompact = new Map<string, Candidate[]>();
  const allForms = unique.flatMap(referenceCandidates);
  const rows = await inChunks(
    allForms,
    (forms) => tx.job.findMany({ where: { ...scopeWhere(scope), reference: { in: forms } }, select: CASE_FIELDS, orderBy: { id: "asc" } }),
    900,
  );
  for (const row of rows) {
    const key = compactReference(row.reference ?? "");
    byCompact.set(key, [...(byCompact.get(key) ?? []), row]);
  }
  for (const payment of payments) {
    const compact = compactReference(payment.reference);
    const candidates = (byCompact.get(compact) ?? []).filter((candidate) => candidate.currency === payment.currency);
    found.set(`${compact} ${payment.currency}`, choose(candidates));
  }
  return found;
}
