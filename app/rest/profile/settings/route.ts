import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { mediaType, readJson } from "@/lib/service/http/read-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { getProfileSettings, patchProfileSettings } from "@/lib/service/profiles/profile-settings";
import { problemsFromZod } from "@/lib/spec/problems";
import { profileSettingsPatchSchema } from "@/lib/spec/profile-settings";

const MAX_BODY_BYTES = 4096;

/** GET /profile/settings: the profile's own settings. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  return Response.json(await getProfileSettings(db, principal.profile.id), { headers: { "Cache-Control": "no-store" } });
});

/** PATCH /profile/settings: changes the members given, keeps the rest. */
export const PATCH = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  if (mediaType(request) !== "application/json") throw new ServiceError("unsupported_media_type", "Send the settings as application/json.");
  const { value } = await readJson(request, MAX_BODY_BYTES);
  const parsed = profileSettingsPatchSchema.safeParse(value);
  if (!parsed.success) throw new ServiceError("invalid_request", "The settings are not valid.", { problems: problemsFromZod(parsed.error) });
  return Response.json(await patchProfileSettings(db, principal.profile.id, parsed.data));
});

export const { POST, PUT, DELETE } = otherMethods("GET", "PATCH");
