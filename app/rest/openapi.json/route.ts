import { uncached } from "@/lib/platform/cache-control";
import { serveOpenApi } from "@/lib/service/http/serve-openapi";

/**
 * GET /openapi.json: the OpenAPI 3.1 description of the REST interface. The one answer of the
 * interface a cache may keep: it changes only with a deployment.
 */
export const GET = uncached(serveOpenApi);
