import type { z } from "zod";

import type { Tx } from "../../db/client";
import { exactCents } from "../../payment-data/amounts";
import { maskPersonalIds } from "../../platform/personal-ids";
import {
  amountBreakdownSchema,
  contractMessageSchema,
  creditlossMessageSchema,
  creditnoteMessageSchema,
  deliveryMessageSchema,
  disconnectMessageSchema,
  duedateupdateMessageSchema,
  lcstatusMessageSchema,
  paymentMessageSchema,
  reconnectMessageSchema,
  telecomMessageSchema,
} from "../../spec/events";
import type { Locale } from "../i18n/locale";

import { toCaseSummary, type BalancePoint, type Breakdown, type CaseDetailView, type TimelineEntry } from "./case-views";
import { lifecycleText } from "./lifecycle-texts";

/*
 * A case with every event about it, in the order things happened. Events are read by the index
 * on (caseId, receivedAt, position) and then ordered by the time each message names, arrival
 * order breaking ties: a batch retried later must not put an old payment after the code it caused.
 * The stored messages are parsed with the interface's own schemas again, because the receiver
 * keeps them as sent (unknown fields and all).
 */

/** A case gathers tens of events in its life; this bound only guards the page against a runaway. */
export const TIMELINE_BOUND = 2000;

type EventRow = { id: string; type: string; time: string; message: unknown; receivedAt: Date; position: number };

/** An event's major units as the JSON number of cents the page is handed (case-views.ts): the browser's edge. */
const cents = (value: number): number => Number(exactCents(value));
const money = (value: number | null | undefined): number | null => (value === null || value === undefined ? null : cents(value));

function breakdown(value: z.output<typeof amountBreakdownSchema> | null | undefined): Breakdown | null {
  if (!value) return null;
  return { capital: cents(value.capital), interest: cents(value.interest), expenses: cents(value.expenses) };
}

const textOf = (value: unknown): string | null => {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const parts = [record.code, record.field, record.message, record.note].filter((part): part is string => typeof part === "string" && part !== "");
    return parts.length > 0 ? parts.join(" – ") : null;
  }
  return null;
};

type BodyOf<E> = E extends unknown ? Omit<E, "id" | "time" | "receivedAt"> : never;
type AnyBody = BodyOf<TimelineEntry>;
type Body<T extends TimelineEntry["kind"]> = BodyOf<Extract<TimelineEntry, { kind: T }>>;

