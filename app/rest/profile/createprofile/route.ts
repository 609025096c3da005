import { otherMethodsOf, route } from "@/lib/service/http/route";
import { createProfile } from "@/lib/service/profiles/create-profile";
import { profileOperations } from "@/lib/spec/operations/profiles";

/** POST /profile/createprofile: a partner creates a customer profile. */
export const POST = route(profileOperations.createProfile, async ({ db, clock, principal, body }) =>
  Response.json(await createProfile(db, principal, body.value, clock), { status: 200 }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(profileOperations.createProfile.path);
