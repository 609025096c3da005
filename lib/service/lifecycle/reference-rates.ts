import type { Country } from "../../spec/environments";
import { addDays } from "../calendar/dates";

/*
 * The statutory late-payment interest rates by half-year, in basis points (1 % = 100), derived by
 * each country's rule from its central bank's rate (CENTRAL_BANK_RATES below), never typed in:
 *
 * - FIN, korkolaki (633/1982) 12 §: the reference rate of a half-year is the rate the ECB applied to
 *   its last main refinancing operation before the half-year's first day, rounded up to the next
 *   half percentage point. Delay interest (4 §) is the reference rate + 7 points; + 8 points for a
 *   debt between businesses (4 a §, Act 30/2013 implementing Directive 2011/7/EU).
 * - SWE, räntelagen (1975:635) 9 §: Riksbanken's referensränta is its policy rate at the end of
 *   the previous half-year, rounded up to the next half percentage point. Dröjsmålsränta (6 §) is
 *   the reference rate + 8 points.
 * - NOR, forsinkelsesrenteloven (1976-12-17 nr. 100) § 3: the Ministry of Finance fixes the
 *   forsinkelsesrente for each half-year as Norges Bank's policy rate on 1 January or 1 July plus
 *   at least 7 points; its regulation (FOR-1993-12-21-1250) sets 8. The derived rate is the rate
 *   itself, so the margin below is 0.
 *
 * A central bank's table is complete through its `checkedThrough` day. A half-year whose rule reads
 * a day after it continues at the last derived rate until the bank's decisions are added.
 */

interface RatePeriod {
  /** First day the rate is in force. */
  from: string;
  basisPoints: number;
  source: string;
}

interface BankRate {
  /** First day the rate applies (the ECB: the settlement of the first operation at it). */
  from: string;
  basisPoints: number;
}

interface BankTable {
  source: string;
  rates: readonly BankRate[];
  checkedThrough: string;
}

/**
 * Each central bank's rate changes since before 2024: the day a rate came into force and the rate.
 * Add each decision as the bank publishes it, and move `checkedThrough` to the day the table was
 * last compared with the bank's own list.
 */
const CENTRAL_BANK_RATES: { ecb: BankTable; riksbank: BankTable; norgesBank: BankTable } = {
  ecb: {
    source: "ECB, key interest rates: main refinancing operations (fixed rate tenders)",
    // 2026: held on 5 February, 19 March and 30 April, raised by 25 points on 11 June (press
    // release ecb.mp260611, as reported on the day; read 27 November 2026). The new rate applies
    // from the first operation settled after the decision, the Wednesday after, as the earlier
    // rows do; the next meeting was 23 July, so the table is whole through June.
    checkedThrough: "2026-06-30",
    rates: [
      { from: "2023-09-20", basisPoints: 450 },
      { from: "2024-06-12", basisPoints: 425 },
      { from: "2024-09-18", basisPoints: 365 },
      { from: "2024-10-23", basisPoints: 340 },
      { from: "2024-12-18", basisPoints: 315 },
      { from: "2025-02-05", basisPoints: 290 },
      { from: "2025-03-12", basisPoints: 265 },
      { from: "2025-04-23", basisPoints: 240 },
      { from: "2025-06-11", basisPoints: 215 },
      { from: "2026-06-17", basisPoints: 240 },
    ],
  },
  riksbank: {
    source: "Sveriges riksbank, styrränta",
    // Held at 1.75 % on 29 January 2026 (reported on the day; read 27 November 2026); its later
    // 2026 decisions were not found, so 1 July 2026 is not derived yet.
    checkedThrough: "2026-01-29",
    rates: [
      { from: "2023-09-27", basisPoints: 400 },
      { from: "2024-05-15", basisPoints: 375 },
      { from: "2024-08-28", basisPoints: 350 },
      { from: "2024-10-02", basisPoints: 325 },
      { from: "2024-11-13", basisPoints: 275 },
      { from: "2024-12-20", basisPoints: 250 },
      { from: "2025-02-05", basisPoints: 225 },
      { from: "2025-06-25", basisPoints: 200 },
      { from: "2025-09-24", basisPoints: 175 },
    ],
  },
  norgesBank: {
    source: "Norges Bank, styringsrenten",
    // Held at 4 % on 17 December 2025 (norges-bank.no) and 21 January 2026 (reported on the day;
    // read 27 November 2026); its later 2026 decisions were not found.
    checkedThrough: "2026-01-21",
    rates: [
      { from: "2023-12-15", basisPoints: 450 },
      { from: "2025-06-20", basisPoints: 425 },
      { from: "2025-09-19", basisPoints: 400 },
    ],
  },
};

