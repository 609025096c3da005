import { ServiceError } from "@/lib/service/errors";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { readJob } from "@/lib/service/jobs/job-views";
import { jobOperations } from "@/lib/spec/operations/jobs";

/** GET /jobs/{jobid}: what a job of this profile is now. */
export const GET = route(jobOperations.get, async ({ environment, db, principal, params }) => {
  const found = await readJob(db, principal.profile.id, environment, params.jobid);
  // Another profile's job and a job that does not exist look the same.
  if (!found) throw new ServiceError("not_found", `There is no job ${params.jobid} of this profile.`);
  return Response.json(found);
});

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(jobOperations.get.path);
