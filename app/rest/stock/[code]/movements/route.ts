import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { recordStockMovement } from "@/lib/service/stock/stock-items";
import { stockOperations } from "@/lib/spec/operations/stock";

/** POST /stock/{code}/movements: stock received at the print house, or its shelf counted. */
export const POST = route(stockOperations.movement, async ({ environment, db, clock, principal, params, body }) => {
  const context = { environment, profile: principal.profile, at: profileClock(clock, principal.profile, environment).now() };
  return Response.json(await recordStockMovement(db, context, params.code, body), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(stockOperations.movement.path);
