import { uncached } from "@/lib/platform/cache-control";
import { getOpenApiDocument } from "@/lib/spec/openapi";

/**
 * GET /openapi.json: the OpenAPI 3.1 description of the REST interface. The one answer of the
 * interface a cache may keep: it changes only with a deployment.
 */
export const GET = uncached(() => Response.json(getOpenApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }));
