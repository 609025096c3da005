import type { Country } from "../../spec/environments";
import { addDays, daysBetween } from "../calendar/dates";

import { type AgreedRate, chargedRatePeriods } from "./overdue-rate";

/*
 * Late-payment interest on open capital: day by day at the rate in force on each day, actual/365
 * (the convention of korkolaki, räntelagen and forsinkelsesrenteloven alike, none of which counts
 * a leap day differently). The exact sum is kept as a fraction and rounded once, half away from
 * zero, to the cent, so splitting a span into periods never adds a rounding cent. The rate of each
 * day is the one the debtor owes: statutory, or agreed within each country's limits (overdue-rate.ts).
 */

interface InterestPeriod {
  from: string;
  to: string;
  days: number;
  /** Hundredths of a percent a year (an agreed rate of four decimals may leave a fraction). */
  basisPoints: number;
}

interface InterestResult {
  /** Minor units. */
  amount: bigint;
  periods: readonly InterestPeriod[];
}

/** Rates are counted in hundredths of a basis point, exact for an agreed rate of four decimals. */
const DENOMINATOR = 365n * 1_000_000n;
const rateUnits = (basisPoints: number) => BigInt(Math.round(basisPoints * 100));

export function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/**
 * Interest on `capital` (minor units) for the days after `accruedTo` up to and including `until`.
 * `accruedTo` is the last day already charged (at first the due date itself: interest runs from
 * the day after it). `agreed` is the job's agreed rate, null for none.
 */
export function computeInterest(country: Country, business: boolean, capital: bigint, accruedTo: string, until: string, agreed: AgreedRate): InterestResult {
  if (capital <= 0n || until <= accruedTo) return { amount: 0n, periods: [] };
  const span = spanOf(country, business, agreed, accruedTo, until);
  // Σ capital × rate × days is capital × Σ rate × days: the same exact fraction.
  return { amount: roundHalfAwayFromZero(capital * span.rateDays, DENOMINATOR), periods: span.periods };
}

interface Span {
  periods: readonly InterestPeriod[];
  /** Σ rate units × days over the periods. */
  rateDays: bigint;
}

/*
 * A sweep asks for the same few spans thousands of times (its cases share due dates and today), so
 * each span's periods are worked out once. The rate tables are constants of the build.
 */
const SPANS = new Map<string, Span>();
const MAX_SPANS = 4096;

function spanOf(country: Country, business: boolean, agreed: AgreedRate, accruedTo: string, until: string): Span {
  const key = `${country}|${business ? "b" : "c"}|${agreed ?? ""}|${accruedTo}|${until}`;
  let span = SPANS.get(key);
  if (span === undefined) {
    const periods = chargedRatePeriods(country, business, agreed, addDays(accruedTo, 1), until).map((period) =>
      Object.freeze({ ...period, days: daysBetween(period.from, period.to) + 1 }),
    );
    let rateDays = 0n;
    for (const period of periods) rateDays += rateUnits(period.basisPoints) * BigInt(period.days);
    span = { periods: Object.freeze(periods), rateDays };
    if (SPANS.size >= MAX_SPANS) SPANS.clear();
    SPANS.set(key, span);
  }
  return span;
}

/**
 * An interest amount as one line per period, each period's share of it by its rate × days, the
 * cents the shares leave over going to the largest remainders: the lines add up to `amount` exactly
 * (it was rounded once), and on a capital that stayed the same each line is what its own days at its
 * own rate come to, within a cent.
 */
export function splitOverPeriods(amount: bigint, periods: readonly InterestPeriod[]): (InterestPeriod & { amount: bigint })[] {
  const weights = periods.map((period) => rateUnits(period.basisPoints) * BigInt(period.days));
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  if (total === 0n) return periods.map((period) => ({ ...period, amount: 0n }));
  const shares = weights.map((weight) => (amount * weight) / total);
  let left = amount - shares.reduce((sum, share) => sum + share, 0n);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % total }))
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.index - b.index));
  for (const { index } of byRemainder) {
    if (left <= 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return periods.map((period, index) => ({ ...period, amount: shares[index]! }));
}
