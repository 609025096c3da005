import type { Db, Prisma } from "../../db/client";
import type { Contract } from "../../db/generated/sqlite/client";
import type { Clock } from "../../platform/clock";
import { CUTOFF_WARNING } from "../../spec/codes";
import type { Country, EnvironmentId } from "../../spec/environments";
import { nextBusinessDay } from "../calendar/business-days";
import { addDays, laterOf } from "../calendar/dates";
import { emitEvents } from "../events/emit-events";
import { caseIdentity } from "../lifecycle/case-state";

import { contractData, nextUpdatedAt, TELECOM_PREFIX, type DisconnectionState } from "./contract-data";
import { contractNumbersOfJob } from "./contracts-of-job";
import { lockEpisode, warningsBehind, warnOfCutoff } from "./cutoff-warnings";
import { debtJobsOf, overdueSince, type DebtJob } from "./debt-jobs";
import { cutoffDate, DEBT_PHASES, DISCONNECTION_RULES, SETTLED_PHASES, type DisconnectionRules } from "./disconnection-rules";
import { sweptProfile } from "./swept-profile";

/*
 * The energy disconnection sweep, run by the worker loop. For every registered usage place it
 * compares the contract's invoices in debt collection with the last recommendation kept on the
 * contract, and emits `disconnect` once per debt episode, with the customer's cut-off warnings
 * (150, cutoff-warnings.ts), and `reconnect` when the episode's invoices are settled.
 */

interface DisconnectionOptions {
  /** Country rules to use instead of DISCONNECTION_RULES (a principal's agreed stricter terms, tests). */
  rules?: Partial<Record<"FIN" | "SWE" | "NOR", DisconnectionRules>>;
}

interface DisconnectionOutcome {
  disconnects: number;
  reconnects: number;
}

const RECOMMENDABLE = new Set(["active", "terminating"]);
const PAGE = 500;

export async function evaluateDisconnections(db: Db, clock: Clock, options: DisconnectionOptions = {}): Promise<DisconnectionOutcome> {
  const outcome: DisconnectionOutcome = { disconnects: 0, reconnects: 0 };
  const profiles = await db.contract.findMany({
    where: { usagePlaceCode: { not: null }, NOT: { contractNo: { startsWith: TELECOM_PREFIX } } },
    distinct: ["profileId"],
    select: { profileId: true },
  });
  for (const { profileId } of profiles) {
    const profile = await sweptProfile(db, clock, profileId);
    if (!profile) continue;
    const { environment, now, day } = profile;
    const rules = options.rules?.[environment.country] ?? DISCONNECTION_RULES[environment.country];

    const byContract = new Map<string, DebtJob[]>();
    for (const job of await debtJobsOf(db, profileId, rules.minimumOpenCents)) {
      for (const number of contractNumbersOf(job)) {
        const list = byContract.get(number) ?? [];
        list.push(job);
        byContract.set(number, list);
      }
    }

    let after = "";
    for (;;) {
      const contracts = await db.contract.findMany({
        where: { profileId, usagePlaceCode: { not: null }, id: { gt: after } },
        orderBy: { id: "asc" },
        take: PAGE,
      });
      if (contracts.length === 0) break;
      after = contracts.at(-1)!.id;
      for (const contract of contracts) {
        const result = await evaluateContract(db, {
          contract,
          debts: byContract.get(contract.contractNo) ?? [],
          rules,
          day,
          now,
          cid: profile.cid,
          environment: environment.id,
          country: environment.country,
        });
        if (result === "disconnect") outcome.disconnects += 1;
        if (result === "reconnect") outcome.reconnects += 1;
      }
    }
  }
  return outcome;
}

const contractNumbersOf = (job: DebtJob) => contractNumbersOfJob(job.data);

interface ContractContext {
  contract: Contract;
  debts: DebtJob[];
  rules: DisconnectionRules;
  day: string;
  now: Date;
  cid: string;
  environment: EnvironmentId;
  country: Country;
}

