import { putContract } from "@/lib/service/contracts/put-contract";
import { getContract } from "@/lib/service/contracts/read-contracts";
import { ServiceError } from "@/lib/service/errors";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { contractOperations } from "@/lib/spec/operations/contracts";

/** GET /contracts/{contract_no}: one contract of this profile. */
export const GET = route(contractOperations.get, async ({ db, principal, params }) => {
  const contract = await getContract(db, { profileId: principal.profile.id, contractNo: params.contract_no });
  if (!contract) throw new ServiceError("not_found", `There is no contract ${params.contract_no} of this profile.`);
  return Response.json(contract);
});

/** PUT /contracts/{contract_no}: creates or updates a contract (201 created, 200 updated). */
export const PUT = route(contractOperations.put, async ({ request, environment, db, clock, principal, params, body }) => {
  const { contract, created } = await putContract(db, { profile: principal.profile, environment, contractNo: params.contract_no, request: body, clock });
  return Response.json(contract, { status: created ? 201 : 200, headers: created ? { Location: new URL(request.url).pathname } : {} });
});

export const { POST, PATCH, DELETE } = otherMethodsOf(contractOperations.get.path);
