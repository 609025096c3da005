import type { Db } from "../../db/client";
import { getEnv } from "../../env";
import { today as todayIn, systemClock, type Clock } from "../../platform/clock";
import { openPersonalIds } from "../../platform/personal-ids";
import { inProceedings } from "../../spec/case-actions";
import { DRAFT_STATUS } from "../../spec/codes";
import type { DatasetItem } from "../../spec/dataset-item";
import { environment as environmentById, isEnvironmentId, type Country, type Environment } from "../../spec/environments";
import { isNotice } from "../../spec/sent-documents";
import { businessDayOnOrBefore } from "../calendar/business-days";
import { addDays, laterOf } from "../calendar/dates";
import { creditorOf } from "../documents/creditor";
import { buildInvoiceDocument, type InvoiceDocument } from "../documents/invoice-document";
import { interestSinceLastCharge } from "../lifecycle/accrue-interest";
import { CLOSED_CODES, currentDueDate } from "../lifecycle/case-state";
import { instalmentsOf, type Instalment } from "../lifecycle/payment-plan";
import { asProfileSawIt, profileClock } from "../lifecycle/profile-clock";

import { debtorContact, type DebtorContact } from "./debtor-contact";
import { hasDebtorLink, jobIdOfToken } from "./link-token";

/*
 * What the debtor's link opens: one case, read by the token alone (link-token.ts), with what the
 * debtor may see of it and do with it (the cases that have a link: hasDebtorLink). It lives with the case: while the case is open, and
 * for LINK_DAYS_AFTER_CLOSE after it closed so that a debtor who just paid sees it paid; after that
 * it answers "expired" and shows nothing.
 */

/** How long a closed case's link still shows that nothing is open: a statement's month and a margin. */
export const LINK_DAYS_AFTER_CLOSE = 60;

/** Phases from which the debtor may move the due date: an invoice not yet reminded, or a reminder. */
export const EXTENSION_PHASES: ReadonlySet<number> = new Set([0, 1]);

/**
 * Phases from which the debtor may dispute online: before a court or an enforcement authority has
 * the claim (16, 63, 65, 112 are a person's matter, not a form's), and once per case, so a dispute
 * resolved with a fresh term cannot be raised again and again to stall.
 */
const DISPUTE_PHASES: ReadonlySet<number> = new Set([0, 1, 2, 41, 203]);

/** Phases from which the debtor may make a payment plan: an invoice, a reminder or a collection. */
export const PLAN_PHASES: ReadonlySet<number> = new Set([0, 1, 2]);

/** The smallest instalment a plan may have: one unit of the currency (a euro, a krona, a krone). */
export const MIN_INSTALMENT = 100n;

export interface DebtorCase {
  jobId: number;
  environment: Environment;
  profile: { id: string; cid: string; clockOffsetSeconds: number };
  clock: Clock;
  today: string;
  closed: boolean;
  jobstatus: number;
  document: InvoiceDocument;
  currency: string;
  reference: string | null;
  paydate: string | null;
  currentPaydate: string | null;
  /** Minor units open today, interest accrued to today included. */
  open: { capital: bigint; interest: bigint; expenses: bigint; total: bigint };
  /**
   * What the debtor is asked to pay now and by when: what is open by the due date, or in a payment
   * plan what is left of the next instalment by its date (paying online pays that).
   */
  payable: { amount: bigint; date: string | null };
  payments: { date: string; amount: bigint }[];
  /** The documents sent to the debtor, oldest first; `kept` when the notice's PDF as it went is kept (SentDocument). */
  sent: { id: string; document: string; channel: string; date: Date; kept: boolean }[];
  /** What the debtor may ask for now; `planUpTo` is the most instalments a plan may have. */
  offers: { pay: boolean; extendUntil: string | null; dispute: boolean; planUpTo: number | null };
  /** The payment plan the debtor made, when there is one. */
  plan: Instalment[] | null;
  /** The debtor's own earlier requests on the online service. */
  extended: { from: string; to: string } | null;
  /** Whom the page names to contact: the collector once a Finnish payment demand was the latest letter. */
  contact: DebtorContact;
}

export type DebtorLink = { state: "unknown" } | { state: "expired" } | { state: "found"; debtorCase: DebtorCase };

/** The last day a case's link opens it (UTC): LINK_DAYS_AFTER_CLOSE after it closed; null while it is open. */
export function linkExpires(job: { jobstatus: number; closedAt: Date | null }): string | null {
  if (!CLOSED_CODES.has(job.jobstatus) || !job.closedAt) return null;
  return new Date(job.closedAt.getTime() + LINK_DAYS_AFTER_CLOSE * 86_400_000).toISOString().slice(0, 10);
}

