import { Temporal } from "temporal-polyfill";

import type { Db } from "../../db/client";
import { exactCents, formatCents, fromCents } from "../../payment-data/amounts";
import { addDays } from "../../platform/calendar-days";
import { csvField, csvLine } from "../../platform/csv";
import type { Currency } from "../../spec/codes";
import type { ControlList } from "../../spec/control-list";
import type { Environment } from "../../spec/environments";
import type { SentDocumentName } from "../../spec/sent-documents";
import { CASE_JOBS } from "../intake/opens-case";

/*
 * The control list of a profile for a period: intake, what was delivered, the receivables ledger
 * with its opening and closing balances, payments and credit notes. The ledger is the capital each
 * case opened with at intake (by the day it was taken in) and the case entries (CaseEntry), the
 * record every later change of an open amount writes, so its closing balance is what the cases hold
 * open; days are business days of the environment's calendar.
 */

const COMPONENTS = ["capital", "interest", "expenses"] as const;
type Component = (typeof COMPONENTS)[number];
type Amounts = Record<Component, bigint>;

const zero = (): Amounts => ({ capital: 0n, interest: 0n, expenses: 0n });
const withTotal = (amounts: Amounts) => ({
  capital: fromCents(amounts.capital),
  interest: fromCents(amounts.interest),
  expenses: fromCents(amounts.expenses),
  total: fromCents(amounts.capital + amounts.interest + amounts.expenses),
});

/** The first instant of a business day in the zone. */
function startOf(date: string, timeZone: string): Date {
  return new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds);
}

/** A sum as the engines answer it: a number or bigint from SQLite, a decimal from PostgreSQL. */
const asBigInt = (value: unknown) => BigInt(String(value ?? 0).replace(/\.0+$/, ""));

interface LedgerRow {
  currency: string;
  component: string;
  kind: string;
  opening: number | bigint;
  amount: unknown;
}

interface ControlContext {
  profile: { id: string };
  environment: Environment;
  from: string;
  to: string;
}

export async function controlList(db: Db, context: ControlContext): Promise<ControlList> {
  const { environment, from, to } = context;
  const profileId = context.profile.id;
  const timeZone = environment.rules.timeZone;
  // Business days of the environment. Intake and delivery are stamped in real time, case entries
  // in the profile's: a test profile whose clock was moved ahead sees its later entries on later
  // days than the intake that opened their cases (lifecycle/profile-clock.ts).
  const window = { gte: startOf(from, timeZone), lt: startOf(addDays(to, 1), timeZone) };

  const [requests, acceptedByJobtype, delivered, postedBefore, postedIn, ledgerRows, payments, refunds, allocations] = await Promise.all([
    db.intakeRequest.aggregate({ where: { profileId, createdAt: window }, _sum: { documentCount: true, acceptedCount: true } }),
    db.job.groupBy({ by: ["jobtype"], where: { profileId, createdAt: window }, _count: { _all: true }, orderBy: { jobtype: "asc" } }),
    db.dispatch.groupBy({
      by: ["distributionChannel", "document"],
      where: { profileId, status: "delivered", doneAt: window },
      _count: { _all: true },
      orderBy: [{ distributionChannel: "asc" }, { document: "asc" }],
    }),
    db.job.groupBy({ by: ["currency"], where: { profileId, ...CASE_JOBS, createdAt: { lt: window.gte } }, _sum: { grossAmount: true } }),
    db.job.groupBy({ by: ["currency"], where: { profileId, ...CASE_JOBS, createdAt: window }, _sum: { grossAmount: true } }),
    // One pass over the profile's entries up to the last day: before the first day is the opening balance.
    db.$queryRaw<LedgerRow[]>`
      SELECT j."currency" AS currency, e."component" AS component, e."kind" AS kind,
             CASE WHEN e."date" < ${from} THEN 1 ELSE 0 END AS opening, SUM(e."amount") AS amount
      FROM "CaseEntry" e JOIN "Job" j ON j."id" = e."jobId"
      WHERE e."profileId" = ${profileId} AND e."date" <= ${to}
      GROUP BY 1, 2, 3, 4`,
    db.payment.groupBy({
      by: ["currency"],
      where: { profileId, status: { in: ["booked", "refunded"] }, accountDate: { gte: from, lte: to } },
      _count: { _all: true },
      _sum: { amount: true, unallocated: true },
    }),
    db.paymentRefund.findMany({ where: { profileId, refundDate: { gte: from, lte: to } }, select: { amount: true, paymentId: true } }),
    db.creditAllocation.findMany({ where: { profileId, createdAt: window }, select: { action: true, amount: true, creditJobId: true } }),
  ]);

  const ledger = new Map<string, { opening: Amounts; movements: Map<string, Amounts> }>();
  const ledgerOf = (currency: string) => {
    const entry = ledger.get(currency) ?? { opening: zero(), movements: new Map<string, Amounts>() };
    ledger.set(currency, entry);
    return entry;
  };
  for (const row of postedBefore) ledgerOf(row.currency).opening.capital += row._sum.grossAmount ?? 0n;
  for (const row of postedIn) ledgerOf(row.currency).movements.set("invoice", { ...zero(), capital: row._sum.grossAmount ?? 0n });
  for (const row of ledgerRows) {
    const entry = ledgerOf(row.currency);
    const component = row.component as Component;
    const amount = asBigInt(row.amount);
    if (Number(row.opening) === 1) {
      entry.opening[component] += amount;
    } else {
      const movement = entry.movements.get(row.kind) ?? zero();
      movement[component] += amount;
      entry.movements.set(row.kind, movement);
    }
  }

  const paymentCurrencies = new Map(
    (await db.payment.findMany({ where: { id: { in: refunds.map((refund) => refund.paymentId) } }, select: { id: true, currency: true } })).map((payment) => [
      payment.id,
      payment.currency,
    ]),
  );
  const refundedBy = new Map<string, bigint>();
  for (const refund of refunds) {
    const currency = paymentCurrencies.get(refund.paymentId) ?? environment.rules.currency;
    refundedBy.set(currency, (refundedBy.get(currency) ?? 0n) + refund.amount);
  }

  const creditCurrencies = new Map(
    (
      await db.job.findMany({
        where: { id: { in: [...new Set(allocations.map((allocation) => allocation.creditJobId))] } },
        select: { id: true, currency: true },
      })
    ).map((job) => [job.id, job.currency]),
  );
  const credits = new Map<string, Record<"allocated" | "unallocated" | "refunded", bigint>>();
  for (const allocation of allocations) {
    const currency = creditCurrencies.get(allocation.creditJobId) ?? environment.rules.currency;
    const sums = credits.get(currency) ?? { allocated: 0n, unallocated: 0n, refunded: 0n };
    sums[allocation.action as keyof typeof sums] += allocation.amount;
    credits.set(currency, sums);
  }

  const received = requests._sum.documentCount ?? 0;
  const accepted = requests._sum.acceptedCount ?? 0;
  return {
    environment: environment.id,
    from,
    to,
    timeZone,
    jobs: {
      received,
      accepted,
      rejected: received - accepted,
      acceptedByJobtype: acceptedByJobtype.map((row) => ({ jobtype: row.jobtype, count: row._count._all })),
    },
    sent: delivered.map((row) => ({
      channel: row.distributionChannel,
      document: row.document as SentDocumentName,
      count: row._count._all,
    })),
    ledger: [...ledger]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, { opening, movements }]) => {
        const closing = { ...opening };
        const moved = [...movements]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([kind, amounts]) => {
            for (const component of COMPONENTS) closing[component] += amounts[component];
            return { kind, ...withTotal(amounts) };
          });
        return { currency: currency as Currency, opening: withTotal(opening), movements: moved, closing: withTotal(closing) };
      }),
    // A refund of an earlier period's overpayment shows even when nothing was booked in its currency now.
    payments: [...new Set([...payments.map((row) => row.currency), ...refundedBy.keys()])].sort().map((currency) => {
      const row = payments.find((candidate) => candidate.currency === currency);
      return {
        currency: currency as Currency,
        booked: row?._count._all ?? 0,
        amount: fromCents(row?._sum.amount ?? 0n),
        unallocated: fromCents(row?._sum.unallocated ?? 0n),
        refundedToPayers: fromCents(refundedBy.get(currency) ?? 0n),
      };
    }),
    creditNotes: [...credits]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, sums]) => ({
        currency: currency as Currency,
        allocated: fromCents(sums.allocated),
        unallocated: fromCents(sums.unallocated),
        refunded: fromCents(sums.refunded),
      })),
  };
}

