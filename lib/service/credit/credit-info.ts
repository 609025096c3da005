import { randomUUID } from "node:crypto";

import { Temporal } from "temporal-polyfill";

import type { Db } from "../../db/client";
import { inChunks } from "../../db/in-chunks";
import { fromCents } from "../../payment-data/amounts";
import { addDays, daysBetween } from "../../platform/calendar-days";
import { today as todayIn, type Clock } from "../../platform/clock";
import { DRAFT_STATUS } from "../../spec/codes";
import type { CreditInfo, CreditInfoRequest } from "../../spec/credit";
import type { Environment } from "../../spec/environments";
import { isValidBusinessId, isValidPersonalId } from "../../spec/national-ids";
import { stated } from "../../spec/problems";
import { ServiceError } from "../errors";
import { CASE_JOBS } from "../intake/opens-case";
import { govidLookupHashes, govidStoreHash } from "../intake/store-jobs";
import { CLOSED_CODES, currentDueDate } from "../lifecycle/case-state";

import { askBureau } from "./bureau";

/*
 * Credit info on a person or company, from the service's own data and a credit bureau. The
 * service's part is what the environment's creditors' cases say of the subject: the asking
 * profile's own cases with amounts, every other creditor's as counts only, never a name or an
 * amount of theirs. Who may ask about whom follows credit information law (luottotietolaki
 * 527/2007 13 §, kreditupplysningslagen 1973:1173 6 §, personopplysningsloven 2018 with
 * kredittopplysningsforskriften): a purpose is given and checked, monitoring only of a debtor the
 * profile has an open case with, and every inquiry is logged (CreditInquiry) with the subject as
 * its lookup hash, so the subject's right to know who asked can be answered.
 *
 * Operating this for private persons in production makes the operator a provider of credit
 * information, which it must notify to the data protection authority before it does.
 */

/** How far back payment behaviour counts: three years, as a paid payment default entry stays (luottotietolaki 527/2007 21 §). */
const LOOKBACK_YEARS = 3;
/** The most cases of one subject read: more changes no count that matters. */
const MAX_CASES = 10_000;

const COLLECTION_CODES = [2, 16, 17, 63, 65, 112, 203];
const COLLECTION_SET: ReadonlySet<number> = new Set(COLLECTION_CODES);
const LEGAL_CODES = new Set([63, 65, 112]);
const INSOLVENCY_CODES = new Set([6, 110, 111]);

export interface CreditContext {
  environment: Environment;
  profile: { id: string };
  clock: Clock;
}

/** Whose identity code it is: a person's is tried first (a Swedish sole trader's organisationsnummer is the personnummer). */
function subjectTypeOf(environment: Environment, govid: string): "person" | "company" {
  if (isValidPersonalId(environment.country, govid)) return "person";
  if (isValidBusinessId(environment.country, govid)) return "company";
  throw new ServiceError("invalid_request", "govid is neither a business id nor a personal identity code of this environment's country.", {
    problems: [{ field: "govid", code: "invalid", message: "must be a valid business id or personal identity code, with its check digit" }],
  });
}

/**
 * How many inquiries a profile may make in a day: enough for a business's credit desk, too few to
 * walk through every identity code of a birth date. Refused ones count too.
 */
export const MAX_INQUIRIES_PER_DAY = 500;

/** Days after its due date a payment still counts as on time: the lifecycle's grace for payments in transit. */
const PAID_GRACE_DAYS = 3;

