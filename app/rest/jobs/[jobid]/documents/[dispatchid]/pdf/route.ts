import { sentDocumentPdf } from "@/lib/service/documents/sent-documents";
import { ServiceError } from "@/lib/service/errors";
import { pdfResponse } from "@/lib/service/http/pdf-response";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { distributionOperations } from "@/lib/spec/operations/distribution";

/** GET /jobs/{jobid}/documents/{dispatchid}/pdf: a reminder or collection letter exactly as it was sent. */
export const GET = route(distributionOperations.sentDocumentPdf, async ({ db, principal, params }) => {
  const found = await sentDocumentPdf(db, principal.profile.id, params.jobid, params.dispatchid);
  if (!found) throw new ServiceError("not_found", `Job ${params.jobid} of this profile has no kept letter of sending ${params.dispatchid}.`);
  return pdfResponse(found.pdf, found.filename);
});

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(distributionOperations.sentDocumentPdf.path);