/** The entry of one stored message; a message that no longer parses is shown by its type, not dropped. */
function timelineEntryOf(event: EventRow, locale: Locale): TimelineEntry {
  const head = { id: event.id, time: event.time, receivedAt: event.receivedAt.toISOString() };
  const entry = (body: AnyBody): TimelineEntry => ({ ...head, ...body }) as TimelineEntry;
  switch (event.type) {
    case "lcstatus": {
      const parsed = lcstatusMessageSchema.safeParse(event.message);
      if (!parsed.success) break;
      const m = parsed.data;
      return entry({
        kind: "lcstatus",
        code: m.code,
        codeText: lifecycleText(m.code, locale, m.status),
        paydate: m.paydate ?? null,
        currentpaydate: m.currentpaydate ?? null,
        opencapital: money(m.opencapital),
        interest: money(m.interest),
        expenses: money(m.expenses),
        note: m.note ?? null,
      } satisfies Body<"lcstatus">);
    }
    case "delivery": {
      const parsed = deliveryMessageSchema.safeParse(event.message);
      if (!parsed.success) break;
      const m = parsed.data;
      return entry({
        kind: "delivery",
        channel: m.distributionchannel ?? null,
        status: m.status,
        description: m.description ?? null,
        errors: (m.errors ?? []).map(textOf).filter((text): text is string => text !== null),
        errorCodes: (m.errors ?? []).flatMap((error) => (error && typeof error === "object" && typeof error.code === "string" ? [error.code] : [])),
        notes: (m.notes ?? []).map(textOf).filter((text): text is string => text !== null),
      } satisfies Body<"delivery">);
    }
    case "payment": {
      const parsed = paymentMessageSchema.safeParse(event.message);
      if (!parsed.success) break;
      const m = parsed.data;
      return entry({
        kind: "payment",
        amount: cents(m.amount),
        paymentdate: m.paymentdate ?? m.paydate ?? null,
        accountdate: m.accountdate ?? null,
        settlementdate: m.settlementdate ?? null,
        openamount: money(m.openamount),
        paid: breakdown(m.amountbreakdown),
        open: breakdown(m.openamountbreakdown),
      } satisfies Body<"payment">);
    }
    case "creditnote": {
      const parsed = creditnoteMessageSchema.safeParse(event.message);
      if (!parsed.success) break;
      const m = parsed.data;
      return entry({
        kind: "creditnote",
        action: m.type,
        amount: cents(m.amount),
        invoicenumber: m.invoicenumber ?? null,
        targetinvoicenumber: m.targetinvoicenumber ?? null,
        refunddate: m.refunddate ?? null,
        allocations: m.allocations?.length ?? 0,
      } satisfies Body<"creditnote">);
    }
    case "creditloss": {
      const parsed = creditlossMessageSchema.safeParse(event.message);
      if (!parsed.success) break;
      const m = parsed.data;
      return entry({ kind: "creditloss", action: m.type, reason: m.reason ?? null, breakdown: breakdown(m.amountbreakdown) } satisfies Body<"creditloss">);
    }
    case "duedateupdate": {
      const parsed = duedateupdateMessageSchema.safeParse(event.message);
      if (!parsed.success) break;
      return entry({ kind: "duedateupdate", currentpaydate: parsed.data.currentpaydate, source: parsed.data.source } satisfies Body<"duedateupdate">);
    }
    case "contract": {
      const parsed = contractMessageSchema.safeParse(event.message);
      if (!parsed.success) break;
      const m = parsed.data;
      return entry({
        kind: "contract",
        contractNo: m.contract_no,
        contractStatus: m.contractstatus,
        terminationDate: m.termination_date ?? null,
      } satisfies Body<"contract">);
    }
    case "disconnect":
    case "reconnect": {
      const parsed = (event.type === "disconnect" ? disconnectMessageSchema : reconnectMessageSchema).safeParse(event.message);
      if (!parsed.success) break;
      const m = parsed.data as { contract_no: string; usageplacecode: string; disconnectiondate?: string | null };
      return entry({
        kind: event.type,
        contractNo: m.contract_no,
        usageplacecode: m.usageplacecode,
        disconnectionDate: m.disconnectiondate ?? null,
      } satisfies AnyBody);
    }
    case "telecomdisconnect":
    case "telecomreconnect": {
      const parsed = telecomMessageSchema.safeParse(event.message);
      if (!parsed.success) break;
      return entry({ kind: event.type, customernumber: parsed.data.customernumber } satisfies AnyBody);
    }
  }
  return entry({ kind: "other", type: event.type, summary: summaryOf(event.message) } satisfies Body<"other">);
}

