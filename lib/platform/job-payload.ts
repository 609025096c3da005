import type { z } from "zod";

import { log } from "../log";

import { metrics } from "./metrics";

/*
 * A job's row read through its kind's payload schema (lib/service/workers/job-kinds.ts), once, when
 * it is claimed and before its handler runs. A row that does not fit (written by an older version,
 * changed by hand in the database, written by a bug) would fail the same way on every attempt, so
 * it is not retried: the caller finishes it as failed with `reason`. The reason names the members
 * and what was wrong with them, never their values, which may be personal data or a secret.
 */

type JobPayload<T> = { ok: true; payload: T } | { ok: false; reason: string };

/** At most this much of the reason is kept: it goes into a lastError column and a log line. */
const REASON_LIMIT = 500;

export function parseJobPayload<Schema extends z.ZodType>(schema: Schema, row: unknown): JobPayload<z.output<Schema>> {
  const parsed = schema.safeParse(row, { reportInput: false });
  if (parsed.success) return { ok: true, payload: parsed.data };
  return { ok: false, reason: invalidReason(parsed.error) };
}

/** "The stored job is not valid: to: …; data.payment.0.cid: …", from the issues, without input values. */
function invalidReason(error: z.ZodError): string {
  const issues = error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join(".") : "(row)"}: ${issue.message}`);
  const reason = `The stored job is not valid, so it is not tried again: ${issues.join("; ")}`;
  return reason.length > REASON_LIMIT ? `${reason.slice(0, REASON_LIMIT - 1)}…` : reason;
}

/** A row that did not fit its kind, finished without a try: counted as jobs_total{outcome="invalid"} and logged once, with its ids and the reason. */
export function reportInvalidJob(kind: "mail" | "dispatch" | "portalBatch", fields: Record<string, string> & { reason: string }): void {
  metrics().jobs.inc({ kind, outcome: "invalid" });
  log.warn(`${kind} job not valid, finished without a try`, fields);
}