/** Whether the link of a case has expired on `clock` (the profile's). */
export function linkExpired(job: { jobstatus: number; closedAt: Date | null }, clock: Clock): boolean {
  const expires = linkExpires(job);
  return expires !== null && expires < clock.now().toISOString().slice(0, 10);
}

async function readLinkedJob(db: Db, token: string) {
  const jobId = jobIdOfToken(token);
  return jobId === null ? null : db.job.findUnique({ where: { id: jobId }, include: { profile: true } });
}

type LinkedJob = NonNullable<Awaited<ReturnType<typeof readLinkedJob>>>;

type ResolvedLink = { state: "unknown" } | { state: "expired" } | { state: "found"; job: LinkedJob; environment: Environment; clock: Clock };

/**
 * The case a token names and whether its link opens it, nothing computed: what a request needs
 * that only acts on the case (its documents' PDFs, a provider's answer). openDebtorLink builds the
 * page's view on it.
 */
export async function resolveDebtorLink(db: Db, token: string, base: Clock = systemClock): Promise<ResolvedLink> {
  const job = await readLinkedJob(db, token);
  // A draft has no debtor yet: its link opens once it is approved and sent.
  if (!job || !hasDebtorLink(job) || job.jobstatus === DRAFT_STATUS || !isEnvironmentId(job.environment)) return { state: "unknown" };
  const environment = environmentById(job.environment);
  const clock = profileClock(base, job.profile, environment);
  return linkExpired(job, clock) ? { state: "expired" } : { state: "found", job, environment, clock };
}

export async function openDebtorLink(db: Db, token: string, base: Clock = systemClock): Promise<DebtorLink> {
  const resolved = await resolveDebtorLink(db, token, base);
  if (resolved.state !== "found") return resolved;
  const { job, environment, clock } = resolved;
  const jobId = job.id;
  const closed = CLOSED_CODES.has(job.jobstatus);
  const today = todayIn(clock, environment.rules.timeZone);

  const [accrued, payments, sent, extension, plan, kept, disputedOnline] = await Promise.all([
    interestSinceLastCharge(db, { ...job, customertype: job.customertype }, environment.country, today),
    db.payment.findMany({
      where: { jobId, profileId: job.profileId, status: "booked" },
      orderBy: { paymentDate: "asc" },
      select: { paymentDate: true, amount: true },
    }),
    db.dispatch.findMany({
      where: { jobId, profileId: job.profileId, status: "delivered" },
      // In the order of the date the page shows (sentInOrder): the engines would place a null doneAt apart.
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, document: true, distributionChannel: true, doneAt: true, clockOffsetSeconds: true, createdAt: true },
    }),
    db.dueDateChange.findFirst({ where: { jobId, profileId: job.profileId, source: "online" }, select: { previousDate: true, currentPaydate: true } }),
    db.paymentPlan.findUnique({ where: { jobId }, select: { instalments: true } }),
    db.sentDocument.findMany({ where: { jobId, profileId: job.profileId }, select: { dispatchId: true } }),
    db.caseMove.count({ where: { jobId, profileId: job.profileId, toCode: 80, cause: "online" } }),
  ]);
  const keptIds = new Set(kept.map((row) => row.dispatchId));
  const open = {
    capital: job.openCapital,
    interest: job.openInterest + accrued,
    expenses: job.openExpenses,
    total: job.openCapital + job.openInterest + accrued + job.openExpenses,
  };
  const finnishCollector = getEnv().FI_COLLECTOR;
  const document = buildInvoiceDocument({
    item: openPersonalIds(job.data as DatasetItem),
    jobid: job.id,
    billnum: job.billnum,
    reference: job.reference,
    country: environment.country,
    creditor: creditorOf(job.profile, environment.country),
    today,
    noticeDueDate: job.phaseSince ? job.currentPaydate : null,
    dueDateAgreed: job.profile.dueDateAgreed,
    finnishCollector,
  });
  const due = currentDueDate(job);
  const instalments = plan ? instalmentsOf(plan.instalments) : null;
  return {
    state: "found",
    debtorCase: {
      jobId,
      environment,
      profile: { id: job.profile.id, cid: job.profile.cid, clockOffsetSeconds: job.profile.clockOffsetSeconds },
      clock,
      today,
      closed,
      jobstatus: job.jobstatus,
      document,
      currency: job.currency,
      reference: job.reference,
      paydate: job.paydate,
      currentPaydate: due,
      open,
      payments: payments.map((payment) => ({ date: payment.paymentDate, amount: payment.amount })),
      sent: sentInOrder(sent).map((dispatch) => ({
        id: dispatch.id,
        document: dispatch.document,
        channel: dispatch.distributionChannel,
        // On the profile's clock as it stood at the send, as its letter is dated (a test environment's may run ahead).
        date: dispatch.doneAt ? asProfileSawIt(dispatch.doneAt, dispatch.clockOffsetSeconds) : dispatch.createdAt,
        kept: keptIds.has(dispatch.id),
      })),
      payable: instalments && job.jobstatus === 41 ? nextInstalment(instalments, open.total) : { amount: open.total, date: due },
      offers: {
        // Insolvency proceedings forbid paying one creditor ahead of the others.
        pay: !closed && open.total > 0n && !inProceedings(job.jobstatus),
        extendUntil: extension === null && open.total > 0n ? extendUntil(environment.country, job, due, today) : null,
        dispute: !closed && job.profile.onlineDisputes && DISPUTE_PHASES.has(job.jobstatus) && disputedOnline === 0,
        planUpTo: planUpTo(job, open.total, plan !== null),
      },
      plan: instalments,
      extended: extension ? { from: extension.previousDate, to: extension.currentPaydate } : null,
      // What each delivered letter was: an original is the job's own document (a posted payment demand, jobtype 2, is a collection).
      contact: debtorContact(
        environment.country,
        sent.map((dispatch) => (isNotice(dispatch.document) ? dispatch.document : document.kind)),
        document.seller,
        finnishCollector,
      ),
    },
  };
}

