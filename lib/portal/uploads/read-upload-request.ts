import { mediaTypeOf } from "@/lib/platform/media-type";
import { readBoundedBody } from "@/lib/platform/read-bounded-body";
import { portalProblem, type ProblemStatus } from "@/lib/portal/http/problem-details";

import { hasZipMagic, MAX_UPLOAD_BYTES, parseJobEnvelope, type UploadKind } from "./upload-file";

/*
 * The request of a bulk upload, checked before anything is posted: from the portal's own pages,
 * of a kind the upload takes, within the interface's size caps (counted while it streams in, so a
 * missing or lying Content-Length cannot get more through), and for a JSON upload a job envelope.
 * Any refusal is an RFC 9457 problem with its status.
 */

type UploadRequest =
  | { ok: true; kind: UploadKind; bytes: Uint8Array; items?: unknown[]; envelope?: Record<string, unknown>; connectionId: string }
  | { ok: false; response: Response };

const refuse = (status: ProblemStatus, detail: string): UploadRequest => ({ ok: false, response: portalProblem(status, detail) });

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

export async function readUploadRequest(request: Request): Promise<UploadRequest> {
  if (!isSameOrigin(request)) return refuse(403, "Uploads are accepted from the portal's own pages only.");
  const connectionId = new URL(request.url).searchParams.get("connection");
  if (!connectionId || connectionId.length > 100) return refuse(400, "Name the connection to post through (?connection=…).");
  const kind = kindOf(request.headers);
  if (!kind) return { ok: false, response: portalProblem(415, "Send a job envelope as application/json or a package as application/zip.") };
  const cap = MAX_UPLOAD_BYTES[kind];
  const body = await readBoundedBody(request, cap);
  if (!body.ok) return refuse(413, `The file is larger than ${cap} bytes, the most the service takes in one upload.`);
  const bytes: Uint8Array = body.bytes;
  if (bytes.byteLength === 0) return refuse(400, "The file is empty.");
  if (kind === "zip") {
    if (!hasZipMagic(bytes)) return refuse(400, "The file is not a ZIP archive.");
    return { ok: true, kind, bytes, connectionId };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse(400, "The file is not UTF-8 text.");
  }
  const parsed = parseJobEnvelope(text);
  if (!parsed.ok)
    return refuse(400, parsed.problem === "notJson" ? `The file is not valid JSON: ${parsed.detail}` : `The file is not a job envelope: ${parsed.detail}`);
  return { ok: true, kind, bytes, items: parsed.items, envelope: parsed.envelope, connectionId };
}
