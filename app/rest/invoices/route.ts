import { today } from "@/lib/platform/clock";
import { queryInvoices } from "@/lib/service/contracts/query-invoices";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { contractOperations } from "@/lib/spec/operations/contracts";

/** GET /invoices?custnum=… or ?govid=…: a customer's invoices with this profile, a page at a time. */
export const GET = route(contractOperations.queryInvoices, async ({ db, clock, environment, principal, query }) => {
  const date = today(profileClock(clock, principal.profile, environment), environment.rules.timeZone);
  return Response.json(await queryInvoices(db, { profileId: principal.profile.id, today: date, ...query }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(contractOperations.queryInvoices.path);
