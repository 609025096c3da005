import { otherMethodsOf, route } from "@/lib/service/http/route";
import { profileClock } from "@/lib/service/lifecycle/profile-clock";
import { putStockItem, stockDetail } from "@/lib/service/stock/stock-items";
import { stockOperations } from "@/lib/spec/operations/stock";

/** GET /stock/{code}: the item, what print batches took of it, stock received and counted. */
export const GET = route(stockOperations.detail, async ({ environment, db, clock, principal, params }) => {
  const context = { environment, profile: principal.profile, at: profileClock(clock, principal.profile, environment).now() };
  return Response.json(await stockDetail(db, context, params.code));
});

/** PUT /stock/{code}: defines the item or changes what it is (201 when new). */
export const PUT = route(stockOperations.put, async ({ environment, db, clock, principal, params, body }) => {
  const context = { environment, profile: principal.profile, at: profileClock(clock, principal.profile, environment).now() };
  const { item, created } = await putStockItem(db, context, params.code, body);
  return Response.json(item, { status: created ? 201 : 200 });
});

export const { POST, PATCH, DELETE } = otherMethodsOf(stockOperations.detail.path);
