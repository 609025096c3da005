import { uncached } from "@/lib/platform/cache-control";

/** GET /healthz: the process answers. Nothing else is checked: a restart would not fix the database. */
export const dynamic = "force-dynamic";
export const GET = uncached(() => Response.json({ status: "ok" }));
