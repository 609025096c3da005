import { listReceiverProposals } from "@/lib/service/einvoice-receiving/list-receiver-proposals";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { receiverProposalOperations } from "@/lib/spec/operations/receiver-proposals";

/** GET /einvoice/receiverproposals: consumers' e-invoice receiving proposals and cancellations for the profile. */
export const GET = route(receiverProposalOperations.list, async ({ environment, db, principal, query }) =>
  Response.json(await listReceiverProposals(db, { environment, profile: principal.profile }, query)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(receiverProposalOperations.list.path);
