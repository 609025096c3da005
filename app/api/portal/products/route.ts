import type { NextRequest } from "next/server";

import { getDb } from "@/lib/db/client";
import { uncached } from "@/lib/platform/cache-control";
import { userForRoute } from "@/lib/portal/auth/session";
import { portalProblem } from "@/lib/portal/http/problem-details";
import { keyed, messageText } from "@/lib/portal/i18n/messages";
import { findProducts, productQuerySchema } from "@/lib/portal/products/products";
import { problemsFromZod } from "@/lib/spec/problems";

/**
 * GET /api/portal/products?country=FIN&q=…: the organization's active products of one country whose
 * code or name holds q, at most 20, by code, for the invoice rows:
 * { products: [{ code, name, unitPrice: "12.50", vatRate: "25.5", unit }] }.
 */
export const GET = uncached(async (request: NextRequest) => {
  const auth = await userForRoute("viewer");
  if ("response" in auth) return auth.response;
  const params = request.nextUrl.searchParams;
  const parsed = productQuerySchema.safeParse({ country: params.get("country") ?? undefined, q: params.get("q") ?? undefined });
  if (!parsed.success)
    return portalProblem(400, messageText(keyed("productQueryInvalid"), auth.user.locale), auth.user.locale, {
      problems: problemsFromZod(parsed.error),
    });
  const products = await findProducts(getDb(), { organizationId: auth.user.organizationId, ...parsed.data });
  return Response.json({ products });
});
