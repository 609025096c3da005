import { getDb } from "@/lib/db/client";
import { portalRoute } from "@/lib/portal/http/portal-route";
import { keyed, messageText } from "@/lib/portal/i18n/messages";
import { findProducts, productQuerySchema } from "@/lib/portal/products/products";

/**
 * GET /api/portal/products?country=FIN&q=…: the organization's active products of one country whose
 * code or name holds q, at most 20, by code, for the invoice rows:
 * { products: [{ code, name, unitPrice: "12.50", vatRate: "25.5", unit }] }.
 */
export const GET = portalRoute(
  { role: "viewer", query: productQuerySchema, invalidQuery: (locale) => messageText(keyed("productQueryInvalid"), locale) },
  async ({ user, query }) => Response.json({ products: await findProducts(getDb(), { organizationId: user.organizationId, ...query }) }),
);
