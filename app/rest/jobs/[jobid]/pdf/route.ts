import { pdfOfJob } from "@/lib/service/documents/job-pdf";
import { ServiceError } from "@/lib/service/errors";
import { pdfResponse } from "@/lib/service/http/pdf-response";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { jobOperations } from "@/lib/spec/operations/jobs";

/** GET /jobs/{jobid}/pdf: the invoice image of a job, or a letter as it is printed. */
export const GET = route(jobOperations.pdf, async ({ environment, db, clock, principal, params }) => {
  const found = await pdfOfJob(db, principal.profile, environment, params.jobid, clock);
  // Another profile's job and a job that does not exist look the same.
  if (!found) throw new ServiceError("not_found", `There is no job ${params.jobid} of this profile.`);
  return pdfResponse(found.pdf, found.filename);
});

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(jobOperations.pdf.path);