/** The first half-year the table derives; earlier days take its rate. */
const FIRST_HALF_YEAR = "2024-01-01";

function rateOn(table: BankTable, day: string): BankRate {
  const found = table.rates.filter((rate) => rate.from <= day).at(-1);
  if (!found) throw new Error(`no central bank rate on ${day}`);
  return found;
}

/** Rounded up to the next half percentage point (50 basis points), as korkolaki and räntelagen say. */
export const roundUpToHalfPoint = (basisPoints: number) => Math.ceil(basisPoints / 50) * 50;

const nextHalfYear = (from: string) => (from.endsWith("-01-01") ? `${from.slice(0, 4)}-07-01` : `${Number(from.slice(0, 4)) + 1}-01-01`);

const halfYearName = (from: string) => `${from.endsWith("-01-01") ? "1.1.–30.6." : "1.7.–31.12."}${from.slice(0, 4)}`;

/** Each country's rule: the day it reads the bank's rate for the half-year starting `from`, and the rate it makes of it. */
const RATE_RULES: Record<
  Country,
  { bank: keyof typeof CENTRAL_BANK_RATES; readsOn: (from: string) => string; derive: (bankRate: number) => number; law: string }
> = {
  FIN: { bank: "ecb", readsOn: (from) => addDays(from, -1), derive: roundUpToHalfPoint, law: "korkolaki 12 §" },
  SWE: { bank: "riksbank", readsOn: (from) => addDays(from, -1), derive: roundUpToHalfPoint, law: "räntelagen 9 §" },
  NOR: { bank: "norgesBank", readsOn: (from) => from, derive: (bankRate) => bankRate + 800, law: "forsinkelsesrenteloven § 3" },
};

function deriveRates(country: Country): RatePeriod[] {
  const rule = RATE_RULES[country];
  const table = CENTRAL_BANK_RATES[rule.bank];
  const out: RatePeriod[] = [];
  for (let from = FIRST_HALF_YEAR; rule.readsOn(from) <= table.checkedThrough; from = nextHalfYear(from)) {
    const bank = rateOn(table, rule.readsOn(from));
    out.push({
      from,
      basisPoints: rule.derive(bank.basisPoints),
      source: `${rule.law}, ${halfYearName(from)}: ${bank.basisPoints / 100} % on ${rule.readsOn(from)} (${table.source})`,
    });
  }
  return out;
}

export const REFERENCE_RATES: Record<Country, readonly RatePeriod[]> = { FIN: deriveRates("FIN"), SWE: deriveRates("SWE"), NOR: deriveRates("NOR") };

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

/**
 * How many half-years have begun by `today` whose rate the country's table cannot derive yet,
 * because the day its rule reads lies past the bank table's `checkedThrough`: 0 while the table is
 * current. Interest for those days runs at the last derived rate, which is right only if the bank
 * did not move; /metrics reports this so that someone adds the bank's decisions.
 */
export function halfYearsBehind(country: Country, today: string): number {
  const last = REFERENCE_RATES[country].at(-1)!.from;
  let behind = 0;
  for (let from = nextHalfYear(last); from <= today; from = nextHalfYear(from)) behind++;
  return behind;
}
