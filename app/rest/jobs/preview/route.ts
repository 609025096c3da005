import { creditorOnFile } from "@/lib/service/documents/creditor";
import { previewPdf } from "@/lib/service/documents/job-pdf";
import { ServiceError } from "@/lib/service/errors";
import { pdfResponse } from "@/lib/service/http/pdf-response";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { rejectUnreadableFiles } from "@/lib/service/intake/check-files";
import { refuseUnpayableJobs } from "@/lib/service/intake/payee-account";
import { singleItemOf } from "@/lib/service/intake/single-job";
import { validateJob, type CheckedJob } from "@/lib/service/intake/validate-job";
import { jobOperations } from "@/lib/spec/operations/jobs";

/** POST /jobs/preview: the PDF a job would have, checked as intake checks it; nothing is stored. */
export const POST = route(jobOperations.preview, async ({ environment, clock, principal, body }) => {
  const checked = await rejectUnreadableFiles([validateJob(singleItemOf(body.value), 0, { environment, packageFiles: null })]);
  // The preview refuses what POST /jobs would refuse: a document no debtor could pay is not shown as if it could go.
  const [job] = refuseUnpayableJobs(checked, creditorOnFile(principal.profile), environment.country, !environment.isTest) as [CheckedJob];
  if (!job.ok) throw new ServiceError("invalid_job", "The job is not valid; nothing was previewed.", { problems: job.problems });
  const { pdf, filename } = await previewPdf(job.item, job.files[0]?.content ?? null, job.givenReference, principal.profile, environment, clock);
  return pdfResponse(pdf, filename);
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(jobOperations.preview.path);
