import { parseJson } from "@/lib/platform/parse-json";
import { authenticate } from "@/lib/service/auth/verify-token";
import { pdfOfJob } from "@/lib/service/documents/job-pdf";
import { ServiceError } from "@/lib/service/errors";
import { idempotencyKey } from "@/lib/service/http/idempotency-key";
import { pdfResponse } from "@/lib/service/http/pdf-response";
import { mediaType, readBody } from "@/lib/service/http/read-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { checkItems } from "@/lib/service/intake/check-jobs";
import { postJobs } from "@/lib/service/intake/post-jobs";
import { MAX_SINGLE_JOB_BYTES, singleItemOf } from "@/lib/service/intake/single-job";

/**
 * POST /jobs/localprint: the caller prints the invoice itself. The job is stored and numbered as
 * POST /jobs would (with sendtype print: the service sends nothing), and the answer is its image.
 */
export const POST = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  if (mediaType(request) !== "application/json") {
    throw new ServiceError("unsupported_media_type", "Send the job as application/json.", { headers: { "Accept-Post": "application/json" } });
  }
  const body = await readBody(request, MAX_SINGLE_JOB_BYTES);
  let value: unknown;
  try {
    value = parseJson(body);
  } catch (error) {
    throw new ServiceError("malformed_request", `The body is not valid JSON: ${(error as Error).message}.`);
  }
  const item = singleItemOf(value);
  const printed = typeof item === "object" && item !== null ? { ...item, sendtype: "print" } : item;
  const outcome = await postJobs(db, {
    profile: principal.profile,
    environment,
    // One job: checked here, where it is read.
    checkJobs: async () => checkItems([printed], body, { environment, packageFiles: null }),
    source: "json",
    body,
    idempotencyKey: idempotencyKey(request),
    clock,
  });
  const result = outcome.body.result[0]!;
  if (result.accepted !== 1 || result.jobid === null) {
    throw new ServiceError("invalid_job", "The job is not valid; nothing was stored.", { problems: result.error?.problems ?? [] });
  }
  const found = await pdfOfJob(db, principal.profile, environment, result.jobid, clock);
  if (!found) throw new Error(`job ${result.jobid} was stored but cannot be read back`);
  const base = new URL(request.url).pathname.replace(/\/localprint$/, "");
  return pdfResponse(found.pdf, found.filename, {
    status: outcome.replayed ? 200 : 201,
    disposition: "attachment",
    headers: {
      Location: `${base}/${result.jobid}/pdf`,
      "Job-Id": String(result.jobid),
      ...(result.reference ? { "Payment-Reference": result.reference } : {}),
      ...(outcome.replayed ? { "Idempotent-Replayed": "true" } : {}),
    },
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
