import { getDb } from "@/lib/db/client";
import { uncached } from "@/lib/platform/cache-control";
import { checkReadiness } from "@/lib/service/health/check-readiness";

/** GET /readyz: 200 when this instance should get traffic, 503 with the failing checks when not. */
export const dynamic = "force-dynamic";
export const GET = uncached(async (): Promise<Response> => {
  const readiness = await checkReadiness(getDb(), new Date());
  return Response.json(readiness, { status: readiness.ready ? 200 : 503 });
});
