import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { updateDueDate } from "@/lib/service/payments/update-due-date";
import { paymentOperations } from "@/lib/spec/operations/payments";

/** PATCH /jobs/{jobid}/duedate: the current due date of an open case moved. */
export const PATCH = route(paymentOperations.moveDueDate, async ({ environment, db, clock, principal, params, body }) => {
  const context = { environment, profile: principal.profile, clock: profileClock(clock, principal.profile, environment) };
  const { previousDate: _, ...moved } = await updateDueDate(db, context, params.jobid, body);
  return Response.json(moved);
});

export const { GET, POST, PUT, DELETE } = otherMethodsOf(paymentOperations.moveDueDate.path);
