import { authenticate } from "@/lib/service/auth/verify-token";
import { listContracts } from "@/lib/service/contracts/read-contracts";
import { parseQuery } from "@/lib/service/http/parse-query";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { contractListQuerySchema } from "@/lib/spec/contracts";

/** GET /contracts: the profile's contracts by contract number, a page at a time. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const query = parseQuery(request, contractListQuerySchema, ["limit", "cursor", "usageplacecode", "contractstatus"]);
  return Response.json(await listContracts(db, principal.profile.id, query));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
