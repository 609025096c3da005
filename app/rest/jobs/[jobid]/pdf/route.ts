import { authenticate } from "@/lib/service/auth/verify-token";
import { pdfOfJob } from "@/lib/service/documents/job-pdf";
import { ServiceError } from "@/lib/service/errors";
import { pdfResponse } from "@/lib/service/http/pdf-response";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";

/** GET /jobs/{jobid}/pdf: the invoice image of a job, or a letter as it is printed. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const match = /\/jobs\/(\d{1,12})\/pdf$/.exec(new URL(request.url).pathname);
  const jobid = match ? Number(match[1]) : NaN;
  const found = Number.isSafeInteger(jobid) ? await pdfOfJob(db, principal.profile, environment, jobid, clock) : null;
  // Another profile's job and a job that does not exist look the same.
  if (!found) throw new ServiceError("not_found", `There is no job ${match?.[1] ?? ""} of this profile.`);
  return pdfResponse(found.pdf, found.filename);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
