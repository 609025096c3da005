import type { Country } from "../../spec/environments";
import { addDays, daysBetween } from "../calendar/dates";

import { ratePeriods } from "./reference-rates";

/*
 * Late-payment interest on open capital: day by day at the rate in force on each day, actual/365
 * (the convention of korkolaki, räntelagen and forsinkelsesrenteloven alike, none of which counts
 * a leap day differently). The exact sum is kept as a fraction and rounded once, half away from
 * zero, to the cent, so splitting a span into periods never adds a rounding cent.
 */

export interface InterestPeriod {
  from: string;
  to: string;
  days: number;
  basisPoints: number;
}

export interface InterestResult {
  /** Minor units. */
  amount: bigint;
  periods: InterestPeriod[];
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
  const first = addDays(accruedTo, 1);
  const periods = ratePeriods(country, business, first, until).map((period) => ({ ...period, days: daysBetween(period.from, period.to) + 1 }));
  let numerator = 0n;
  for (const period of periods) numerator += capital * BigInt(period.basisPoints) * BigInt(period.days);
  return { amount: roundHalfAwayFromZero(numerator, DENOMINATOR), periods };
}
