import { authenticate } from "@/lib/service/auth/verify-token";
import { previewPdf } from "@/lib/service/documents/job-pdf";
import { ServiceError } from "@/lib/service/errors";
import { pdfResponse } from "@/lib/service/http/pdf-response";
import { mediaType, readJson } from "@/lib/service/http/read-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { rejectUnreadableFiles } from "@/lib/service/intake/check-files";
import { MAX_SINGLE_JOB_BYTES, singleItemOf } from "@/lib/service/intake/single-job";
import { validateJob, type CheckedJob } from "@/lib/service/intake/validate-job";

/** POST /jobs/preview: the PDF a job would have, checked as intake checks it; nothing is stored. */
export const POST = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  if (mediaType(request) !== "application/json") {
    throw new ServiceError("unsupported_media_type", "Send the job as application/json.", { headers: { "Accept-Post": "application/json" } });
  }
  const { value } = await readJson(request, MAX_SINGLE_JOB_BYTES);
  const [job] = (await rejectUnreadableFiles([validateJob(singleItemOf(value), 0, { environment, packageFiles: null })])) as [CheckedJob];
  if (!job.ok) throw new ServiceError("invalid_job", "The job is not valid; nothing was previewed.", { problems: job.problems });
  const { pdf, filename } = await previewPdf(job.item, job.files[0]?.content ?? null, job.givenReference, principal.profile, environment, clock);
  return pdfResponse(pdf, filename);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
