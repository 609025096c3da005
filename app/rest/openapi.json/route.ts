import { getOpenApiDocument } from "@/lib/spec/openapi";

/** GET /openapi.json: the OpenAPI 3.1 description of the REST interface. */
export function GET() {
  return Response.json(getOpenApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
