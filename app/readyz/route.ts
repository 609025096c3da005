import { getDb } from "@/lib/db/client";
import { checkReadiness } from "@/lib/service/health/check-readiness";

/** GET /readyz: 200 when this instance should get traffic, 503 with the failing checks when not. */
export const dynamic = "force-dynamic";
export async function GET(): Promise<Response> {
  const readiness = await checkReadiness(getDb(), new Date());
  return Response.json(readiness, { status: readiness.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
