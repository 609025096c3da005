import { z } from "zod";

import type { Prisma, Tx } from "../../db/client";
import { inChunks } from "../../db/in-chunks";
import { decodeJsonCursor, encodeJsonCursor } from "../../platform/page-cursor";

/*
 * The customer register page by page: by name, then id, on the (organizationId, name, id) index,
 * by keyset like the case list (never OFFSET), with each customer's open cases and open balance
 * per currency (euros and kronor never add up) read for the page's customers only.
 */

export const customerListParamsSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  after: z.string().max(600).optional().catch(undefined),
  before: z.string().max(600).optional().catch(undefined),
});
type CustomerListParams = z.output<typeof customerListParamsSchema>;

const PAGE = 50;

export interface Balance {
  currency: string | null;
  /** Minor units: open capital, interest and expenses of the open cases. */
  open: number;
}

interface CustomerListRow {
  id: string;
  name: string;
  custnum: string;
  city: string;
  country: string;
  /** The connection the customer belongs to. */
  environment: string;
  cid: string;
  customertype: string;
  openCases: number;
  balances: Balance[];
}

export interface CustomerPage {
  rows: CustomerListRow[];
  next: string | null;
  previous: string | null;
}

const cursorSchema = z.tuple([z.string().max(400), z.string().min(1).max(100)]);

const encodeCursor = (row: { name: string; id: string }): string => encodeJsonCursor([row.name, row.id]);

/** Null for anything that is not a cursor (a stale or edited link starts at the first page). */
function decodeCursor(text: string | undefined): { name: string; id: string } | null {
  const keys = text ? decodeJsonCursor(text, (value) => cursorSchema.safeParse(value)) : null;
  return keys ? { name: keys[0], id: keys[1] } : null;
}

/** Open balances and open-case counts of the given customers (all of the organization). */
export async function customerBalances(
  db: Tx,
  organizationId: string,
  customerIds: readonly string[],
): Promise<Map<string, { openCases: number; balances: Balance[] }>> {
  const groups = await inChunks(customerIds, (chunk) =>
    db.portalCase.groupBy({
      by: ["customerId", "currency"],
      // Open as the dashboard counts it: capital still open.
      where: { organizationId, customerId: { in: chunk }, openCapital: { gt: 0 } },
      _sum: { openCapital: true, interest: true, expenses: true },
      _count: { _all: true },
    }),
  );
  const out = new Map<string, { openCases: number; balances: Balance[] }>();
  for (const group of groups) {
    if (!group.customerId) continue;
    const entry = out.get(group.customerId) ?? { openCases: 0, balances: [] };
    entry.openCases += group._count._all;
    const open = (group._sum.openCapital ?? 0n) + (group._sum.interest ?? 0n) + (group._sum.expenses ?? 0n);
    entry.balances.push({ currency: group.currency, open: Number(open) });
    entry.balances.sort((a, b) => (a.currency ?? "").localeCompare(b.currency ?? ""));
    out.set(group.customerId, entry);
  }
  return out;
}

export async function listCustomers(db: Tx, { organizationId, params }: { organizationId: string; params: CustomerListParams }): Promise<CustomerPage> {
  const base: Prisma.PortalCustomerWhereInput = { organizationId, ...(params.q ? { searchText: { contains: params.q.toLowerCase() } } : {}) };
  const select = { id: true, name: true, custnum: true, city: true, country: true, environment: true, cid: true, customertype: true } as const;
  const beyond = (way: "gt" | "lt", from: { name: string; id: string }): Prisma.PortalCustomerWhereInput => ({
    OR: [{ name: { [way]: from.name } }, { name: from.name, id: { [way]: from.id } }],
  });

  let rows: { id: string; name: string; custnum: string; city: string; country: string; environment: string; cid: string; customertype: string }[] = [];
  let next: string | null = null;
  let previous: string | null = null;
  const before = decodeCursor(params.before);
  const after = decodeCursor(params.after);
  if (before) {
    const back = await db.portalCustomer.findMany({
      where: { AND: [base, beyond("lt", before)] },
      orderBy: [{ name: "desc" }, { id: "desc" }],
      take: PAGE + 1,
      select,
    });
    rows = back.slice(0, PAGE).reverse();
    previous = back.length > PAGE && rows.length > 0 ? encodeCursor(rows[0]!) : null;
    next = rows.length > 0 ? encodeCursor(rows[rows.length - 1]!) : null;
  } else {
    const forward = await db.portalCustomer.findMany({
      where: after ? { AND: [base, beyond("gt", after)] } : base,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      take: PAGE + 1,
      select,
    });
    rows = forward.slice(0, PAGE);
    next = forward.length > PAGE ? encodeCursor(rows[rows.length - 1]!) : null;
    previous = after && rows.length > 0 ? encodeCursor(rows[0]!) : null;
  }
  const balances = await customerBalances(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => ({ ...row, openCases: balances.get(row.id)?.openCases ?? 0, balances: balances.get(row.id)?.balances ?? [] })),
    next,
    previous,
  };
}
