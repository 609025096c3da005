import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { readJob } from "@/lib/service/jobs/job-views";

/** GET /jobs/{jobid}: what a job of this profile is now. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const match = /\/jobs\/(\d{1,12})$/.exec(new URL(request.url).pathname);
  const jobid = match ? Number(match[1]) : NaN;
  const found = Number.isSafeInteger(jobid) ? await readJob(db, principal.profile.id, environment, jobid) : null;
  // Another profile's job and a job that does not exist look the same.
  if (!found) throw new ServiceError("not_found", `There is no job ${match?.[1] ?? ""} of this profile.`);
  return Response.json(found, { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
