import { z } from "zod";

import type { Db } from "@/lib/db/client";
import type { PortalUser } from "@/lib/portal/auth/session";
import { clientFor, connectionAsked, getConnection, listConnections, type Connection } from "@/lib/portal/connections/connections";
import { describeServiceFailure } from "@/lib/portal/events/describe-service-failure";
import { keyed } from "@/lib/portal/i18n/messages";
import { STOCK_DOCUMENTS, STOCK_KINDS, STOCK_UNITS, type StockItemView } from "@/lib/spec/stock";

/*
 * The stock page: one connection's inserts and stationery at the print house, read from its service
 * (GET /stock) as the page is shown, and defined and stocked through it (PUT /stock/{code}, POST
 * /stock/{code}/movements). The service checks every member by the interface's rules; the form's
 * own check only turns its strings into the interface's types.
 */

export interface StockPage {
  connections: Connection[];
  connection: Connection | null;
  items: StockItemView[] | null;
  failure: string | null;
}

export async function stockPage(db: Db, organizationId: string, params: Record<string, unknown>): Promise<StockPage> {
  const connections = await listConnections(db, organizationId);
  const connection = connectionAsked(connections, params.connection);
  if (!connection) return { connections, connection, items: null, failure: null };
  try {
    return { connections, connection, items: (await clientFor(connection).listStock()).items, failure: null };
  } catch (error) {
    return { connections, connection, items: null, failure: describeServiceFailure(error) };
  }
}

const connectionId = z.string().min(1, keyed("chooseConnection")).max(100);
const code = z
  .string()
  .trim()
  .min(1, keyed("enterIt"))
  .max(40, keyed("tooLong", { max: 40 }));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, keyed("tooLong", { max }))
    .transform((value) => value || null);
// An empty box is no number: a count of "" must not become a level of 0.
const count = z
  .string()
  .trim()
  .min(1, keyed("enterNumber"))
  .pipe(
    z.coerce
      .number<string>({ error: keyed("wholeNumber") })
      .int(keyed("wholeNumber"))
      .min(0, keyed("notBelowZero")),
  );

export const stockItemFormSchema = z.object({
  connectionId,
  code,
  name: z
    .string()
    .trim()
    .min(1, keyed("enterIt"))
    .max(100, keyed("tooLong", { max: 100 })),
  kind: z.enum(STOCK_KINDS),
  per: z.enum(STOCK_UNITS),
  documents: z.array(z.enum(STOCK_DOCUMENTS)).min(1, keyed("chooseAtLeastOne")),
  threshold: count,
  warnemail: optionalText(254),
  activefrom: optionalText(10),
  activeuntil: optionalText(10),
});

export const stockMovementFormSchema = z.object({
  connectionId,
  code,
  type: z.enum(["received", "counted"]),
  quantity: count,
  note: optionalText(200),
});

export async function defineStockItem(db: Db, user: PortalUser, input: z.output<typeof stockItemFormSchema>): Promise<StockItemView> {
  const connection = await getConnection(db, { organizationId: user.organizationId, connectionId: input.connectionId });
  const { connectionId: _connection, code: itemCode, ...item } = input;
  return clientFor(connection).putStockItem(itemCode, item);
}

export async function recordStock(db: Db, user: PortalUser, input: z.output<typeof stockMovementFormSchema>): Promise<StockItemView> {
  const connection = await getConnection(db, { organizationId: user.organizationId, connectionId: input.connectionId });
  const note = input.note ? { note: input.note } : {};
  return clientFor(connection).recordStockMovement(
    input.code,
    input.type === "received" ? { type: "received", quantity: input.quantity, ...note } : { type: "counted", level: input.quantity, ...note },
  );
}
