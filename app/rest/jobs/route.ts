import { parseJson } from "@/lib/platform/parse-json";
import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { mediaType, readBody } from "@/lib/service/http/read-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { MAX_JSON_BODY_BYTES, MAX_ZIP_BODY_BYTES } from "@/lib/service/intake/limits";
import { postJobs } from "@/lib/service/intake/post-jobs";
import { readZipPackage } from "@/lib/service/intake/read-zip-package";
import { packageFileNames } from "@/lib/service/intake/validate-job";
import { jobEnvelopeSchema } from "@/lib/spec/jobs";
import { problemsFromZod } from "@/lib/spec/problems";

const ZIP_TYPES = new Set(["application/zip", "application/x-zip-compressed", "application/octet-stream"]);

function idempotencyKey(request: Request): string | null {
  const key = request.headers.get("idempotency-key");
  if (key === null) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new ServiceError("invalid_request", "Idempotency-Key must be 1 to 255 visible ASCII characters.");
  }
  return key;
}

function parseEnvelope(value: unknown, where: string) {
  const parsed = jobEnvelopeSchema.safeParse(value);
  if (!parsed.success) {
    throw new ServiceError("invalid_request", `${where} is not a job envelope.`, { problems: problemsFromZod(parsed.error) });
  }
  return parsed.data.datastream.dataset;
}

/** POST /jobs: a job envelope as JSON, or a ZIP package of an index and its files. */
export const POST = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const key = idempotencyKey(request);
  const type = mediaType(request);

  if (type === "application/json") {
    const body = await readBody(request, MAX_JSON_BODY_BYTES);
    let value: unknown;
    try {
      value = parseJson(body, { allowLoneSurrogates: true });
    } catch (error) {
      throw new ServiceError("malformed_request", `The body is not valid JSON: ${(error as Error).message}.`);
    }
    const items = parseEnvelope(value, "The body");
    const outcome = await postJobs(db, { profile: principal.profile, environment, items, packageFiles: null, source: "json", body, json: body, idempotencyKey: key, clock });
    return Response.json(outcome.body, { status: outcome.status, headers: outcome.replayed ? { "Idempotent-Replayed": "true" } : {} });
  }

  if (ZIP_TYPES.has(type)) {
    const body = await readBody(request, MAX_ZIP_BODY_BYTES);
    const zip = await readZipPackage(body, packageFileNames);
    const items = parseEnvelope(zip.index, `The index ${zip.indexName}`);
    const outcome = await postJobs(db, {
      profile: principal.profile,
      environment,
      items,
      packageFiles: zip.files,
      source: "zip",
      body,
      json: zip.indexBytes,
      idempotencyKey: key,
      clock,
    });
    return Response.json(outcome.body, { status: outcome.status, headers: outcome.replayed ? { "Idempotent-Replayed": "true" } : {} });
  }

  throw new ServiceError("unsupported_media_type", `Send the jobs as application/json or as a ZIP package (application/zip), not ${type || "a body without Content-Type"}.`, {
    headers: { "Accept-Post": "application/json, application/zip" },
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
