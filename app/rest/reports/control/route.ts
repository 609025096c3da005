import { otherMethodsOf, route } from "@/lib/service/http/route";
import { controlList, controlListCsv } from "@/lib/service/reports/control-list";
import { reportOperations } from "@/lib/spec/operations/reports";

/** GET /reports/control?from=…&to=…: the profile's control list for a period, as JSON or CSV. */
export const GET = route(reportOperations.control, async ({ environment, db, principal, query }) => {
  const list = await controlList(db, { profile: principal.profile, environment, from: query.from, to: query.to });
  if (query.format === "json") return Response.json(list);
  return new Response(controlListCsv(list), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="control-${environment.id}-${query.from}-${query.to}.csv"`,
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethodsOf(reportOperations.control.path);
