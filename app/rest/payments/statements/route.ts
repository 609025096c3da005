import { otherMethodsOf, route } from "@/lib/service/http/route";
import { importStatement } from "@/lib/service/payments/import-statement";
import { paymentOperations } from "@/lib/spec/operations/payments";

/** POST /payments/statements: a camt.054 or camt.053 of the profile's own account, booked to its cases. */
export const POST = route(paymentOperations.importStatement, async ({ request, environment, db, clock, principal, body }) => {
  const filename = request.headers.get("x-filename")?.slice(0, 200) ?? null;
  const summary = await importStatement(db, { environment, profileId: principal.profile.id, content: body, filename, clock });
  return Response.json(summary, { status: summary.booked + summary.unmatched > 0 ? 201 : 200 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsOf(paymentOperations.importStatement.path);
