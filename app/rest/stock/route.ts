import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { listStock } from "@/lib/service/stock/stock-items";
import { stockOperations } from "@/lib/spec/operations/stock";

/** GET /stock: the profile's inserts and stationery at the print house, with their levels. */
export const GET = route(stockOperations.list, async ({ environment, db, clock, principal }) => {
  const context = { environment, profile: principal.profile, at: profileClock(clock, principal.profile, environment).now() };
  return Response.json(await listStock(db, context));
});

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(stockOperations.list.path);
