import { recordReturnedMail } from "@/lib/service/distribution/returned-mail";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { distributionOperations } from "@/lib/spec/operations/distribution";

/** POST /testing/returnedmail: the post returning a letter undeliverable, played in a test environment. */
export const POST = route(distributionOperations.returnMail, async ({ environment, db, clock, principal, body }) => {
  const context = { environment, profile: principal.profile, clock: profileClock(clock, principal.profile, environment) };
  return Response.json(await recordReturnedMail(db, context, body), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(distributionOperations.returnMail.path);