async function evaluateContract(db: Db, context: ContractContext): Promise<"disconnect" | "reconnect" | null> {
  const { contract, debts, rules, day } = context;
  const data = contractData(contract);
  const state = data.disconnection ?? null;

  if (state?.state === "disconnect") {
    const ids = [...new Set([...state.jobids, ...debts.map((job) => job.id)])];
    const jobs = await db.job.findMany({
      where: { id: { in: ids }, profileId: contract.profileId },
      select: { id: true, jobstatus: true, billnum: true, ownref: true },
    });
    const settled = jobs.length > 0 && jobs.every((job) => SETTLED_PHASES.has(job.jobstatus));
    if (settled) {
      const invoices = jobs.sort((a, b) => a.id - b.id).map(invoiceOf);
      const next: DisconnectionState = { ...state, state: "reconnect", since: day, disconnectiondate: null, jobids: jobs.map((job) => job.id) };
      const message = { cid: context.cid, usageplacecode: contract.usagePlaceCode!, contract_no: contract.contractNo, invoices };
      return (await record(db, context, next, "reconnect", message)) ? "reconnect" : null;
    }
    // Invoices that fell into collection during the episode belong to it: the reconnect waits for them too.
    const grown = ids.length !== state.jobids.length;
    const current = grown ? { ...state, jobids: ids.sort((a, b) => a - b) } : state;
    const replanned = await replan(db, context, current, jobs);
    if (replanned !== undefined) return replanned;
    if (grown) await record(db, context, current, null, null);
    return null;
  }

  if (!RECOMMENDABLE.has(contract.contractStatus) || debts.length === 0) return null;
  const oldestDue = overdueSince(debts, rules.thresholdDays, day);
  if (oldestDue === null) return null;
  const consumer = debts.some((job) => job.customertype === 2);
  let disconnectiondate = cutoffDate(context.country, rules, day);
  // The consumer's minimum, on a business day like every interruption day.
  if (consumer) disconnectiondate = laterOf(disconnectiondate, nextBusinessDay(context.country, addDays(oldestDue, rules.consumerMinimumDays)));
  const sorted = [...debts].sort((a, b) => a.id - b.id);
  const next: DisconnectionState = {
    state: "disconnect",
    since: day,
    disconnectiondate,
    jobids: sorted.map((job) => job.id),
    episode: (state?.episode ?? 0) + 1,
    warnedAt: context.now.toISOString(),
  };
  const message = {
    cid: context.cid,
    usageplacecode: contract.usagePlaceCode!,
    contract_no: contract.contractNo,
    invoices: sorted.map(invoiceOf),
    disconnectiondate,
  };
  return (await record(db, context, next, "disconnect", message)) ? "disconnect" : null;
}

/**
 * The day of an episode whose warnings could not all go in time (a print run stalled, a warning
 * refused as too late by distribution/deliver-dispatch.ts): once the law's notice from today would
 * end after the day recommended, that day can no longer be kept, so the recommendation is made again
 * with the earliest day it now allows (a new `disconnect` naming it), the cases waiting in 150 wait
 * for that day, and each warning refused as too late goes again. Warnings still waiting go with the
 * new day as they are; those delivered named an earlier day, which only left the customer more
 * time. Undefined when there is nothing to plan again.
 */
