import { otherMethodsOf, route } from "@/lib/service/http/route";
import { advanceProfileClock, clockState } from "@/lib/service/lifecycle/test-clock";
import { lifecycleOperations } from "@/lib/spec/operations/lifecycle";

/** GET /testing/clock: the profile's time in a test environment. */
export const GET = route(lifecycleOperations.clock, async ({ environment, clock, principal }) =>
  Response.json(clockState(clock, principal.profile, environment)),
);

/** POST /testing/clock: moves the profile's clock forward and runs the lifecycle for it at once. */
export const POST = route(lifecycleOperations.advanceClock, async ({ environment, db, clock, principal, body }) =>
  Response.json(await advanceProfileClock(db, clock, principal.profile, environment, body.advance)),
);

export const { PUT, PATCH, DELETE } = otherMethodsOf(lifecycleOperations.clock.path);