/** The subject's info, before the inquiry is logged. */
export async function gatherCreditInfo(db: Db, context: CreditContext, input: CreditInfoRequest, inquiryid: string): Promise<CreditInfo> {
  const { environment, profile } = context;
  const type = subjectTypeOf(environment, input.govid);
  const today = todayIn(context.clock, environment.rules.timeZone);
  const hashes = govidLookupHashes(input.govid, today);
  const startOfDay = (date: string) => new Date(Temporal.PlainDate.from(date).toZonedDateTime(environment.rules.timeZone).epochMilliseconds);
  const asked = await db.creditInquiry.count({ where: { profileId: profile.id, createdAt: { gte: startOfDay(today) } } });
  if (asked >= MAX_INQUIRIES_PER_DAY) {
    throw new ServiceError("too_many_requests", `This profile made ${MAX_INQUIRIES_PER_DAY} credit inquiries today, the most a day allows.`, {
      headers: { "Retry-After": "3600" },
    });
  }
  if (input.purpose === "credit" && input.amount === undefined) {
    throw new ServiceError("invalid_request", "A credit inquiry names the credit in question: give amount.", {
      problems: [{ field: "amount", code: "required", ...stated("required", { when: " for purpose credit" }) }],
    });
  }
  // A case opened to the subject, sent (no draft) and with something to collect.
  const cases = { environment: environment.id, nationalIdHash: { in: hashes }, ...CASE_JOBS, jobstatus: { not: DRAFT_STATUS } } as const;
  if (input.purpose === "monitoring") {
    const own = await db.job.count({ where: { ...cases, profileId: profile.id, AND: [{ jobstatus: { notIn: [...CLOSED_CODES] } }] } });
    if (own === 0) {
      // Refused, and logged as such: who asked about whom is kept for refusals too.
      await recordInquiry(db, context, { inquiryid, subject: { type } }, input, "refused");
      throw new ServiceError("forbidden", "Monitoring is for a debtor this profile has an open case with; ask with purpose credit for a new credit.");
    }
  }

  // What is open now, and what closed in the last three years (a debt written off last month counts however old).
  const since = startOfDay(Temporal.PlainDate.from(today).subtract({ years: LOOKBACK_YEARS }).toString());
  const rows = await db.job.findMany({
    where: { ...cases, OR: [{ jobstatus: { notIn: [...CLOSED_CODES] } }, { closedAt: { gte: since } }] },
    select: {
      id: true,
      profileId: true,
      jobtype: true,
      jobstatus: true,
      paydate: true,
      currentPaydate: true,
      closedAt: true,
      openCapital: true,
      openInterest: true,
      openExpenses: true,
    },
    orderBy: { id: "desc" },
    take: MAX_CASES,
  });
  // Which were ever reminded: a case paid only after a reminder was paid late, whatever its due date became.
  const reminded = new Set(
    (
      await inChunks(
        rows.map((row) => row.id),
        (ids) =>
          db.caseMove.findMany({ where: { jobId: { in: ids }, toCode: { in: [1, ...COLLECTION_CODES] } }, select: { jobId: true }, distinct: ["jobId"] }),
      )
    ).map((move) => move.jobId),
  );
  const zone = environment.rules.timeZone;
  const paidLate = (row: (typeof rows)[number]) => {
    if (row.jobtype === 1 || row.jobtype === 2 || reminded.has(row.id)) return true;
    const due = currentDueDate(row);
    if (!due || !row.closedAt) return false;
    const paidOn = Temporal.Instant.from(row.closedAt.toISOString()).toZonedDateTimeISO(zone).toPlainDate().toString();
    return daysBetween(addDays(due, PAID_GRACE_DAYS), paidOn) > 0;
  };

  const own = rows.filter((row) => row.profileId === profile.id);
  const others = rows.filter((row) => row.profileId !== profile.id);
  const open = (list: typeof rows) => list.filter((row) => !CLOSED_CODES.has(row.jobstatus));
  const paid = (list: typeof rows) => list.filter((row) => row.jobstatus === 101);
  const inPhases = (list: typeof rows, codes: ReadonlySet<number>) => open(list).filter((row) => codes.has(row.jobstatus)).length;
  const othersPaid = paid(others);

  return {
    inquiryid,
    subject: { type, country: environment.country },
    asof: today,
    own: {
      opencases: open(own).length,
      openamount: fromCents(open(own).reduce((sum, row) => sum + row.openCapital + row.openInterest + row.openExpenses, 0n)),
      paidcases: paid(own).length,
      paidlate: paid(own).filter(paidLate).length,
      collections: inPhases(own, COLLECTION_SET),
      legal: inPhases(own, LEGAL_CODES),
      insolvency: inPhases(own, INSOLVENCY_CODES),
      creditlosses: own.filter((row) => row.jobstatus === 103).length,
    },
    others: {
      creditors: new Set(others.map((row) => row.profileId)).size,
      opencases: open(others).length,
      collections: inPhases(others, COLLECTION_SET),
      legal: inPhases(others, LEGAL_CODES),
      insolvency: inPhases(others, INSOLVENCY_CODES),
      creditlosses: others.filter((row) => row.jobstatus === 103).length,
      paidcases: othersPaid.length,
      // Rounded down: a share just under the rule's line is not reported as on it.
      paidontime: othersPaid.length === 0 ? null : Math.floor(((othersPaid.length - othersPaid.filter(paidLate).length) / othersPaid.length) * 100) / 100,
    },
    bureau: await askBureau(environment, input.govid, type),
  };
}

/** Logs the inquiry: who asked about whom, why, for how much, and what was decided. */
export async function recordInquiry(
  db: Db,
  context: CreditContext,
  info: Pick<CreditInfo, "inquiryid"> & { subject: Pick<CreditInfo["subject"], "type"> },
  input: { govid: string; purpose: string; amount?: bigint },
  decision: string | null,
): Promise<void> {
  await db.creditInquiry.create({
    data: {
      id: info.inquiryid,
      profileId: context.profile.id,
      environment: context.environment.id,
      subjectHash: govidStoreHash(input.govid, context.environment.country, todayIn(context.clock, context.environment.rules.timeZone)),
      subjectType: info.subject.type,
      purpose: input.purpose,
      amount: input.amount ?? null,
      decision,
      createdAt: context.clock.now(),
    },
  });
}

/** POST /creditinfo. */
export async function creditInfo(db: Db, context: CreditContext, input: CreditInfoRequest): Promise<CreditInfo> {
  const info = await gatherCreditInfo(db, context, input, randomUUID());
  await recordInquiry(db, context, info, input, null);
  return info;
}
