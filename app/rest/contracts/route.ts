import { listContracts } from "@/lib/service/contracts/read-contracts";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { contractOperations } from "@/lib/spec/operations/contracts";

/** GET /contracts: the profile's contracts by contract number, a page at a time. */
export const GET = route(contractOperations.list, async ({ db, principal, query }) => Response.json(await listContracts(db, principal.profile.id, query)));

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(contractOperations.list.path);
