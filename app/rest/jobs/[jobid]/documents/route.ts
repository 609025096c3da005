import { sentDocumentsOf } from "@/lib/service/documents/sent-documents";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { distributionOperations } from "@/lib/spec/operations/distribution";

/** GET /jobs/{jobid}/documents: every sending of the job's documents, and which letters are kept as sent. */
export const GET = route(distributionOperations.sentDocuments, async ({ db, principal, params }) =>
  Response.json(await sentDocumentsOf(db, principal.profile.id, params.jobid)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(distributionOperations.sentDocuments.path);
