import { Temporal } from "temporal-polyfill";
import { z } from "zod";

import type { Db } from "@/lib/db/client";
import { connectionAsked, listConnections, type Connection } from "@/lib/portal/connections/connections";
import { controlQuerySchema } from "@/lib/spec/control-list";

/*
 * Which control list a person asks for: one of the organization's connections (the first when none
 * is named) and a period, by default this month up to today in the connection's calendar. The
 * period is checked by the interface's own rules before the service is asked.
 */

const paramsSchema = z.object({ connection: z.string().max(100).optional(), from: z.string().max(10).optional(), to: z.string().max(10).optional() });

interface ControlRequest {
  connections: Connection[];
  connection: Connection | null;
  from: string;
  to: string;
  /** The period breaks the interface's rules: a day that is no date, to before from, or too long a period. */
  invalid: "date" | "order" | "span" | null;
}

/** The page's search parameters or the download's query: both are read alike, so the link the page offers is the list it showed. */
type SearchInput = URLSearchParams | Record<string, string | string[] | undefined>;

/** A name's first value, as URLSearchParams.get reads a repeated name. */
function first(input: SearchInput, name: string): string | undefined {
  if (input instanceof URLSearchParams) return input.get(name) ?? undefined;
  const value = input[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function controlRequest(db: Db, organizationId: string, params: SearchInput): Promise<ControlRequest> {
  const asked = paramsSchema.safeParse({ connection: first(params, "connection"), from: first(params, "from"), to: first(params, "to") });
  const given = asked.success ? asked.data : {};
  const connections = await listConnections(db, organizationId);
  const connection = connectionAsked(connections, given.connection);
  const today = Temporal.Now.plainDateISO(connection?.environment.rules.timeZone ?? "UTC");
  const from = given.from || today.with({ day: 1 }).toString();
  const to = given.to || today.toString();
  const period = controlQuerySchema.safeParse({ from, to });
  const issue = period.success ? null : period.error.issues[0]!;
  const rule = issue?.code === "custom" ? (issue.params?.period as "order" | "span" | undefined) : undefined;
  return { connections, connection, from, to, invalid: issue ? (rule ?? "date") : null };
}
