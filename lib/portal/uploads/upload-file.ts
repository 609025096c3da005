import { jobEnvelopeSchema } from "@/lib/spec/jobs";
import { MAX_JSON_BODY_BYTES, MAX_ZIP_BODY_BYTES } from "@/lib/spec/limits";

import { chosenFileKind, chosenFileProblem, type FileKind } from "./chosen-file-problem";

/*
 * What the bulk upload accepts, checked in the browser before a byte is sent and again by the
 * route handler: a job envelope as JSON, or a ZIP package (index.json and the PDFs it names).
 * The caps are the interface's documented limits (README "Limits", the OpenAPI description of
 * POST /jobs): a file over them would only be refused after a long upload. A JSON upload may hold
 * more documents than one request takes; the client splits it into requests within the limits.
 */

export const MAX_JSON_UPLOAD_BYTES = MAX_JSON_BODY_BYTES;
export const MAX_ZIP_UPLOAD_BYTES = MAX_ZIP_BODY_BYTES;

export type UploadKind = "json" | "zip";

type UploadFileProblem = "unknownType" | "empty" | "tooLarge";

export const UPLOAD_CONTENT_TYPES: Record<UploadKind, string> = { json: "application/json", zip: "application/zip" };

export const MAX_UPLOAD_BYTES: Record<UploadKind, number> = { json: MAX_JSON_UPLOAD_BYTES, zip: MAX_ZIP_UPLOAD_BYTES };

const UPLOAD_KINDS: Record<UploadKind, FileKind> = {
  json: { extensions: [".json"], types: [UPLOAD_CONTENT_TYPES.json], maxBytes: MAX_UPLOAD_BYTES.json },
  zip: { extensions: [".zip"], types: [UPLOAD_CONTENT_TYPES.zip, "application/x-zip-compressed", "application/x-zip"], maxBytes: MAX_UPLOAD_BYTES.zip },
};

export function uploadKindOf(file: { name: string; type: string }): UploadKind | null {
  return chosenFileKind(file, UPLOAD_KINDS);
}

export function uploadFileProblem(file: { name: string; type: string; size: number }): UploadFileProblem | null {
  const problem = chosenFileProblem(file, UPLOAD_KINDS);
  return problem === "unknownKind" ? "unknownType" : problem;
}

/** A ZIP archive starts with a local file header, or is an empty archive's end record. */
export function hasZipMagic(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06));
}

type EnvelopeParse = { ok: true; items: unknown[]; envelope: Record<string, unknown> } | { ok: false; problem: "notJson" | "notEnvelope"; detail: string };

/**
 * The job envelope of a JSON upload: `{ "datastream": { "dataset": [ … ] } }` with at least one
 * job. Only the envelope is checked here; each job is the service's to judge, on its own, so one
 * bad job never stops the good ones.
 */
export function parseJobEnvelope(text: string): EnvelopeParse {
  let json: unknown;
  try {
    // A byte order mark is how some Windows tools start a UTF-8 file; JSON.parse refuses it.
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return { ok: false, problem: "notJson", detail: error instanceof Error ? error.message : String(error) };
  }
  const parsed = jobEnvelopeSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String).join(".") ?? "";
    return { ok: false, problem: "notEnvelope", detail: path ? `${path} ${issue?.message ?? ""}`.trim() : (issue?.message ?? "") };
  }
  const { dataset, ...envelope } = parsed.data.datastream;
  return { ok: true, items: dataset, envelope };
}
