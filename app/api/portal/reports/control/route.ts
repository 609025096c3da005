import { getDb } from "@/lib/db/client";
import { clientFor } from "@/lib/portal/connections/connections";
import { describeServiceFailure } from "@/lib/portal/events/describe-service-failure";
import { portalRoute } from "@/lib/portal/http/portal-route";
import { portalProblem, serviceFailureProblem } from "@/lib/portal/http/problem-details";
import { messageText } from "@/lib/portal/i18n/messages";
import { controlRequest } from "@/lib/portal/reports/control-request";
import { CONTROL_TEXTS } from "@/lib/portal/reports/texts";

/**
 * GET /api/portal/reports/control?connection=…&from=…&to=…: the control list as the service writes
 * it in CSV, for one of the organization's connections. Every role may read it, as the page. The
 * query is read as the page reads it (controlRequest), so the link the page offers is the list it showed.
 */
export const GET = portalRoute({ role: "viewer" }, async ({ request, user }) => {
  const t = CONTROL_TEXTS[user.locale];
  const asked = await controlRequest(getDb(), user.organizationId, request.nextUrl.searchParams);
  if (!asked.connection) return portalProblem(404, t.noConnection, user.locale);
  if (asked.invalid) return portalProblem(400, t.invalidPeriod[asked.invalid], user.locale);
  try {
    const csv = await clientFor(asked.connection).controlListCsv(asked.from, asked.to);
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8; header=present",
        "content-disposition": `attachment; filename="control-${asked.connection.environment.id}-${asked.from}-${asked.to}.csv"`,
      },
    });
  } catch (error) {
    return serviceFailureProblem(error, messageText(describeServiceFailure(error), user.locale), user.locale);
  }
});
