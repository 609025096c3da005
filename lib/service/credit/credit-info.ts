import { randomUUID } from "node:crypto";

import { Temporal } from "temporal-polyfill";

import type { Db } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import { today as todayIn, type Clock } from "../../platform/clock";
import type { CreditInfo, CreditInfoRequest } from "../../spec/credit";
import type { Environment } from "../../spec/environments";
import { isValidBusinessId, isValidPersonalId } from "../../spec/national-ids";
import { ServiceError } from "../errors";
import { CASE_JOBS } from "../intake/opens-case";
import { govidLookupHash } from "../intake/store-jobs";
import { CLOSED_CODES } from "../lifecycle/case-state";

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
const LEGAL_CODES = new Set([63, 65, 112]);
const INSOLVENCY_CODES = new Set([6, 110, 111]);

export interface CreditContext {
  environment: Environment;
  profile: { id: string };
  clock: Clock;
}

/** Whose identity code it is: a person's is tried first (a Swedish sole trader's organisationsnummer is the personnummer). */
export function subjectTypeOf(environment: Environment, govid: string): "person" | "company" {
  if (isValidPersonalId(environment.country, govid)) return "person";
  if (isValidBusinessId(environment.country, govid)) return "company";
  throw new ServiceError("invalid_request", "govid is neither a business id nor a personal identity code of this environment's country.", {
    problems: [{ field: "govid", code: "invalid", message: "must be a valid business id or personal identity code, with its check digit" }],
  });
}

/** The subject's info, before the inquiry is logged. */
export async function gatherCreditInfo(db: Db, context: CreditContext, input: CreditInfoRequest, inquiryid: string): Promise<CreditInfo> {
  const { environment, profile } = context;
  const type = subjectTypeOf(environment, input.govid);
  const hash = govidLookupHash(input.govid);
  const today = todayIn(context.clock, environment.rules.timeZone);
  if (input.purpose === "credit" && input.amount === undefined) {
    throw new ServiceError("invalid_request", "A credit inquiry names the credit in question: give amount.", {
      problems: [{ field: "amount", code: "required", message: "is required for purpose credit" }],
    });
  }
  if (input.purpose === "monitoring") {
    const own = await db.job.count({
      where: { profileId: profile.id, environment: environment.id, nationalIdHash: hash, jobstatus: { notIn: [...CLOSED_CODES] } },
    });
    if (own === 0)
      throw new ServiceError("forbidden", "Monitoring is for a debtor this profile has an open case with; ask with purpose credit for a new credit.");
  }

  const since = new Date(Temporal.PlainDate.from(today).subtract({ years: LOOKBACK_YEARS }).toString() + "T00:00:00Z");
  const cases = await db.job.findMany({
    where: {
      environment: environment.id,
      nationalIdHash: hash,
      ...CASE_JOBS,
      OR: [{ jobstatus: { notIn: [...CLOSED_CODES] } }, { createdAt: { gte: since } }],
    },
    select: {
      id: true,
      profileId: true,
      jobtype: true,
      jobstatus: true,
      paydate: true,
      closedAt: true,
      openCapital: true,
      openInterest: true,
      openExpenses: true,
    },
    orderBy: { id: "desc" },
    take: MAX_CASES,
  });
  const collected = new Set(
    cases.length === 0
      ? []
      : (
          await db.caseMove.findMany({
            where: { jobId: { in: cases.map((row) => row.id) }, toCode: { in: COLLECTION_CODES } },
            select: { jobId: true },
            distinct: ["jobId"],
          })
        ).map((move) => move.jobId),
  );
  const reachedCollection = (row: (typeof cases)[number]) => row.jobtype === 2 || collected.has(row.id) || COLLECTION_CODES.includes(row.jobstatus);
  const paidLate = (row: (typeof cases)[number]) =>
    row.paydate !== null &&
    row.closedAt !== null &&
    Temporal.Instant.from(row.closedAt.toISOString()).toZonedDateTimeISO(environment.rules.timeZone).toPlainDate().toString() > row.paydate;

  const own = cases.filter((row) => row.profileId === profile.id);
  const others = cases.filter((row) => row.profileId !== profile.id);
  const open = (rows: typeof cases) => rows.filter((row) => !CLOSED_CODES.has(row.jobstatus));
  const paid = (rows: typeof cases) => rows.filter((row) => row.jobstatus === 101);
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
      collections: own.filter(reachedCollection).length,
      creditlosses: own.filter((row) => row.jobstatus === 103).length,
    },
    others: {
      creditors: new Set(others.map((row) => row.profileId)).size,
      opencases: open(others).length,
      collections: open(others).filter((row) => COLLECTION_CODES.includes(row.jobstatus)).length,
      legal: open(others).filter((row) => LEGAL_CODES.has(row.jobstatus)).length,
      insolvency: open(others).filter((row) => INSOLVENCY_CODES.has(row.jobstatus)).length,
      creditlosses: others.filter((row) => row.jobstatus === 103).length,
      paidontime: othersPaid.length === 0 ? null : Math.round(((othersPaid.length - othersPaid.filter(paidLate).length) / othersPaid.length) * 100) / 100,
    },
    bureau: await askBureau(environment, input.govid, type),
  };
}

/** Logs the inquiry: who asked about whom, why, for how much, and what was decided. */
export async function recordInquiry(
  db: Db,
  context: CreditContext,
  info: CreditInfo,
  input: { govid: string; purpose: string; amount?: bigint },
  decision: string | null,
): Promise<void> {
  await db.creditInquiry.create({
    data: {
      id: info.inquiryid,
      profileId: context.profile.id,
      environment: context.environment.id,
      subjectHash: govidLookupHash(input.govid),
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
