import { uncached } from "@/lib/platform/cache-control";
import { serveMetrics } from "@/lib/service/health/serve-metrics";

/** GET /metrics: Prometheus text format (see README, Operating). */
export const dynamic = "force-dynamic";
export const GET = uncached(serveMetrics);
