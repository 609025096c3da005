import { debtorLinkOf } from "@/lib/service/debtor/debtor-link";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { debtorOperations } from "@/lib/spec/operations/debtor";

/** GET /jobs/{jobid}/onlinelink: the debtor's online service for the case. */
export const GET = route(debtorOperations.onlineLink, async ({ db, principal, params }) =>
  Response.json(await debtorLinkOf(db, principal.profile.id, params.jobid, "online")),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(debtorOperations.onlineLink.path);
