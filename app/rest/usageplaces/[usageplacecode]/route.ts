import { authenticate } from "@/lib/service/auth/verify-token";
import { parseJsonBody, pathKeyOf } from "@/lib/service/contracts/parse-request";
import { putUsagePlace } from "@/lib/service/contracts/put-usage-place";
import { getUsagePlace } from "@/lib/service/contracts/read-contracts";
import { ServiceError } from "@/lib/service/errors";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { usagePlaceRequestSchema } from "@/lib/spec/contracts";

const KEY = { name: "usage place", field: "usageplacecode" };

/** GET /usageplaces/{usageplacecode}: a usage place, its contract and the disconnection state. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const usagePlaceCode = pathKeyOf(request, "usageplaces", { ...KEY, writing: false });
  const place = await getUsagePlace(db, { profileId: principal.profile.id, usagePlaceCode });
  if (!place) throw new ServiceError("not_found", `There is no usage place ${usagePlaceCode} of this profile.`);
  return Response.json(place);
});

/** PUT /usageplaces/{usageplacecode}: registers the place under its energy contract (201 new, 200 updated). */
export const PUT = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const usagePlaceCode = pathKeyOf(request, "usageplaces", { ...KEY, writing: true });
  const body = await parseJsonBody(request, usagePlaceRequestSchema);
  const { usagePlace, created } = await putUsagePlace(db, { profile: principal.profile, environment, usagePlaceCode, request: body, clock });
  return Response.json(usagePlace, { status: created ? 201 : 200, headers: created ? { Location: new URL(request.url).pathname } : {} });
});

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
