import { otherMethodsOf, route } from "@/lib/service/http/route";
import { applyCaseAction } from "@/lib/service/lifecycle/case-actions";
import { lifecycleOperations } from "@/lib/spec/operations/lifecycle";

/** POST /jobs/{jobid}/status: a person's decision about a case (hold, dispute, legal, credit loss…). */
export const POST = route(lifecycleOperations.act, async ({ environment, db, clock, principal, params, body }) =>
  Response.json(await applyCaseAction(db, clock, principal.profile, environment, params.jobid, body)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(lifecycleOperations.act.path);
