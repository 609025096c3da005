import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { mediaType, readJson } from "@/lib/service/http/read-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { createProfile } from "@/lib/service/profiles/create-profile";

/** POST /profile/createprofile: a partner creates a customer profile. */
export const POST = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  if (mediaType(request) !== "application/json") {
    throw new ServiceError("unsupported_media_type", "Send the profile as application/json.", { headers: { "Accept-Post": "application/json" } });
  }
  const { value } = await readJson(request, 256 * 1024);
  return Response.json(await createProfile(db, principal, value, clock), { status: 200 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
