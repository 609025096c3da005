import type { Country } from "../../spec/environments";

import { ratePeriods } from "./reference-rates";

/*
 * The late-payment interest rate a debtor owes, by the one rule every count and every document of
 * overdue interest uses (interest.ts computeInterest, hence the sweep, payments, case notices,
 * posted notices and the debtor's page):
 *
 * - No agreed rate (`overdueinterest` absent): the statutory rate of each half-year (korkolaki
 *   633/1982 of 20.8.1982, 4 § and 4 a §; räntelagen 1975:635 of 12.6.1975, 6 §;
 *   forsinkelsesrenteloven 17.12.1976 nr. 100, § 3; the rates in reference-rates.ts).
 * - An agreed rate at or below the statutory one: the agreed rate, for every debtor. Each act yields
 *   to the parties' agreement: korkolaki 2 § 1 mom., räntelagen 1 § ("i den mån inte annat är
 *   avtalat"), forsinkelsesrenteloven § 1 ("for så vidt ikke annet følger av avtale"). An agreed 0 %
 *   means no interest.
 * - An agreed rate above the statutory one, business debtor: the agreed rate. All three acts are
 *   dispositive between businesses; for Finland the government bill HE 232/2001 vp (2001): "yritysten välisessä luotonannossa
 *   sopia vapaasti viivästyskoron suuruudesta".
 * - An agreed rate above the statutory one, consumer debtor:
 *   - Finland: the statutory rate. Korkolaki 2 § 2 mom. voids a term that deviates from the act to a
 *     consumer debtor's detriment; HE 232/2001 vp names the statutory rate the maximum for consumer
 *     credit and private persons' housing debts. We cap every consumer debt, not only those: the
 *     conservative reading, which never charges a consumer more than the act may allow.
 *   - Norway: the statutory rate. Forsinkelsesrenteloven § 1 yields to agreement and § 3 lets the
 *     ministry set a lower rate, never a higher one, for consumers; a standard term that burdens a
 *     consumer with more may be set aside as unreasonable (avtaleloven 31.5.1918 nr. 4, §§ 36 and
 *     37, which carry the unfair-terms directive 93/13/EEC). No section of the act caps an agreed
 *     rate outright, so this is our conservative reading: a consumer is never charged more than the
 *     statutory rate, and charging less than agreed is never unlawful.
 *   - Sweden: the agreed rate. Räntelagen 1 § is dispositive towards consumers too when the rate was
 *     agreed in advance.
 *
 * The agreed rate is one fixed yearly rate for the whole span; only the statutory rate changes each
 * half-year, so a capped consumer's rate follows the statutory rate of each half-year wherever that
 * is below what was agreed.
 */

/** The overdue-interest rate the debtor agreed, percent a year (the job's `overdueinterest`); null when none was. */
export type AgreedRate = number | null;

/** Consumers whose agreed rate the statutory rate caps (above). */
const CAPPED_FOR_CONSUMERS: Record<Country, boolean> = { FIN: true, SWE: false, NOR: true };

interface ChargedPeriod {
  /** First and last day of the period, both inclusive. */
  from: string;
  to: string;
  /** Yearly rate in hundredths of a percent; an agreed rate given to four decimals may have a fraction of one. */
  basisPoints: number;
}

/** An agreed rate's basis points, exact to the four decimals the interface allows it. */
const basisPointsOf = (percent: number) => Math.round(percent * 10_000) / 100;

/**
 * The spans of constant rate that cover [from, to] (both inclusive) at the rate the debtor owes:
 * the statutory rate of each half-year, or the agreed rate by the rule above. Adjacent spans of the
 * same rate are one span, so a notice shows a line per rate, not per half-year.
 */
export function chargedRatePeriods(country: Country, business: boolean, agreed: AgreedRate, from: string, to: string): ChargedPeriod[] {
  const agreedPoints = agreed === null ? null : basisPointsOf(agreed);
  const capped = !business && CAPPED_FOR_CONSUMERS[country];
  const out: ChargedPeriod[] = [];
  for (const period of ratePeriods(country, business, from, to)) {
    const statutory = period.basisPoints;
    const basisPoints = agreedPoints === null ? statutory : capped ? Math.min(agreedPoints, statutory) : agreedPoints;
    const last = out.at(-1);
    if (last && last.basisPoints === basisPoints) last.to = period.to;
    else out.push({ from: period.from, to: period.to, basisPoints });
  }
  return out;
}

/** The agreed rate a job's data carries (its `overdueinterest`), or null. */
export function agreedRateOf(data: unknown): AgreedRate {
  const value = data && typeof data === "object" ? (data as { overdueinterest?: unknown }).overdueinterest : undefined;
  if (value === undefined || value === null || value === "") return null;
  const rate = Number(value);
  return Number.isFinite(rate) && rate >= 0 ? rate : null;
}

/** The rate owed on `day`, percent a year. */
export function chargedRateOn(country: Country, business: boolean, agreed: AgreedRate, day: string): number | null {
  const period = chargedRatePeriods(country, business, agreed, day, day).at(-1);
  return period ? period.basisPoints / 100 : null;
}
