import { z } from "zod";

import type { JobsResponse } from "@/lib/spec/jobs";
import { problemMessage } from "@/lib/spec/problems";

/*
 * The per-document results of a bulk upload as the results table shows them, and the lines the
 * upload's route handler streams to the browser while it works (NDJSON: one JSON object a line).
 * Both ends parse the lines with the same schema.
 */

/** `message` is a rule of the interface by its key (problemMessage) where the service named one, else its own words: the page says it in the reader's language. */
const resultReasonSchema = z.object({ field: z.string().nullable(), message: z.string() });

const uploadResultRowSchema = z.object({
  /** Position of the job in the uploaded dataset, 0-based as the interface counts. */
  index: z.int().min(0),
  accepted: z.boolean(),
  jobid: z.int().nullable(),
  reference: z.string().nullable(),
  billnum: z.string().nullable(),
  receiver: z.string().nullable(),
  /** Major units, as the service answers. */
  amount: z.number().nullable(),
  ownref: z.string().nullable(),
  notice: z.string().nullable(),
  caseId: z.string().nullable(),
  reasons: z.array(resultReasonSchema),
});
export type UploadResultRow = z.infer<typeof uploadResultRowSchema>;

const uploadEventSchema = z.discriminatedUnion("type", [
  /** The body arrived whole; `documents` is how many jobs it holds, when the portal could tell. */
  z.object({ type: z.literal("received"), documents: z.int().min(0).nullable() }),
  /** Jobs the service has answered so far. */
  z.object({ type: z.literal("progress"), done: z.int().min(0), total: z.int().min(0) }),
  /** `repeat`: the same file went through this connection before; the rows are the service's answers from then. */
  z.object({ type: z.literal("done"), rows: z.array(uploadResultRowSchema), currency: z.string().nullable(), repeat: z.boolean().default(false) }),
  /**
   * The upload stopped: the service refused the request as a whole, or did not answer. `rows` are
   * the results of the requests answered before it stopped (those jobs are stored).
   */
  z.object({
    type: z.literal("failed"),
    message: z.string(),
    status: z.int().nullable(),
    rows: z.array(uploadResultRowSchema),
    currency: z.string().nullable(),
  }),
]);
export type UploadEvent = z.infer<typeof uploadEventSchema>;

/** One result row per job of the response, with the case each accepted job opened. */
export function toResultRows(response: JobsResponse, caseIds: readonly (string | null)[] = [], offset = 0): UploadResultRow[] {
  return response.result.map((result, position) => {
    const index = offset + position;
    const accepted = result.accepted === 1;
    let reasons = accepted ? [] : (result.error?.problems ?? []).map((problem) => ({ field: problem.field, message: problemMessage(problem) }));
    // A rejected record without its own error still has its problems in the top-level errors[].
    if (!accepted && reasons.length === 0) {
      reasons = response.errors.filter((error) => error.index === position).map((error) => ({ field: error.field, message: problemMessage(error) }));
    }
    if (!accepted && reasons.length === 0 && result.error?.message) reasons = [{ field: null, message: result.error.message }];
    return {
      index,
      accepted,
      jobid: result.jobid,
      reference: result.reference ?? result.billcode,
      billnum: result.billnum,
      receiver: result.receiver,
      amount: result.amount,
      ownref: result.ownref,
      notice: result.notice,
      caseId: caseIds[position] ?? null,
      reasons,
    };
  });
}

interface UploadSummary {
  accepted: number;
  rejected: number;
}

export function summariseRows(rows: readonly UploadResultRow[]): UploadSummary {
  const accepted = rows.filter((row) => row.accepted).length;
  return { accepted, rejected: rows.length - accepted };
}

/**
 * Reads NDJSON as it arrives: feed it the response text so far, get the events of the lines that
 * are complete since the last call. A line that does not parse is skipped, not fatal: the final
 * line decides.
 */
export function ndjsonReader(): (textSoFar: string) => UploadEvent[] {
  let consumed = 0;
  return (textSoFar) => {
    const events: UploadEvent[] = [];
    let newline = textSoFar.indexOf("\n", consumed);
    while (newline !== -1) {
      const line = textSoFar.slice(consumed, newline).trim();
      consumed = newline + 1;
      if (line) {
        try {
          const parsed = uploadEventSchema.safeParse(JSON.parse(line));
          if (parsed.success) events.push(parsed.data);
        } catch {
          // Not JSON: ignored, as documented above.
        }
      }
      newline = textSoFar.indexOf("\n", consumed);
    }
    return events;
  };
}
