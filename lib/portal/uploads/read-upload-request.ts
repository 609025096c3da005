import { mediaTypeOf } from "@/lib/platform/media-type";
import { readBoundedBody } from "@/lib/platform/read-bounded-body";
import { portalProblem, type ProblemStatus } from "@/lib/portal/http/problem-details";
import { fillText, LOCALE_TAGS, type Locale } from "@/lib/portal/i18n/locale";

import { formatBytes } from "./format-bytes";
import { UPLOAD_TEXTS } from "./texts";
import { hasZipMagic, MAX_UPLOAD_BYTES, parseJobEnvelope, type UploadKind } from "./upload-file";

/*
 * The request of a bulk upload, checked before anything is posted: from the portal's own pages,
 * of a kind the upload takes, within the interface's size caps (counted while it streams in, so a
 * missing or lying Content-Length cannot get more through), and for a JSON upload a job envelope.
 * Any refusal is an RFC 9457 problem with its status, said in the user's language with the upload
 * page's own texts, so the page shows it as it came.
 */

type UploadRequest =
  | { ok: true; kind: UploadKind; bytes: Uint8Array; items?: unknown[]; envelope?: Record<string, unknown>; connectionId: string }
  | { ok: false; response: Response };

/**
 * A cross-site page cannot send application/json or application/zip without a CORS preflight,
 * which the portal never grants; the Origin check refuses such a request even where a browser
 * would let it through, as Next does for server actions.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return true;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function kindOf(headers: Headers): UploadKind | null {
  const type = mediaTypeOf(headers);
  if (type === "application/json") return "json";
  if (type === "application/zip") return "zip";
  return null;
}

export async function readUploadRequest(request: Request, locale: Locale = "eng"): Promise<UploadRequest> {
  const t = UPLOAD_TEXTS[locale];
  const refuse = (status: ProblemStatus, detail: string): UploadRequest => ({ ok: false, response: portalProblem(status, detail, locale) });
  if (!isSameOrigin(request)) return refuse(403, t.requestProblems.otherOrigin);
  const connectionId = new URL(request.url).searchParams.get("connection");
  if (!connectionId || connectionId.length > 100) return refuse(400, t.requestProblems.noConnection);
  const kind = kindOf(request.headers);
  if (!kind) return refuse(415, t.requestProblems.mediaType);
  const cap = MAX_UPLOAD_BYTES[kind];
  const body = await readBoundedBody(request, cap);
  if (!body.ok) return refuse(413, fillText(t.fileProblems.tooLarge, { size: formatBytes(cap, LOCALE_TAGS[locale]) }));
  const bytes: Uint8Array = body.bytes;
  if (bytes.byteLength === 0) return refuse(400, t.fileProblems.empty);
  if (kind === "zip") {
    if (!hasZipMagic(bytes)) return refuse(400, t.fileProblems.notZip);
    return { ok: true, kind, bytes, connectionId };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse(400, t.fileProblems.notUtf8);
  }
  const parsed = parseJobEnvelope(text);
  if (!parsed.ok) return refuse(400, fillText(t.fileProblems[parsed.problem], { detail: parsed.detail }));
  return { ok: true, kind, bytes, items: parsed.items, envelope: parsed.envelope, connectionId };
}
