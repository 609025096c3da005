import { debtorLinkOf } from "@/lib/service/debtor/debtor-link";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { debtorOperations } from "@/lib/spec/operations/debtor";

/** GET /jobs/{jobid}/paylink: the debtor's pay page for the case. */
export const GET = route(debtorOperations.payLink, async ({ db, principal, params }) =>
  Response.json(await debtorLinkOf(db, principal.profile.id, params.jobid, "pay")),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(debtorOperations.payLink.path);
