/** GET /healthz: the process answers. Nothing else is checked: a restart would not fix the database. */
export const dynamic = "force-dynamic";
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
