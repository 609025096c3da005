import { pdfOfJob } from "@/lib/service/documents/job-pdf";
import { ServiceError } from "@/lib/service/errors";
import { pdfResponse } from "@/lib/service/http/pdf-response";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { checkItems } from "@/lib/service/intake/check-jobs";
import { postJobs } from "@/lib/service/intake/post-jobs";
import { singleItemOf } from "@/lib/service/intake/single-job";
import { jobOperations } from "@/lib/spec/operations/jobs";

/**
 * POST /jobs/localprint: the caller prints the invoice itself. The job is stored and numbered as
 * POST /jobs would (with sendtype print: the service sends nothing), and the answer is its image.
 */
export const POST = route(jobOperations.localPrint, async ({ request, environment, db, clock, principal, body, idempotencyKey }) => {
  const item = singleItemOf(body.value);
  const printed = typeof item === "object" && item !== null ? { ...item, sendtype: "print" } : item;
  const outcome = await postJobs(db, {
    profile: principal.profile,
    environment,
    // One job: checked here, where it is read.
    checkJobs: async () => checkItems([printed], body.raw, { environment, packageFiles: null }),
    source: "json",
    body: body.raw,
    idempotencyKey,
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
      // billcode may be a free message in any script, and a header carries bytes: a reference is
      // printable ASCII (national digits or RF), anything else stays in the PDF and the job alone.
      ...(result.reference && /^[\x20-\x7e]+$/.test(result.reference) ? { "Payment-Reference": result.reference } : {}),
      ...(outcome.replayed ? { "Idempotent-Replayed": "true" } : {}),
    },
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(jobOperations.localPrint.path);
