import type { Country } from "../../spec/environments";
import { addDays, daysBetween } from "../calendar/dates";

import { ratePeriods } from "./reference-rates";

/*
 * Late-payment interest on open capital: day by day at the rate in force on each day, actual/365
 * (the convention of korkolaki, räntelagen and forsinkelsesrenteloven alike, none of which counts
 * a leap day differently). The exact sum is kept as a fraction and rounded once, half away from
 * zero, to the cent, so splitting a span into periods never adds a rounding cent.
 */

interface InterestPeriod {
  from: string;
  to: string;
  days: number;
  basisPoints: number;
}

interface InterestResult {
  /** Minor units. */
  amount: bigint;
  periods: readonly InterestPeriod[];
}

const DENOMINATOR = 365n * 10_000n;

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
 * the day after it).
 */
export function computeInterest(country: Country, business: boolean, capital: bigint, accruedTo: string, until: string): InterestResult {
  if (capital <= 0n || until <= accruedTo) return { amount: 0n, periods: [] };
  const span = spanOf(country, business, accruedTo, until);
  // Σ capital × rate × days is capital × Σ rate × days: the same exact fraction.
  return { amount: roundHalfAwayFromZero(capital * span.rateDays, DENOMINATOR), periods: span.periods };
}

interface Span {
  periods: readonly InterestPeriod[];
  /** Σ basis points × days over the periods. */
  rateDays: bigint;
}

/*
 * A sweep asks for the same few spans thousands of times (its cases share due dates and today), so
 * each span's periods are worked out once. The rate tables are constants of the build.
 */
const SPANS = new Map<string, Span>();
const MAX_SPANS = 4096;

function spanOf(country: Country, business: boolean, accruedTo: string, until: string): Span {
  const key = `${country}|${business ? "b" : "c"}|${accruedTo}|${until}`;
  let span = SPANS.get(key);
  if (span === undefined) {
    const periods = ratePeriods(country, business, addDays(accruedTo, 1), until).map((period) =>
      Object.freeze({ ...period, days: daysBetween(period.from, period.to) + 1 }),
    );
    let rateDays = 0n;
    for (const period of periods) rateDays += BigInt(period.basisPoints) * BigInt(period.days);
    span = { periods: Object.freeze(periods), rateDays };
    if (SPANS.size >= MAX_SPANS) SPANS.clear();
    SPANS.set(key, span);
  }
  return span;
}
