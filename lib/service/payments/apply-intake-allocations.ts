import type { Db, Prisma } from "../../db/client";
import { log } from "../../log";
import type { Clock } from "../../platform/clock";
import { DRAFT_STATUS } from "../../spec/codes";
import { environment as environmentById, type Environment, type EnvironmentId } from "../../spec/environments";
import { ServiceError } from "../errors";
import { CLOSED_CODES } from "../lifecycle/case-state";
import { profileClock } from "../lifecycle/profile-clock";

import { allocateCreditNote } from "./allocate-credit-note";
import { creditRemaining, lockedCreditNote } from "./credit-note";
import { findProfileCase } from "./find-case";
import { normaliseIban, recordRefund } from "./refund-credit-note";

/*
 * The worker loop `credit-notes`: what a credit note said at intake about its own money is carried
 * out. It is allocated to the debit invoice it names (refundtojobid or refundtobillnum); the
 * specification leaves those allocations unreported, so no creditnote event is written (the cases'
 * lcstatus moves still are). What is left of it afterwards (all of it when it names no invoice, or
 * one that can take nothing: closed, paid, in another currency) is refunded to its refundiban, with
 * the `refunded` creditnote event. A credit note whose invoice is not there yet (it may come in a
 * later request) or is ambiguous waits, and is looked at again on later runs for LOOKBACK_DAYS;
 * its refund waits with it, so no money is paid out that the invoice was meant to get. A credit
 * note posted as a draft (POST /jobs?draft=true) is carried out once approved, and its days count
 * from the approval.
 *
 * Several workers may run this at once: each credit note is handled in a transaction that holds its
 * lock (lockedCreditNote) and looks again whether it was handled already (it is in 104 then), so a
 * credit note is allocated and refunded once.
 */

const LOOKBACK_DAYS = 30;
const PAGE = 500;

interface IntakeCreditData {
  refundtojobid?: unknown;
  refundtobillnum?: unknown;
  refundiban?: unknown;
}

interface IntakeCreditResult {
  /** Credit notes allocated to their invoice. */
  allocated: number;
  /** Credit notes whose remainder was refunded. */
  refunded: number;
  /** Credit notes whose invoice is not there yet (or is ambiguous). */
  waiting: number;
}

type Outcome = "allocated" | "refunded" | "allocated_and_refunded" | "waiting" | "nothing" | "done";

export async function applyIntakeAllocations(db: Db, clock: Clock): Promise<IntakeCreditResult> {
  const since = new Date(clock.now().getTime() - LOOKBACK_DAYS * 86_400_000);
  const result: IntakeCreditResult = { allocated: 0, refunded: 0, waiting: 0 };
  const open: Prisma.JobWhereInput = { grossAmount: { lt: 0 }, jobstatus: { notIn: [...CLOSED_CODES, DRAFT_STATUS] } };
  let after = 0;
  for (;;) {
    const page = await db.job.findMany({
      where: { id: { gt: after }, createdAt: { gte: since }, ...open },
      select: CREDIT_SELECT,
      orderBy: { id: "asc" },
      take: PAGE,
    });
    if (page.length === 0) break;
    after = page.at(-1)!.id;
    await applyPage(db, clock, page, result);
  }
  // A credit note posted as a draft counts from its approval (a move out of 11), however long it waited.
  let afterMove = "";
  for (;;) {
    const moves = await db.caseMove.findMany({
      // Approvals only: a discarded draft (to 102) is nothing to carry out.
      where: { id: { gt: afterMove }, fromCode: DRAFT_STATUS, toCode: { not: 102 }, at: { gte: since } },
      select: { id: true, jobId: true },
      orderBy: { id: "asc" },
      take: PAGE,
    });
    if (moves.length === 0) break;
    afterMove = moves.at(-1)!.id;
    const page = await db.job.findMany({
      where: { id: { in: moves.map((move) => move.jobId) }, createdAt: { lt: since }, ...open },
      select: CREDIT_SELECT,
      orderBy: { id: "asc" },
    });
    await applyPage(db, clock, page, result);
  }
  return result;
}

const CREDIT_SELECT = {
  id: true,
  profileId: true,
  environment: true,
  data: true,
  profile: { select: { cid: true, clockOffsetSeconds: true } },
} satisfies Prisma.JobSelect;

async function applyPage(db: Db, clock: Clock, page: Prisma.JobGetPayload<{ select: typeof CREDIT_SELECT }>[], result: IntakeCreditResult): Promise<void> {
  for (const job of page) {
    const data = (job.data ?? {}) as IntakeCreditData;
    const target =
      typeof data.refundtojobid === "number"
        ? { jobid: data.refundtojobid }
        : typeof data.refundtobillnum === "string"
          ? { billnum: data.refundtobillnum }
          : null;
    const iban = typeof data.refundiban === "string" ? normaliseIban(data.refundiban) : null;
    if (!target && !iban) continue;
    const environment = environmentById(job.environment as EnvironmentId);
    const context = { environment, profile: { id: job.profileId, cid: job.profile.cid }, at: profileClock(clock, job.profile, environment).now() };
    const outcome = await applyOne(db, context, job.id, target, iban);
    if (outcome === "allocated" || outcome === "allocated_and_refunded") result.allocated++;
    if (outcome === "refunded" || outcome === "allocated_and_refunded") result.refunded++;
    if (outcome === "waiting") result.waiting++;
  }
}

async function applyOne(
  db: Db,
  context: { environment: Environment; profile: { id: string; cid: string }; at: Date },
  creditJobId: number,
  target: { jobid: number } | { billnum: string } | null,
  iban: string | null,
): Promise<Outcome> {
  return db.$transaction(async (tx): Promise<Outcome> => {
    let credit;
    try {
      credit = await lockedCreditNote(tx, context.profile.id, { jobid: creditJobId });
    } catch (error) {
      if (error instanceof ServiceError) return "done";
      throw error;
    }
    // Another worker (or a person, by POST /creditnotes/allocations or /refunds) was first.
    if (credit.jobstatus === 104) return "done";

    let allocated = false;
    if (target) {
      let targetId: number;
      try {
        targetId = await findProfileCase(tx, context.profile.id, target, "refundtojobid");
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        // Not there yet, or several open invoices share the bill number: wait for a later run (or a person).
        log.debug("intake credit allocation waits", { jobId: creditJobId, reason: error.message });
        return "waiting";
      }
      try {
        await allocateCreditNote(db, tx, { ...context, report: false }, { credit: { jobid: creditJobId }, target: { jobid: targetId } });
        allocated = true;
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        // The invoice can take nothing (closed, nothing open, another currency): the credit is refunded below when it names an account.
        log.debug("intake credit allocation not possible", { jobId: creditJobId, reason: error.message });
      }
    }

    if (iban) {
      const locked = allocated ? await lockedCreditNote(tx, context.profile.id, { jobid: creditJobId }) : credit;
      const remaining = await creditRemaining(tx, locked);
      if (remaining > 0n) {
        await recordRefund(db, tx, context, locked, iban, remaining);
        return allocated ? "allocated_and_refunded" : "refunded";
      }
    }
    return allocated ? "allocated" : "nothing";
  });
}