async function replan(
  db: Db,
  context: ContractContext,
  state: DisconnectionState,
  jobs: readonly { id: number; jobstatus: number; billnum: string | null; ownref: string | null }[],
): Promise<"disconnect" | null | undefined> {
  // Episodes recommended before warnedAt was kept are left as they were: their warnings cannot be
  // told from an earlier episode's, and re-planning them at once would send letters long after.
  // A contract no longer supplying the place gets no new day either, as it would get no first one.
  if (!state.disconnectiondate || !state.warnedAt || !RECOMMENDABLE.has(context.contract.contractStatus)) return undefined;
  // Only debts still being collected count: a warning of an invoice paid, disputed or put on a plan
  // since is not owed again, and must not keep the day moving.
  const debts = jobs.filter((job) => state.jobids.includes(job.id) && DEBT_PHASES.includes(job.jobstatus)).sort((a, b) => a.id - b.id);
  const inDebt = new Set(debts.map((job) => job.id));
  const behind = await warningsBehind(db, state.jobids, state.warnedAt);
  const pending = behind.pending.filter((id) => inDebt.has(id));
  const tooNear = behind.tooNear.filter((id) => inDebt.has(id));
  if (pending.length === 0 && tooNear.length === 0) return undefined;
  // The law's own notice decides whether the day still holds, as it decides whether a warning may go.
  const lawful = cutoffDate(context.country, DISCONNECTION_RULES[context.country], context.day);
  const moved = lawful > state.disconnectiondate;
  if (!moved && tooNear.length === 0) return undefined;
  const disconnectiondate = moved ? laterOf(lawful, cutoffDate(context.country, context.rules, context.day)) : state.disconnectiondate;
  const next: DisconnectionState = { ...state, disconnectiondate };
  const message = moved
    ? {
        cid: context.cid,
        usageplacecode: context.contract.usagePlaceCode!,
        contract_no: context.contract.contractNo,
        invoices: debts.map(invoiceOf),
        disconnectiondate,
      }
    : null;
  const recorded = await record(db, context, next, moved ? "disconnect" : null, message, tooNear);
  return recorded && moved ? "disconnect" : null;
}

function invoiceOf(job: { id: number; billnum: string | null; ownref: string | null }) {
  const { jobid, invoicenumber, documentid } = caseIdentity(job);
  return documentid ? { jobid, invoicenumber, documentid } : { jobid, invoicenumber };
}

/**
 * Stores the new state and its event together. The update only applies to the contract as it was
 * read (its updatedAt), so two sweeps running at once, or a PUT meanwhile, cannot both report one
 * episode: the loser changes nothing and the next sweep looks again.
 */
async function record(
  db: Db,
  context: ContractContext,
  next: DisconnectionState,
  type: "disconnect" | "reconnect" | null,
  message: Record<string, unknown> | null,
  /** On a plan made again (replan): the jobs whose warning goes again; else a new recommendation warns the whole episode. */
  warnAgain?: readonly number[],
): Promise<boolean> {
  const { contract, now } = context;
  const updatedAt = nextUpdatedAt(contract, now);
  const previousDay = contractData(contract).disconnection?.disconnectiondate ?? null;
  return db.$transaction(async (tx) => {
    const data = { ...contractData(contract), disconnection: next } as unknown as Prisma.InputJsonValue;
    const { count } = await tx.contract.updateMany({ where: { id: contract.id, updatedAt: contract.updatedAt }, data: { data, updatedAt } });
    if (count === 0) return false;
    // The law's written notice before the cut (cutoff-warnings.ts), with the recommendation or not
    // at all: its cases are locked before any event is written, and their moves follow it.
    const locked = type === "disconnect" || warnAgain ? await lockEpisode(db, tx, contract.profileId, next) : [];
    if (type && message) {
      await emitEvents(db, tx, [{ environment: context.environment, profileId: contract.profileId, jobId: null, type, message, createdAt: now }]);
    }
    if (warnAgain && next.disconnectiondate !== previousDay && locked.length > 0) {
      // The cases waiting in 150 return on the day the plan now names.
      // Only those waiting for this episode's day: a job of two contracts may wait for the other's.
      await tx.job.updateMany({
        where: { id: { in: locked.map((job) => job.id) }, jobstatus: CUTOFF_WARNING, reviewOn: previousDay },
        data: { reviewOn: next.disconnectiondate },
      });
    }
    const warned = warnAgain ? locked.filter((job) => warnAgain.includes(job.id)) : locked;
    if (warned.length > 0) {
      const warning = { profileId: contract.profileId, cid: context.cid, environment: context.environment, state: next, date: context.day, at: now };
      await warnOfCutoff(db, tx, warned, warning);
    }
    return true;
  });
}
