import type { NextRequest } from "next/server";

import { getDb } from "@/lib/db/client";
import { uncached } from "@/lib/platform/cache-control";
import { getPortalUser } from "@/lib/portal/auth/session";
import { clientFor } from "@/lib/portal/connections/connections";
import { describeServiceFailure } from "@/lib/portal/events/describe-service-failure";
import { controlRequest } from "@/lib/portal/reports/control-request";

/**
 * GET /api/portal/reports/control?connection=…&from=…&to=…: the control list as the service writes
 * it in CSV, for one of the organization's connections. Every role may read it, as the page.
 */
export const GET = uncached(async (request: NextRequest) => {
  const user = await getPortalUser();
  if (!user) return new Response("Sign in first.", { status: 401 });
  const asked = await controlRequest(getDb(), user.organizationId, Object.fromEntries(request.nextUrl.searchParams));
  if (!asked.connection) return new Response("No service connection.", { status: 404 });
  if (asked.invalid) return new Response(`The period is not valid (${asked.invalid}).`, { status: 400 });
  try {
    const csv = await clientFor(asked.connection).controlListCsv(asked.from, asked.to);
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8; header=present",
        "content-disposition": `attachment; filename="control-${asked.connection.environment.id}-${asked.from}-${asked.to}.csv"`,
      },
    });
  } catch (error) {
    return new Response(describeServiceFailure(error), { status: 502 });
  }
});