/** The day a new due date must come after: the current one, or today when that has passed. */
export const movableAfter = (debtorCase: Pick<DebtorCase, "currentPaydate" | "today">): string =>
  laterOf(debtorCase.currentPaydate ?? debtorCase.today, debtorCase.today);

/** The most instalments the debtor may make a plan of now (at least 2, each at least MIN_INSTALMENT); null when no plan is offered. */
function planUpTo(job: { jobstatus: number; onHold: boolean; profile: { onlinePlanInstalments: number } }, total: bigint, planned: boolean): number | null {
  if (planned || job.onHold || !PLAN_PHASES.has(job.jobstatus)) return null;
  const most = Math.min(job.profile.onlinePlanInstalments, Number(total / MIN_INSTALMENT));
  return most >= 2 ? most : null;
}

/** A notice as it was sent, of this link's case only; null when the link or the document is not one. */
export async function sentDocumentOf(db: Db, token: string, dispatchId: string): Promise<{ pdf: Uint8Array; filename: string } | null> {
  const link = await resolveDebtorLink(db, token);
  if (link.state !== "found") return null;
  const row = await db.sentDocument.findFirst({
    where: { dispatchId, jobId: link.job.id, profileId: link.job.profileId },
    select: { content: true, filename: true },
  });
  return row ? { pdf: new Uint8Array(row.content), filename: row.filename } : null;
}
/**
 * The last day the debtor may move the due date to: `onlineextensiondays` past the due date, on a
 * banking day (so the date offered is one the form takes); null when no move is offered. An invoice
 * not yet reminded may be moved only before its due date has passed: its interest runs from the
 * due date, and a later move would waive what has run.
 */
function extendUntil(
  country: Country,
  job: { jobstatus: number; onHold: boolean; profile: { onlineExtensionDays: number } },
  due: string | null,
  today: string,
): string | null {
  if (!due || job.onHold || job.profile.onlineExtensionDays <= 0 || !EXTENSION_PHASES.has(job.jobstatus)) return null;
  if (job.jobstatus === 0 && due < today) return null;
  const until = businessDayOnOrBefore(country, addDays(due, job.profile.onlineExtensionDays));
  return until > laterOf(due, today) ? until : null;
}

/** What is left of the next instalment of a plan, and its date: the plan's total less what is open is what was paid. */
function nextInstalment(plan: readonly Instalment[], openTotal: bigint): { amount: bigint; date: string | null } {
  let paid = plan.reduce((sum, row) => sum + row.amount, 0n) - openTotal;
  for (const row of plan) {
    if (paid < row.amount) return { amount: row.amount - (paid > 0n ? paid : 0n), date: row.date };
    paid -= row.amount;
  }
  return { amount: openTotal, date: plan.at(-1)?.date ?? null };
}

/**
 * The letters by the date the page shows for each, its delivery or, where that was not kept, its
 * creation: a list ordered otherwise would show its dates out of order. Stable, so letters of one
 * moment keep their creation order.
 */
function sentInOrder<T extends { doneAt: Date | null; createdAt: Date }>(letters: T[]): T[] {
  const shown = (letter: T) => (letter.doneAt ?? letter.createdAt).getTime();
  return [...letters].sort((a, b) => shown(a) - shown(b));
}
