import { z } from "zod";

import { exactCents } from "../../payment-data/amounts";
import { PAYPLAN_LIMITS } from "../../spec/dataset-item";
import type { Country } from "../../spec/environments";
import { nextBusinessDay } from "../calendar/business-days";
import { addDays, addMonths, isIsoDate } from "../calendar/dates";

/*
 * A payment plan from the job: either its explicit payplan.instalment[] (date and amount each), or
 * payplancount instalments of payplanamount every payplaninterval months from the due date, the
 * last one taking what is left of the capital so the plan covers the whole claim.
 */

export interface Instalment {
  date: string;
  /** Minor units. */
  amount: bigint;
}

const amount = z.union([z.number(), z.string()]).transform((value, context) => {
  try {
    const cents = exactCents(value);
    if (cents > 0n) return cents;
  } catch {
    // reported below
  }
  context.addIssue({ code: "custom", message: "not a positive amount" });
  return z.NEVER;
});
const date = z.string().refine(isIsoDate);

const planData = z.looseObject({
  paydate: date.nullish(),
  payplan: z
    .looseObject({ instalment: z.array(z.looseObject({ date, amount })).min(1) })
    .nullish()
    .catch(null),
  payplanamount: amount.nullish().catch(null),
  // The interface's limits: a plan intake accepted is the plan the case follows (it refused 360 to
  // 600 instalments here, so such a job was accepted and then silently had no plan).
  payplancount: z.coerce.number().int().min(PAYPLAN_LIMITS.count.min).max(PAYPLAN_LIMITS.count.max).nullish().catch(null),
  payplaninterval: z.coerce.number().int().min(PAYPLAN_LIMITS.intervalMonths.min).max(PAYPLAN_LIMITS.intervalMonths.max).nullish().catch(null),
});

/** The instalments in date order, or null when the job has no usable plan. */
export function paymentPlanOf(data: unknown, capital: bigint): Instalment[] | null {
  const parsed = planData.safeParse(data);
  if (!parsed.success) return null;
  const item = parsed.data;
  if (item.payplan) return item.payplan.instalment.map((row) => ({ date: row.date, amount: row.amount })).sort((a, b) => a.date.localeCompare(b.date));
  if (!item.payplanamount || !item.payplancount || !item.paydate || capital <= 0n) return null;
  const interval = item.payplaninterval ?? 1;
  const instalments: Instalment[] = [];
  let left = capital;
  for (let index = 0; index < item.payplancount && left > 0n; index++) {
    const last = index === item.payplancount - 1;
    const share = last || item.payplanamount > left ? left : item.payplanamount;
    instalments.push({ date: addMonths(item.paydate, index * interval), amount: share });
    left -= share;
  }
  return instalments;
}

type PlanCheck = { followed: true; reviewOn: string | null } | { followed: false; missed: Instalment };

/**
 * Whether the plan is being kept on `today`: after each instalment's date and the grace days, no
 * more may be open than the instalments still to come.
 */
export function checkPaymentPlan(plan: readonly Instalment[], openTotal: bigint, today: string, graceDays: number): PlanCheck {
  let stillToCome = plan.reduce((sum, row) => sum + row.amount, 0n);
  for (const row of plan) {
    const deadline = addDays(row.date, graceDays);
    if (deadline >= today) return { followed: true, reviewOn: addDays(deadline, 1) };
    stillToCome -= row.amount;
    if (openTotal > (stillToCome > 0n ? stillToCome : 0n)) return { followed: false, missed: row };
  }
  return { followed: true, reviewOn: null };
}

/** Days from the plan's making to its first instalment: time to receive the plan and pay. */
const FIRST_INSTALMENT_AFTER_DAYS = 14;

/**
 * `count` monthly instalments of `total`, equal to the cent but for the last, which takes the
 * remainder; the first two weeks after `today`, each on a banking day of the country.
 */
export function monthlyInstalments(country: Country, total: bigint, count: number, today: string): Instalment[] {
  const first = addDays(today, FIRST_INSTALMENT_AFTER_DAYS);
  const share = total / BigInt(count);
  return Array.from({ length: count }, (_, index) => ({
    date: nextBusinessDay(country, addMonths(first, index)),
    amount: index === count - 1 ? total - share * BigInt(count - 1) : share,
  }));
}

const storedPlan = z.array(z.object({ date, amount: z.string().regex(/^\d+$/).transform(BigInt) })).min(1);

/** A plan as PaymentPlan.instalments keeps it (amounts as decimal strings of minor units). */
export const storedInstalments = (plan: readonly Instalment[]) => plan.map((row) => ({ date: row.date, amount: row.amount.toString() }));

/** A PaymentPlan row's instalments; null when the row does not hold a plan. */
export function instalmentsOf(stored: unknown): Instalment[] | null {
  const parsed = storedPlan.safeParse(typeof stored === "string" ? JSON.parse(stored) : stored);
  return parsed.success ? parsed.data : null;
}
