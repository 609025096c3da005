import { otherMethodsOf, route } from "@/lib/service/http/route";
import { getProfileSettings, patchProfileSettings } from "@/lib/service/profiles/profile-settings";
import { profileOperations } from "@/lib/spec/operations/profiles";

/** GET /profile/settings: the profile's own settings. */
export const GET = route(profileOperations.getSettings, async ({ db, principal }) => Response.json(await getProfileSettings(db, principal.profile.id)));

/** PATCH /profile/settings: changes the members given, keeps the rest. */
export const PATCH = route(profileOperations.patchSettings, async ({ db, principal, body }) =>
  Response.json(await patchProfileSettings(db, principal.profile.id, body)),
);

export const { POST, PUT, DELETE } = otherMethodsOf(profileOperations.getSettings.path);
