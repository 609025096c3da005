import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { mediaType, readJson } from "@/lib/service/http/read-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { applyCaseAction } from "@/lib/service/lifecycle/case-actions";
import { caseActionSchema } from "@/lib/spec/case-actions";
import { problemsFromZod } from "@/lib/spec/problems";

/** POST /jobs/{jobid}/status: a person's decision about a case (hold, dispute, legal, credit loss…). */
export const POST = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const match = /\/jobs\/(\d{1,12})\/status$/.exec(new URL(request.url).pathname);
  const jobid = match ? Number(match[1]) : NaN;
  // Another profile's job and a job that does not exist look the same.
  if (!Number.isSafeInteger(jobid)) throw new ServiceError("not_found", "There is no such job of this profile.");
  if (mediaType(request) !== "application/json") throw new ServiceError("unsupported_media_type", "Send the body as application/json.");
  const { value } = await readJson(request, 8192);
  const parsed = caseActionSchema.safeParse(value);
  if (!parsed.success) throw new ServiceError("invalid_request", "The body is not a case action.", { problems: problemsFromZod(parsed.error) });
  return Response.json(await applyCaseAction(db, clock, principal.profile, environment, jobid, parsed.data));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