function summaryOf(message: unknown): string {
  const text = JSON.stringify(message) ?? "";
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

const timeOf = (time: string): number => {
  const parsed = Date.parse(time);
  return Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed;
};

/**
 * Open capital, interest and expenses after each event that states them: the posted amount first,
 * then every lifecycle code and payment that carries a balance. A part an event leaves out keeps
 * its last value.
 */
function balanceSeries(timeline: readonly TimelineEntry[]): BalancePoint[] {
  const points: BalancePoint[] = [];
  for (const entry of timeline) {
    const last: BalancePoint | undefined = points[points.length - 1];
    let next: Omit<BalancePoint, "time"> | null = null;
    if (entry.kind === "posted" && entry.amount !== null) next = { capital: entry.amount, interest: 0, expenses: 0 };
    if (entry.kind === "lcstatus" && (entry.opencapital !== null || entry.interest !== null || entry.expenses !== null)) {
      next = {
        capital: entry.opencapital ?? last?.capital ?? 0,
        interest: entry.interest ?? last?.interest ?? 0,
        expenses: entry.expenses ?? last?.expenses ?? 0,
      };
    }
    if (entry.kind === "payment" && entry.open) next = entry.open;
    // As the case's own projection does: an allocation takes its amount off the open capital.
    if (entry.kind === "creditnote" && last && (entry.action === "allocated" || entry.action === "unallocated")) {
      next = { capital: last.capital + (entry.action === "allocated" ? -entry.amount : entry.amount), interest: last.interest, expenses: last.expenses };
    }
    if (!next) continue;
    // An event that leaves every part as it was adds nothing to the chart.
    if (last && last.capital === next.capital && last.interest === next.interest && last.expenses === next.expenses) continue;
    points.push({ time: entry.time, ...next });
  }
  return points;
}

/** Among messages of one instant, the lower goes first; lcstatus (a move) after what caused it. */
const CAUSE_RANK: Partial<Record<TimelineEntry["kind"], number>> = { delivery: 0, payment: 1, creditnote: 1, creditloss: 1, duedateupdate: 1, lcstatus: 3 };

export async function getCaseDetail(
  db: Tx,
  { organizationId, caseId, locale }: { organizationId: string; caseId: string; locale: Locale },
): Promise<CaseDetailView | null> {
  const row = await db.portalCase.findFirst({ where: { id: caseId, organizationId } });
  if (!row) return null;
  const events = await db.portalEvent.findMany({
    // organizationId again: a case id is not a permission.
    where: { caseId: row.id, organizationId },
    // Newest first for the bound: a case too long to show keeps its latest events (paid, credit
    // loss), not its first ones; then back into the order they happened in.
    orderBy: [{ receivedAt: "desc" }, { position: "desc" }],
    select: { id: true, type: true, time: true, message: true, receivedAt: true, position: true },
    take: TIMELINE_BOUND + 1,
  });
  const truncated = events.length > TIMELINE_BOUND;
  const summary = toCaseSummary(row, locale);

  const entries: { entry: TimelineEntry; order: number }[] = events
    .slice(0, TIMELINE_BOUND)
    .reverse()
    .map((event, index) => ({ entry: timelineEntryOf(event, locale), order: index + 1 }));
  if (row.postedAt) {
    entries.push({
      order: 0,
      entry: {
        id: `posted-${row.id}`,
        kind: "posted",
        time: row.postedAt.toISOString(),
        receivedAt: null,
        jobtype: row.jobtype,
        amount: summary.amount,
        sendtype: row.sendtype,
        reference: row.reference,
      },
    });
  }
  // The post comes first whatever the clocks say: everything else is about the job it posted (the
  // service's received time may come before the portal noted its own post). Messages naming the
  // same instant go cause before effect: a delivery or payment before the move it caused (the
  // envelope lists lcstatus before payment, so arrival order alone would put 101 Paid first).
  const rank = (entry: TimelineEntry) => (entry.kind === "posted" ? -1 : (CAUSE_RANK[entry.kind] ?? 2));
  entries.sort(
    (a, b) =>
      (a.entry.kind === "posted" ? -1 : b.entry.kind === "posted" ? 1 : 0) ||
      timeOf(a.entry.time) - timeOf(b.entry.time) ||
      rank(a.entry) - rank(b.entry) ||
      a.order - b.order,
  );
  const timeline = entries.map((item) => item.entry);
  // Personal ids stay masked on the page (sealed at rest, see record-posted-jobs.ts).
  return {
    summary,
    job: row.job && typeof row.job === "object" ? maskPersonalIds(row.job) : (row.job ?? null),
    timeline,
    timelineTruncated: truncated,
    balance: balanceSeries(timeline),
  };
}
