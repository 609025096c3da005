/*
 * Limits of POST /jobs. The specification allows "up to 1000 small documents, or up to 500 larger
 * documents" per request and leaves the boundary and the byte limits to us:
 *
 * - A document is larger when it carries a file (a PDF in image.file, a file from the ZIP package,
 *   attachments) or when its JSON is over 16 KiB. A larger document counts as two small ones, and a
 *   request may hold at most 1000 small-document units: 1000 small, 500 larger, or any mix that
 *   adds up to 1000.
 * - Bodies: JSON at most 64 MiB, a ZIP package at most 64 MiB, and its contents at most 256 MiB
 *   uncompressed, in at most 2001 entries (an index and 2000 files), no entry over 16 MiB (the
 *   index) or 10 MiB (a PDF).
 *
 * Over any of these the request is refused as a whole with 413 and nothing is stored. A package
 * entry that expands more than 30-fold (100-fold for the index: JSON compresses well, PDFs hardly)
 * is taken for a zip bomb and refused with 400, as is an archive that cannot be read.
 */

export const MAX_DOCUMENT_UNITS = 1000;
export const LARGE_DOCUMENT_UNITS = 2;
const LARGE_DOCUMENT_JSON_BYTES = 16 * 1024;

export const MAX_JSON_BODY_BYTES = 64 * 1024 * 1024;
/** The body of POST /jobs/preview and /jobs/localprint: one job, its letter PDF inline. */
export const MAX_SINGLE_JOB_BYTES = 16 * 1024 * 1024;
export const MAX_ZIP_BODY_BYTES = 64 * 1024 * 1024;
/** The caps of a ZIP package's contents (lib/platform/read-zip-package.ts), the same for the service and the portal. */
export const ZIP_PACKAGE_LIMITS = {
  entries: 2001,
  totalBytes: 256 * 1024 * 1024,
  index: { bytes: 16 * 1024 * 1024, ratio: 100 },
  file: { bytes: 10 * 1024 * 1024, ratio: 30 },
} as const;

/** JSON members whose presence makes a document a larger one (the client reads it too: no Buffer here). */
function carriesFile(item: unknown): boolean {
  if (typeof item !== "object" || item === null) return false;
  const record = item as Record<string, unknown>;
  const image = record.image as Record<string, unknown> | undefined;
  const attachment = record.attachment;
  return Boolean(
    (image && typeof image === "object" && (image.file || image.filename)) ||
    record.filename || // the older letter generation names its PDF at the top
    (Array.isArray(attachment) ? attachment.length > 0 : attachment && typeof attachment === "object"),
  );
}

/** UTF-8 length of a string without encoding it (JSON.stringify never leaves lone surrogates). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Whether a document is a larger one, for the service counting a request and for the client
 * splitting one alike; `json` is the item's JSON where the caller has written it already.
 */
export function isLargeDocument(item: unknown, json?: string): boolean {
  // A file decides it: an item with an inline PDF is never written out to be measured.
  if (carriesFile(item)) return true;
  return utf8Length(json ?? JSON.stringify(item) ?? "") > LARGE_DOCUMENT_JSON_BYTES;
}

/** Why a request holds too many documents, or null when it is within the limit. */
export function documentLimitProblem(items: readonly unknown[]): string | null {
  // Up to 500 documents fit whatever their size, so the common case measures nothing.
  if (items.length <= MAX_DOCUMENT_UNITS / LARGE_DOCUMENT_UNITS) return null;
  if (items.length > MAX_DOCUMENT_UNITS) {
    return `The request holds ${items.length} documents; at most ${MAX_DOCUMENT_UNITS} small or ${MAX_DOCUMENT_UNITS / LARGE_DOCUMENT_UNITS} larger documents fit in one request.`;
  }
  let large = 0;
  for (const item of items) if (isLargeDocument(item)) large++;
  const units = items.length + large * (LARGE_DOCUMENT_UNITS - 1);
  if (units <= MAX_DOCUMENT_UNITS) return null;
  return `The request holds ${items.length - large} small and ${large} larger documents (a larger one carries a file or is over 16 KiB and counts as two); at most ${MAX_DOCUMENT_UNITS} small-document units fit in one request.`;
}

/** A bank statement file of POST /payments/statements: a busy account's day stays far below it; a larger file is refused unread. */
export const MAX_STATEMENT_BYTES = 25 * 1024 * 1024;

/** Payments in one bank statement of POST /payments/statements: 25 MiB of XML is some 20 000; larger days are sent as several files. */
export const MAX_STATEMENT_PAYMENTS = 20_000;
