import type { Db } from "../../db/client";
import type { Contract } from "../../db/generated/sqlite/client";
import { isUniqueViolation } from "../../db/unique-violation";
import type { Clock } from "../../platform/clock";
import type { EnvironmentId } from "../../spec/environments";
import { emitEvents } from "../events/emit-events";

import { nextUpdatedAt, TELECOM_PREFIX } from "./contract-data";
import { isTelecomJob } from "./contracts-of-job";
import { debtJobsOf, overdueSince, type DebtJob } from "./debt-jobs";
import { DEBT_PHASES, SETTLED_PHASES } from "./disconnection-rules";
import { sweptProfile } from "./swept-profile";
import { telecomData, writeTelecom, type TelecomData } from "./telecom-subscriptions";

/*
 * The telecom sweep, run by the worker loop: the service's own recommendation to close or reopen
 * a customer's subscriptions. A customer (custnum) whose telecom invoices (collectionprocess
 * "telecom") are in a collection phase, the oldest at least `thresholdDays` past due, gets one
 * `telecomdisconnect`; when every invoice of that episode is settled and no telecom invoice of the
 * customer is in collection any more, one `telecomreconnect`.
 *
 * Finland, Information Society Code (laki sähköisen viestinnän palveluista 917/2014) § 116: a
 * subscription may be closed for an unpaid invoice at the earliest two weeks after a payment
 * reminder was sent. A case in collection has had its reminder and the reminder's period; the
 * 28-day floor after the due date keeps a collection posted directly (jobtype 2) from being
 * recommended before a reminder sent on the due date could have run its two weeks twice over.
 */

interface TelecomRules {
  thresholdDays: number;
  minimumOpenCents: bigint;
}

const TELECOM_RULES: TelecomRules = { thresholdDays: 28, minimumOpenCents: 1n };

interface TelecomOutcome {
  disconnects: number;
  reconnects: number;
}

export async function evaluateTelecomDisconnects(db: Db, clock: Clock, rules: TelecomRules = TELECOM_RULES): Promise<TelecomOutcome> {
  const outcome: TelecomOutcome = { disconnects: 0, reconnects: 0 };
  const [withDebts, withRows] = await Promise.all([
    db.job.findMany({
      where: { jobstatus: { in: [...DEBT_PHASES] }, closedAt: null, custnum: { not: null } },
      distinct: ["profileId"],
      select: { profileId: true },
    }),
    db.contract.findMany({ where: { contractNo: { startsWith: TELECOM_PREFIX } }, distinct: ["profileId"], select: { profileId: true } }),
  ]);
  const profileIds = [...new Set([...withDebts, ...withRows].map((row) => row.profileId))].sort();

  for (const profileId of profileIds) {
    const profile = await sweptProfile(db, clock, profileId);
    if (!profile) continue;
    const { environment, now, day } = profile;

    const debtsByCustomer = new Map<string, DebtJob[]>();
    for (const job of await debtJobsOf(db, profileId, rules.minimumOpenCents, { custnum: { not: null } })) {
      if (!job.custnum || !isTelecomJob(job.data)) continue;
      debtsByCustomer.set(job.custnum, [...(debtsByCustomer.get(job.custnum) ?? []), job]);
    }
    const rows = await db.contract.findMany({ where: { profileId, contractNo: { startsWith: TELECOM_PREFIX } } });
    const rowsByCustomer = new Map(rows.map((row) => [telecomData(row).customernumber, row]));
    const customers = [...new Set([...debtsByCustomer.keys(), ...rowsByCustomer.keys()])].sort();

    for (const customer of customers) {
      const result = await evaluateCustomer(db, {
        profileId,
        cid: profile.cid,
        environment: environment.id,
        customer,
        row: rowsByCustomer.get(customer) ?? null,
        debts: debtsByCustomer.get(customer) ?? [],
        rules,
        day,
        now,
      });
      if (result === "telecomdisconnect") outcome.disconnects += 1;
      if (result === "telecomreconnect") outcome.reconnects += 1;
    }
  }
  return outcome;
}

interface CustomerContext {
  profileId: string;
  cid: string;
  environment: EnvironmentId;
  customer: string;
  row: Contract | null;
  debts: DebtJob[];
  rules: TelecomRules;
  day: string;
  now: Date;
}

/** The principal reported a disconnection after the service last said anything. */
function reportedCut(data: TelecomData): boolean {
  const { recommendation, reported } = data;
  return reported?.state === "disconnected" && (!recommendation || reported.time > recommendation.time);
}

async function evaluateCustomer(db: Db, context: CustomerContext): Promise<"telecomdisconnect" | "telecomreconnect" | null> {
  const { row, debts, customer, now, day } = context;
  const data: TelecomData = row ? telecomData(row) : { customernumber: customer, reported: null, recommendation: null };
  const time = now.toISOString();
  const jobids = debts.map((job) => job.id).sort((a, b) => a - b);

  if (data.recommendation?.state === "telecomdisconnect") {
    if (debts.length > 0) return null;
    const episodeIds = data.recommendation.jobids;
    const jobs = episodeIds.length
      ? await db.job.findMany({ where: { id: { in: episodeIds }, profileId: context.profileId }, select: { jobstatus: true } })
      : [];
    if (!jobs.every((job) => SETTLED_PHASES.has(job.jobstatus))) return null;
    const next: TelecomData = { ...data, recommendation: { state: "telecomreconnect", time, jobids: episodeIds, episode: data.recommendation.episode } };
    return (await record(db, context, next, "telecomreconnect")) ? "telecomreconnect" : null;
  }

  if (debts.length === 0) return null;
  const episode = (data.recommendation?.episode ?? 0) + 1;
  if (reportedCut(data)) {
    // The principal cut the subscription itself while the debt was open: the episode is adopted
    // without telling it to cut what is cut, so the reconnect still follows the payment. A cut
    // with no telecom debt in collection is the principal's own business and gets no reconnect.
    const next: TelecomData = { ...data, recommendation: { state: "telecomdisconnect", time, jobids, episode, silent: true } };
    await record(db, context, next, null);
    return null;
  }
  if (overdueSince(debts, context.rules.thresholdDays, day) === null) return null;
  const next: TelecomData = { ...data, recommendation: { state: "telecomdisconnect", time, jobids, episode } };
  return (await record(db, context, next, "telecomdisconnect")) ? "telecomdisconnect" : null;
}

/**
 * The new state and its event in one transaction. The row is changed only as it was read (its
 * updatedAt), and a first row only if none was created meanwhile (the unique contract number), so
 * two sweeps at once, or a report meanwhile, never make two recommendations for one episode.
 */
async function record(db: Db, context: CustomerContext, next: TelecomData, type: "telecomdisconnect" | "telecomreconnect" | null): Promise<boolean> {
  const { row, now, profileId } = context;
  const message = { cid: context.cid, customernumber: context.customer, time: now.toISOString() };
  try {
    return await db.$transaction(async (tx) => {
      if (row) {
        const updatedAt = nextUpdatedAt(row, now);
        const { count } = await tx.contract.updateMany({
          where: { id: row.id, updatedAt: row.updatedAt },
          data: { data: next as unknown as object, updatedAt },
        });
        if (count === 0) return false;
      } else {
        await writeTelecom(tx, profileId, null, next, now);
      }
      if (type) await emitEvents(db, tx, [{ environment: context.environment, profileId, jobId: null, type, message, createdAt: now }]);
      return true;
    });
  } catch (error) {
    // Another sweep or a report created the subscription first; the next sweep decides from it.
    if (!row && isUniqueViolation(error)) return false;
    throw error;
  }
}
