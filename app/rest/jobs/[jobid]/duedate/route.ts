import { authenticate } from "@/lib/service/auth/verify-token";
import { ServiceError } from "@/lib/service/errors";
import { jsonBody, pathNumber } from "@/lib/service/http/json-body";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { updateDueDate } from "@/lib/service/payments/update-due-date";
import { dueDateRequestSchema } from "@/lib/spec/payment-requests";

/** PATCH /jobs/{jobid}/duedate: the current due date of an open case moved. */
export const PATCH = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const jobid = pathNumber(request, /\/jobs\/(\d{1,15})\/duedate$/);
  const body = await jsonBody(request, dueDateRequestSchema);
  if (jobid === null) throw new ServiceError("not_found", "There is no such job of this profile.");
  const result = await updateDueDate(db, { environment, profile: principal.profile, clock: profileClock(clock, principal.profile, environment) }, jobid, body);
  return Response.json(result);
});

export const { GET, POST, PUT, DELETE } = otherMethods("PATCH");
