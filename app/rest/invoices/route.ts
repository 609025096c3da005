import { authenticate } from "@/lib/service/auth/verify-token";
import { queryInvoices } from "@/lib/service/contracts/query-invoices";
import { parseQuery } from "@/lib/service/http/parse-query";
import { otherMethods, restHandler } from "@/lib/service/http/rest-handler";
import { invoiceQuerySchema } from "@/lib/spec/contracts";

/** GET /invoices?custnum=… or ?govid=…: a customer's invoices with this profile, a page at a time. */
export const GET = restHandler(async ({ request, environment, db, clock }) => {
  const principal = await authenticate(db, request.headers.get("authorization"), environment, clock);
  const query = parseQuery(request, invoiceQuerySchema, ["custnum", "govid", "limit", "cursor"]);
  return Response.json(await queryInvoices(db, { profileId: principal.profile.id, ...query }), { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
