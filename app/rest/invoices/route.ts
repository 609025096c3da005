import { queryInvoices } from "@/lib/service/contracts/query-invoices";
import { otherMethodsOf, route } from "@/lib/service/http/route";
import { contractOperations } from "@/lib/spec/operations/contracts";

/** GET /invoices?custnum=… or ?govid=…: a customer's invoices with this profile, a page at a time. */
export const GET = route(contractOperations.queryInvoices, async ({ db, principal, query }) =>
  Response.json(await queryInvoices(db, { profileId: principal.profile.id, ...query }), { headers: { "Cache-Control": "no-store" } }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(contractOperations.queryInvoices.path);
