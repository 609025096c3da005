import type { Country } from "../../spec/environments";
import { addDays } from "../calendar/dates";

/*
 * The statutory late-payment interest rates by half-year, in basis points (1 % = 100). Each
 * authority fixes its rate for a calendar half-year; a rate stays in force until the next row.
 * A half-year not yet in the table continues at the last rate: add each new row when it is
 * published (early January and early July).
 *
 * - FIN: the reference rate of Suomen Pankki under korkolaki (633/1982) 12 § (the ECB's main
 *   refinancing rate on the last day before the half-year). Delay interest (4 §) is the reference
 *   rate + 7 points; + 8 points for a debt between businesses (4 a §, Act 30/2013 implementing
 *   Directive 2011/7/EU).
 * - SWE: Riksbanken's referensränta under räntelagen (1975:635) 9 § (the policy rate at the end of
 *   the previous half-year, rounded up to a half point). Dröjsmålsränta (6 §) is + 8 points.
 * - NOR: forsinkelsesrente fixed by the Ministry of Finance under forsinkelsesrenteloven (1976-12-17
 *   nr. 100) § 3 (Norges Bank's policy rate on 1 January / 1 July + 8 points); the table holds the
 *   rate itself, so its margin is 0.
 */

export interface RatePeriod {
  /** First day the rate is in force. */
  from: string;
  basisPoints: number;
  source: string;
}

export const REFERENCE_RATES: Record<Country, readonly RatePeriod[]> = {
  FIN: [
    { from: "2024-01-01", basisPoints: 450, source: "Suomen Pankki, viitekorko 1.1.–30.6.2024" },
    { from: "2024-07-01", basisPoints: 425, source: "Suomen Pankki, viitekorko 1.7.–31.12.2024" },
    { from: "2025-01-01", basisPoints: 315, source: "Suomen Pankki, viitekorko 1.1.–30.6.2025" },
    { from: "2025-07-01", basisPoints: 215, source: "Suomen Pankki, viitekorko 1.7.–31.12.2025" },
    { from: "2026-01-01", basisPoints: 215, source: "Suomen Pankki, viitekorko 1.1.–30.6.2026" },
  ],
  SWE: [
    { from: "2024-01-01", basisPoints: 400, source: "Riksbanken, referensränta 2024-01-01–2024-06-30" },
    { from: "2024-07-01", basisPoints: 400, source: "Riksbanken, referensränta 2024-07-01–2024-12-31" },
    { from: "2025-01-01", basisPoints: 250, source: "Riksbanken, referensränta 2025-01-01–2025-06-30" },
    { from: "2025-07-01", basisPoints: 200, source: "Riksbanken, referensränta 2025-07-01–2025-12-31" },
    { from: "2026-01-01", basisPoints: 200, source: "Riksbanken, referensränta 2026-01-01–2026-06-30" },
  ],
  NOR: [
    { from: "2024-01-01", basisPoints: 1250, source: "Finansdepartementet, forsinkelsesrente 1.1.–30.6.2024" },
    { from: "2024-07-01", basisPoints: 1250, source: "Finansdepartementet, forsinkelsesrente 1.7.–31.12.2024" },
    { from: "2025-01-01", basisPoints: 1250, source: "Finansdepartementet, forsinkelsesrente 1.1.–30.6.2025" },
    { from: "2025-07-01", basisPoints: 1225, source: "Finansdepartementet, forsinkelsesrente 1.7.–31.12.2025" },
    { from: "2026-01-01", basisPoints: 1200, source: "Finansdepartementet, forsinkelsesrente 1.1.–30.6.2026" },
  ],
};

/** Points over the table's rate: consumer and business debtors (customertype 2 and 1). */
export const INTEREST_MARGIN: Record<Country, { consumer: number; business: number }> = {
  FIN: { consumer: 700, business: 800 },
  SWE: { consumer: 800, business: 800 },
  NOR: { consumer: 0, business: 0 },
};

/**
 * The spans of constant rate that cover [from, to] (both inclusive), margin added. Days before the
 * table's first row take its first rate.
 */
export function ratePeriods(country: Country, business: boolean, from: string, to: string): { from: string; to: string; basisPoints: number }[] {
  const table = REFERENCE_RATES[country];
  const margin = business ? INTEREST_MARGIN[country].business : INTEREST_MARGIN[country].consumer;
  const out: { from: string; to: string; basisPoints: number }[] = [];
  table.forEach((row, index) => {
    const next = table[index + 1];
    const start = index === 0 || row.from < from ? from : row.from;
    const end = next && addDays(next.from, -1) < to ? addDays(next.from, -1) : to;
    if (start <= end && start <= to) out.push({ from: start, to: end, basisPoints: row.basisPoints + margin });
  });
  return out;
}
