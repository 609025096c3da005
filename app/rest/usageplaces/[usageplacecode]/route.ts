import { putUsagePlace } from "@/lib/service/contracts/put-usage-place";
import { getUsagePlace } from "@/lib/service/contracts/read-contracts";
import { ServiceError } from "@/lib/service/errors";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { contractOperations } from "@/lib/spec/operations/contracts";

/** GET /usageplaces/{usageplacecode}: a usage place, its contract and the disconnection state. */
export const GET = route(contractOperations.getUsagePlace, async ({ db, principal, params }) => {
  const place = await getUsagePlace(db, { profileId: principal.profile.id, usagePlaceCode: params.usageplacecode });
  if (!place) throw new ServiceError("not_found", `There is no usage place ${params.usageplacecode} of this profile.`);
  return Response.json(place);
});

/** PUT /usageplaces/{usageplacecode}: registers the place under its energy contract (201 new, 200 updated). */
export const PUT = route(contractOperations.putUsagePlace, async ({ request, environment, db, clock, principal, params, body }) => {
  const { usagePlace, created } = await putUsagePlace(db, {
    profile: principal.profile,
    environment,
    usagePlaceCode: params.usageplacecode,
    request: body,
    clock,
  });
  return Response.json(usagePlace, { status: created ? 201 : 200, headers: created ? { Location: new URL(request.url).pathname } : {} });
});

export const { POST, PATCH, DELETE } = otherMethodsOf(contractOperations.getUsagePlace.path);