/** The control list as one CSV file: a section per part, each with its own header line. */
export function controlListCsv(list: ControlList): string {
  // The list speaks major units (the interface's JSON); its decimal text is read back exactly.
  const money = (value: number) => formatCents(exactCents(value));
  let out = csvLine(["section", "environment", "from", "to", "time zone"].map((field) => csvField(field)));
  out += csvLine(["period", list.environment, list.from, list.to, list.timeZone].map((field) => csvField(field)));
  out += csvLine(["section", "received", "accepted", "rejected"].map((field) => csvField(field)));
  out += csvLine([csvField("jobs"), ...[list.jobs.received, list.jobs.accepted, list.jobs.rejected].map((n) => csvField(n, "number"))]);
  out += csvLine(["section", "jobtype", "accepted"].map((field) => csvField(field)));
  for (const row of list.jobs.acceptedByJobtype) out += csvLine([csvField("jobtype"), csvField(row.jobtype, "number"), csvField(row.count, "number")]);
  out += csvLine(["section", "channel", "document", "delivered"].map((field) => csvField(field)));
  for (const row of list.sent) out += csvLine([csvField("sent"), csvField(row.channel), csvField(row.document), csvField(row.count, "number")]);
  out += csvLine(["section", "currency", "line", "capital", "interest", "expenses", "total"].map((field) => csvField(field)));
  for (const currency of list.ledger) {
    const row = (line: string, amounts: { capital: number; interest: number; expenses: number; total: number }) =>
      csvLine([
        csvField("ledger"),
        csvField(currency.currency),
        csvField(line),
        ...[amounts.capital, amounts.interest, amounts.expenses, amounts.total].map((value) => csvField(money(value), "number")),
      ]);
    out += row("opening", currency.opening);
    for (const movement of currency.movements) out += row(movement.kind, movement);
    out += row("closing", currency.closing);
  }
  out += csvLine(["section", "currency", "booked", "amount", "unallocated", "refunded to payers"].map((field) => csvField(field)));
  for (const row of list.payments) {
    out += csvLine([
      csvField("payments"),
      csvField(row.currency),
      csvField(row.booked, "number"),
      ...[row.amount, row.unallocated, row.refundedToPayers].map((value) => csvField(money(value), "number")),
    ]);
  }
  out += csvLine(["section", "currency", "allocated", "unallocated", "refunded"].map((field) => csvField(field)));
  for (const row of list.creditNotes) {
    out += csvLine([
      csvField("credit notes"),
      csvField(row.currency),
      ...[row.allocated, row.unallocated, row.refunded].map((value) => csvField(money(value), "number")),
    ]);
  }
  return out;
}
