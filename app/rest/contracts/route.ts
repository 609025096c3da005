import { authenticate } from "@/lib/service/auth/verify-token";
import { contractListQuerySchema } from "@/lib/service/contracts/contract-schemas";
import { parseQuery } from "@/lib/service/contracts/parse-request";
import { listContracts } from "@/lib/service/contracts/read-contracts";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";

/** GET /contracts: the profile's contracts by contract number, a page at a time. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const query = parseQuery(request, contractListQuerySchema, ["limit", "cursor", "usageplacecode", "contractstatus"]);
  return Response.json(await listContracts(db, principal.profile.id, query));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
