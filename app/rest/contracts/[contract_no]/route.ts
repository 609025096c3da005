import { authenticate } from "@/lib/service/auth/verify-token";
import { parseJsonBody, pathKeyOf } from "@/lib/service/contracts/parse-request";
import { putContract } from "@/lib/service/contracts/put-contract";
import { getContract } from "@/lib/service/contracts/read-contracts";
import { ServiceError } from "@/lib/service/errors";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { contractRequestSchema } from "@/lib/spec/contracts";

const KEY = { name: "contract", field: "contract_no" };

/** GET /contracts/{contract_no}: one contract of this profile. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const contractNo = pathKeyOf(request, "contracts", { ...KEY, writing: false });
  const contract = await getContract(db, { profileId: principal.profile.id, contractNo });
  if (!contract) throw new ServiceError("not_found", `There is no contract ${contractNo} of this profile.`);
  return Response.json(contract);
});

/** PUT /contracts/{contract_no}: creates or updates a contract (201 created, 200 updated). */
export const PUT = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const contractNo = pathKeyOf(request, "contracts", { ...KEY, writing: true });
  const body = await parseJsonBody(request, contractRequestSchema);
  const { contract, created } = await putContract(db, { profile: principal.profile, environment, contractNo, request: body, clock });
  return Response.json(contract, { status: created ? 201 : 200, headers: created ? { Location: new URL(request.url).pathname } : {} });
});

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
