import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { mediaType, readJson } from "@/lib/service/http/read-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { advanceProfileClock, clockState, requireTestEnvironment } from "@/lib/service/lifecycle/test-clock";
import { problemsFromZod } from "@/lib/spec/problems";
import { advanceClockSchema } from "@/lib/spec/test-clock";

/** GET /testing/clock: the profile's time in a test environment. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  requireTestEnvironment(environment);
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  return Response.json(clockState(clock, principal.profile, environment));
});

/** POST /testing/clock: moves the profile's clock forward and runs the lifecycle for it at once. */
export const POST = restHandler(async ({ request, environment, db, clock }) => {
  requireTestEnvironment(environment);
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  if (mediaType(request) !== "application/json") throw new ServiceError("unsupported_media_type", "Send the body as application/json.");
  const { value } = await readJson(request, 4096);
  const parsed = advanceClockSchema.safeParse(value);
  if (!parsed.success) throw new ServiceError("invalid_request", "The body is not a clock advance.", { problems: problemsFromZod(parsed.error) });
  return Response.json(await advanceProfileClock(db, clock, principal.profile, environment, parsed.data.advance));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
