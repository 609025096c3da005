import { randomUUID } from "node:crypto";

import type { Db } from "../../db/client";
import { fromCents } from "../../payment-data/amounts";
import type { CreditDecision, CreditInfo } from "../../spec/credit";

import { gatherCreditInfo, recordInquiry, type CreditContext } from "./credit-info";

/*
 * A credit decision: accept, accept with conditions, or reject, from the subject's credit info and
 * the amount asked, by the rules below and the profile's credit limit (PATCH /profile/settings
 * creditlimit). The rules are the usual ones of Nordic trade credit: a written-off debt, a case at
 * court or in enforcement, insolvency proceedings or a payment default entry refuse credit; open
 * collections or a habit of paying late ask for payment in advance; an amount over the limit is
 * granted up to the limit. decideCredit is pure, so each rule is tested on its own.
 */

type Verdict = Pick<CreditDecision, "decision" | "reasons" | "conditions">;

/** Late on more than this share of paid cases asks for payment in advance. */
const LATE_SHARE = 0.3;
/** The fewest paid cases a share of late payments is judged on. */
const MIN_PAID_CASES = 3;

export function decideCredit(info: CreditInfo, amount: bigint, limit: bigint): Verdict {
  const reject: Verdict["reasons"] = [];
  if (info.own.creditlosses + info.others.creditlosses > 0)
    reject.push({ code: "creditloss", message: "A debt of the subject was written off in the last three years." });
  if (info.own.legal + info.others.legal > 0) reject.push({ code: "legal", message: "A debt of the subject is at court or in enforcement." });
  if (info.own.insolvency + info.others.insolvency > 0)
    reject.push({ code: "insolvency", message: "The subject is in debt rescheduling, restructuring or bankruptcy proceedings." });
  if ((info.bureau.paymentdefaults ?? 0) > 0)
    reject.push({ code: "paymentdefault", message: "The credit bureau holds a payment default entry on the subject." });
  if (reject.length > 0) return { decision: "reject", reasons: reject, conditions: [] };

  const reasons: Verdict["reasons"] = [];
  const conditions: Verdict["conditions"] = [];
  const collections = info.others.collections + info.own.collections;
  // A share of late payments says something once there are a few payments to share: MIN_PAID_CASES.
  const lateOwn = info.own.paidcases >= MIN_PAID_CASES && info.own.paidlate / info.own.paidcases > LATE_SHARE;
  // On time is compared, not late: 1 − 0.7 is not 0.3 in binary floating point.
  const lateOthers = info.others.paidcases >= MIN_PAID_CASES && info.others.paidontime !== null && info.others.paidontime < 1 - LATE_SHARE;
  if (collections > 0) reasons.push({ code: "collection", message: "Debts of the subject are in debt collection." });
  if (lateOwn || lateOthers) reasons.push({ code: "paidlate", message: `The subject paid more than ${LATE_SHARE * 100} % of its invoices late.` });
  if (reasons.length > 0) conditions.push({ code: "prepayment", message: "Payment or security in advance." });
  if (amount > limit) {
    reasons.push({ code: "overlimit", message: `The amount is over the profile's credit limit of ${fromCents(limit)}.` });
    conditions.push({ code: "limit", message: "Credit up to the profile's credit limit.", amount: fromCents(limit) });
  }
  return { decision: conditions.length > 0 ? "accept_with_conditions" : "accept", reasons, conditions };
}

/** POST /creditdecision: the info gathered, decided on, and the inquiry logged with its decision. */
export async function creditDecision(db: Db, context: CreditContext, input: { govid: string; amount: bigint }): Promise<CreditDecision> {
  const info = await gatherCreditInfo(db, context, { govid: input.govid, purpose: "credit", amount: input.amount }, randomUUID());
  const { creditLimit } = await db.profile.findUniqueOrThrow({ where: { id: context.profile.id }, select: { creditLimit: true } });
  const verdict = decideCredit(info, input.amount, creditLimit);
  await recordInquiry(db, context, info, { ...input, purpose: "credit" }, verdict.decision);
  return { ...verdict, info };
}
