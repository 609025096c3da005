import { createHash } from "node:crypto";

import { CamtError, parseCamt, type CamtDocument } from "../../payment-data/camt/parse-camt";
import { MAX_STATEMENT_PAYMENTS } from "../../spec/limits";

/*
 * A bank statement read as the import needs it: its camt message parsed and its SHA-256 taken. A
 * render pool task (render-tasks.ts): a file of up to 25 MiB takes the XML parser seconds, which on
 * the thread that answers requests held every other request for as long. Why a file is refused
 * comes back as a value (an error's class is lost between threads); a file of more payments than one
 * import books comes back as its count only, not as the payments the import will not read.
 */

type StatementReading =
  | { ok: true; sha256: string; camt: CamtDocument }
  | { ok: false; problem: "unreadable"; message: string }
  | { ok: false; problem: "too_many_payments"; payments: number };

export function readStatement(bytes: Uint8Array): StatementReading {
  const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let camt: CamtDocument;
  try {
    camt = parseCamt(content);
  } catch (error) {
    if (error instanceof CamtError) return { ok: false, problem: "unreadable", message: error.message };
    throw error;
  }
  if (camt.payments.length > MAX_STATEMENT_PAYMENTS) return { ok: false, problem: "too_many_payments", payments: camt.payments.length };
  return { ok: true, sha256: createHash("sha256").update(content).digest("hex"), camt };
}
