import { createHash } from "node:crypto";

import { isReplayedAnswer, ServiceRequestError, type JobEnvelopeMembers } from "@/lib/client";
import type { Db } from "@/lib/db/client";
import { errorFields, log } from "@/lib/log";
import { recordPostedJobs } from "@/lib/portal/cases/record-posted-jobs";
import { clientFor, type Connection } from "@/lib/portal/connections/connections";
import { serviceFailureLine } from "@/lib/portal/events/describe-service-failure";
import { keyed } from "@/lib/portal/i18n/messages";
import type { JobsResponse } from "@/lib/spec/jobs";

import { readZipIndexOnThread } from "./read-zip-index-on-thread";
import type { UploadKind } from "./upload-file";
import { toResultRows, type UploadEvent, type UploadResultRow } from "./upload-results";

/*
 * A bulk upload, once its body is in and its user may post: the jobs go to the service through the
 * connection's client (a JSON upload split into requests within the limits, a ZIP package as one
 * request), each answer is reported as it comes, the accepted jobs open cases, and the last event
 * carries a result row for every document.
 */

/** A request of a large upload (500 letters with their PDFs, a 64 MiB package) takes the service a while. */
const REQUEST_TIMEOUT_MS = 180_000;

interface UploadWork {
  db: Db;
  organizationId: string;
  connection: Connection;
  kind: UploadKind;
  bytes: Uint8Array;
  /** The jobs of a JSON upload, already parsed by the route handler. */
  items?: readonly unknown[];
  /** The datastream's other members of a JSON upload (batchid, origname …), sent along. */
  envelope?: Record<string, unknown>;
}

/**
 * The same file through the same connection is one upload: a retry after a lost answer (or the
 * same file chosen again) gets the service's first answers back instead of a second set of jobs.
 */
function uploadIdempotencyKey(organizationId: string, connectionId: string, kind: UploadKind, bytes: Uint8Array): string {
  return createHash("sha256").update(`upload\u0000${organizationId}\u0000${connectionId}\u0000${kind}\u0000`).update(bytes).digest("hex");
}

/** The failed event's line: a keyed message where the portal words it, the service's own words otherwise (the page says both). */
function failureMessage(error: unknown): { message: string; status: number | null } {
  if (error instanceof ServiceRequestError) return { message: serviceFailureLine(error), status: error.status };
  return { message: keyed("uploadNoAnswer"), status: null };
}

/** Runs the upload, reporting each step through emit; never throws (a failure is the last event). */
export async function runUpload(work: UploadWork, emit: (event: UploadEvent) => void): Promise<void> {
  try {
    await postUpload(work, emit);
  } catch (error) {
    log.error("bulk upload failed", { ...errorFields(error), connectionId: work.connection.id });
    emit({
      type: "failed",
      message: keyed("uploadFailedOnOurSide"),
      status: null,
      rows: [],
      currency: null,
    });
  }
}

/**
 * Cases of the accepted jobs. The service has stored the jobs whatever happens here, so a failure
 * to record them is logged and the results are still shown (their cases follow from the events).
 */
async function record(work: UploadWork, items: readonly unknown[], response: JobsResponse): Promise<(string | null)[]> {
  try {
    return await recordPostedJobs(work.db, { organizationId: work.organizationId, connection: work.connection, items, response });
  } catch (error) {
    log.error("recording the cases of a bulk upload failed", { ...errorFields(error), connectionId: work.connection.id });
    return [];
  }
}

async function postUpload(work: UploadWork, emit: (event: UploadEvent) => void): Promise<void> {
  const { organizationId, connection, kind, bytes } = work;
  const currency = connection.environment.rules.currency;
  const client = clientFor(connection);
  const idempotencyKey = uploadIdempotencyKey(organizationId, connection.id, kind, bytes);
  const items = kind === "json" ? [...(work.items ?? [])] : await readZipIndexOnThread(bytes);
  emit({ type: "received", documents: items?.length ?? null });

  let response: JobsResponse;
  try {
    if (kind === "json") {
      response = await client.postJobs(items!, {
        idempotencyKey,
        timeoutMs: REQUEST_TIMEOUT_MS,
        envelope: work.envelope as JobEnvelopeMembers | undefined,
        onProgress: (progress) => emit({ type: "progress", done: progress.sent, total: progress.total }),
      });
    } else {
      response = await client.postZip(bytes, { idempotencyKey, timeoutMs: REQUEST_TIMEOUT_MS });
      emit({ type: "progress", done: response.result.length, total: response.result.length });
    }
  } catch (error) {
    if (!(error instanceof ServiceRequestError)) log.warn("bulk upload failed", { ...errorFields(error), connectionId: connection.id });
    // The requests answered before the failure stored their jobs at the service: they open their
    // cases and are shown, whatever happened to the rest.
    const partial = error instanceof ServiceRequestError ? error.partial : undefined;
    let rows: UploadResultRow[] = [];
    if (partial && partial.result.length > 0) {
      const caseIds = await record(work, (items ?? []).slice(0, partial.result.length), partial);
      rows = toResultRows(partial, caseIds);
    }
    emit({ type: "failed", ...failureMessage(error), rows, currency });
    return;
  }
  const caseIds = await record(work, items ?? [], response);
  emit({ type: "done", rows: toResultRows(response, caseIds), currency, repeat: isReplayedAnswer(response) });
}
