import { isLargeDocument, LARGE_DOCUMENT_UNITS, MAX_DOCUMENT_UNITS, MAX_JSON_BODY_BYTES, utf8Length } from "../spec/limits";

/*
 * How the client cuts a list of dataset items into POST /jobs requests the service accepts
 * (README "Limits", lib/spec/limits.ts): at most 1000 small-document units per request,
 * where a larger document (one that carries a file, or whose JSON is over 16 KiB) counts as two,
 * and at most 64 MiB of JSON per body.
 *
 * Which documents are larger is the interface's one rule (isLargeDocument, lib/spec/limits.ts),
 * measured without Buffer, as this module is meant to run in a browser too (an upload page may
 * split before it posts).
 *
 * The split is a pure function of the items: the same items always give the same chunks, so a
 * retry with the same Idempotency-Key sends the same bodies under the same per-chunk keys and the
 * service replays what it already stored.
 */

interface SplitLimits {
  /** Small-document units per request. */
  maxUnits: number;
  /** Bytes of a whole JSON body, envelope included. */
  maxBodyBytes: number;
}

const JOBS_REQUEST_LIMITS: SplitLimits = { maxUnits: MAX_DOCUMENT_UNITS, maxBodyBytes: MAX_JSON_BODY_BYTES };

export interface JobChunk {
  /** Index in the original list of the chunk's first item. */
  start: number;
  /** Each item's JSON, in order. */
  json: string[];
  units: number;
  /** Bytes of the items' JSON with the commas between them, without the envelope. */
  bytes: number;
}

/** Thrown when one item alone does not fit in a request, so no split can send it. */
export class JobTooLargeError extends Error {
  constructor(
    readonly index: number,
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(`The job at index ${index} is ${formatBytes(bytes)} of JSON; a request to POST /jobs holds at most ${formatBytes(maxBytes)}.`);
    this.name = "JobTooLargeError";
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

/** How many small-document units an item counts as, given its JSON. */
export function documentUnits(item: unknown, json: string = JSON.stringify(item) ?? ""): number {
  return isLargeDocument(item, json) ? LARGE_DOCUMENT_UNITS : 1;
}

/**
 * The items in request-sized chunks, greedily in order. `envelopeBytes` is what the body holds
 * besides the items (the datastream envelope and its other members).
 */
export function splitJobs(items: readonly unknown[], envelopeBytes: number, limits: SplitLimits = JOBS_REQUEST_LIMITS): JobChunk[] {
  const room = limits.maxBodyBytes - envelopeBytes;
  const chunks: JobChunk[] = [];
  let current: JobChunk | null = null;
  items.forEach((item, index) => {
    // An item an array cannot hold (undefined, a function) is written as null, as JSON.stringify of the array would.
    const json = JSON.stringify(item) ?? "null";
    const bytes = utf8Length(json);
    const units = documentUnits(item, json);
    if (bytes > room) throw new JobTooLargeError(index, bytes + envelopeBytes, limits.maxBodyBytes);
    if (current && (current.units + units > limits.maxUnits || current.bytes + 1 + bytes > room)) current = null;
    if (!current) {
      current = { start: index, json: [json], units, bytes };
      chunks.push(current);
    } else {
      current.json.push(json);
      current.units += units;
      current.bytes += 1 + bytes;
    }
  });
  return chunks;
}

/**
 * The body of one chunk: the envelope's own members as given, then the items as already
 * serialized (no second JSON.stringify of a large upload).
 */
export function chunkBody(head: string, chunk: JobChunk): string {
  return `${head}${chunk.json.join(",")}]}}`;
}

/**
 * The start of a body up to the dataset's opening bracket, for the given envelope members
 * (`noreport`, `origname`, `batchid` …); any `dataset` among them is ignored.
 */
export function envelopeHead(envelope: Record<string, unknown> = {}): string {
  const members = { ...envelope };
  delete members.dataset;
  // `{"datastream":{…}}` without its last two braces; it ends in "{" only when no member was written.
  const open = JSON.stringify({ datastream: members }).slice(0, -2);
  return `${open}${open.endsWith("{") ? "" : ","}"dataset":[`;
}

/** Bytes of the envelope around the items. */
export function envelopeBytes(head: string): number {
  return utf8Length(head) + "]}}".length;
}

/** The Idempotency-Key of chunk n (1-based) of a post made with `key`. */
export function chunkIdempotencyKey(key: string, n: number): string {
  return `${key}-${n}`;
}
