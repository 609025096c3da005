import { requireOperator } from "@/lib/service/einvoice-receiving/operator";
import { receiveReceiverInfo } from "@/lib/service/einvoice-receiving/receive-receiver-info";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { receiverProposalOperations } from "@/lib/spec/operations/receiver-proposals";

/** POST /testing/einvoice/receiverproposals: the operator delivering a consumer's Finvoice ReceiverInfo, played in a test environment. */
export const POST = route(receiverProposalOperations.receive, async ({ environment, db, clock, principal, body }) => {
  const received = await receiveReceiverInfo(db, { environment, clock, operator: requireOperator(environment), profile: principal.profile }, body);
  return Response.json(received, { status: received.duplicate ? 200 : 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(receiverProposalOperations.receive.path);
