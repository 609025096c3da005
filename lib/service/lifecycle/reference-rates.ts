import type { Country } from "../../spec/environments";
import { addDays } from "../calendar/dates";

/*
 * The statutory late-payment interest rates by half-year, in basis points (1 % = 100), derived by
 * each country's rule from its central bank's rate (CENTRAL_BANK_RATES below), never typed in:
 *
 * - FIN, korkolaki (633/1982) 12 §: the reference rate of a half-year is the rate the ECB applied to
 *   its last main refinancing operation before the half-year's first day, rounded up to the next
 *   half percentage point. Delay interest (4 §) is the reference rate + 7 points; + 8 points for a
 *   debt between businesses (4 a §, Directive 2011/7/EU). Suomen Pankki announces each half-year's
 *   rates under 12 a § "sellaisena kuin se on laissa 32/2013" (the amending act of 18 January 2013;
 *   30/2013 is the separate act on commercial payment terms), e.g. its notice for 1.1.–30.6.2026:
 *   2.5 %, 9.5 % and 10.5 % (sttinfo.fi release 71709487, read 28 November 2026).
 * - SWE, räntelagen (1975:635) 9 §: Riksbanken's referensränta is its policy rate at the end of
 *   the previous half-year, rounded up to the next half percentage point. Dröjsmålsränta (6 §) is
 *   the reference rate + 8 points.
 * - NOR, forsinkelsesrenteloven (1976-12-17 nr. 100) § 3 første ledd: the Ministry of Finance
 *   (by delegation, FOR-2003-12-12-1509) fixes the forsinkelsesrente for each half-year by
 *   regulation as Norges Bank's policy rate on 1 January or 1 July plus a margin: "minst 8
 *   prosentpoeng" in the government's notices since the late-payment directive (jusinfo.no still
 *   quotes the older "minst sju"; the margin of FOR-1993-12-21-1250, cited here before, was not
 *   read again). Every half-year's regulation checked adds 8, e.g. FOR-2024-12-19-3279 § 1: 12.5 %
 *   from 1 January 2025 on 4.5 % (lovdata.no, read 28 November 2026). The derived rate is the rate
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
  /** The bank's decision that set it: the day it was announced, and where it was read. */
  decision: string;
}

interface BankTable {
  source: string;
  rates: readonly BankRate[];
  checkedThrough: string;
}

/**
 * Each central bank's rate changes since before 2024: the day a rate came into force, the rate, and
 * the decision that set it. Add each decision as the bank publishes it, and move `checkedThrough` to
 * the day the table was last compared with the bank's own list. The rows a half-year reads (the
 * rate on the day its rule names) are the ones the law's figures rest on; a row's `decision` says
 * which announcement set it, and whether it was read again when the table was last checked.
 */
const CENTRAL_BANK_RATES: { ecb: BankTable; riksbank: BankTable; norgesBank: BankTable } = {
  ecb: {
    source: "ECB, key interest rates: main refinancing operations (fixed rate tenders)",
    // The new rate applies from the first operation settled after the decision, the Wednesday
    // after. 2026: held on 5 February, 19 March and 30 April, raised by 25 points on 11 June (press
    // release ecb.mp260611, as reported on the day, read 27 November 2026; not found again in the
    // sources searched on 28 November 2026). Finland's second half of 2026 does not hang on it: any
    // rate above 2 % and at most 2.5 % on 30 June rounds up to the same 2.5 % reference rate, held
    // (2.15 %) or raised (2.40 %). The next meeting was 23 July, so the table is whole through June.
    checkedThrough: "2026-06-30",
    rates: [
      { from: "2023-09-20", basisPoints: 450, decision: "ECB monetary policy decisions of 14 September 2023" },
      { from: "2024-06-12", basisPoints: 425, decision: "ECB monetary policy decisions of 6 June 2024" },
      { from: "2024-09-18", basisPoints: 365, decision: "ECB monetary policy decisions of 12 September 2024" },
      { from: "2024-10-23", basisPoints: 340, decision: "ECB monetary policy decisions of 17 October 2024" },
      { from: "2024-12-18", basisPoints: 315, decision: "ECB monetary policy decisions of 12 December 2024" },
      { from: "2025-02-05", basisPoints: 290, decision: "ECB monetary policy decisions of 30 January 2025" },
      { from: "2025-03-12", basisPoints: 265, decision: "ECB monetary policy decisions of 6 March 2025" },
      { from: "2025-04-23", basisPoints: 240, decision: "ECB monetary policy decisions of 17 April 2025" },
      // Read for 1.7.2025 and 1.1.2026: Suomen Pankki's notice for 1.1.–30.6.2026 (2.5 %) agrees.
      { from: "2025-06-11", basisPoints: 215, decision: "ECB monetary policy decisions of 5 June 2025" },
      { from: "2026-06-17", basisPoints: 240, decision: "ECB monetary policy decisions of 11 June 2026 (not re-read on 28 November 2026)" },
    ],
  },
  riksbank: {
    source: "Sveriges riksbank, styrränta",
    // A decision applies from a later Wednesday, never the day it is announced; December's waits
    // for the new year. Held at 1.75 % on 5 November and 18 December 2025 (applied from 7 January
    // 2026) and on 29 January 2026 (Riksbank press release "Policy rate unchanged at 1.75 per
    // cent", read 28 November 2026). Its 2026 meetings of 19 March, 7 May and 17 June, which set the
    // rate on 30 June 2026, were not found in any source read on 28 November 2026, so 1 July 2026
    // is not derived: it runs at the first half's 2 % and /metrics counts it behind. The effective
    // days of the August 2024 and September 2025 rows differ by a week between sources (mystep.se's
    // copy of the Riksbank's table: 21 August 2024, 1 October 2025); no half-year reads either.
    checkedThrough: "2026-01-29",
    rates: [
      { from: "2023-09-27", basisPoints: 400, decision: "Riksbank decision announced 21 September 2023" },
      { from: "2024-05-15", basisPoints: 375, decision: "Riksbank decision announced 8 May 2024" },
      { from: "2024-08-28", basisPoints: 350, decision: "Riksbank decision announced 20 August 2024" },
      { from: "2024-10-02", basisPoints: 325, decision: "Riksbank decision announced 25 September 2024" },
      { from: "2024-11-13", basisPoints: 275, decision: "Riksbank decision announced 7 November 2024" },
      // Announced 19 December 2024 but applied only from 8 January 2025 "due to the Christmas and New
      // Year holidays" (the Riksbank's page of the decision, read 28 November 2026): 2.75 % stood on
      // 31 December 2024, so the reference rate of 1.1.–30.6.2025 is 3 %, as the Riksbank fixed it
      // (mystep.se's copy of the referensränta table: 2025-01-01 3.00 %).
      { from: "2025-01-08", basisPoints: 250, decision: "Riksbank decision announced 19 December 2024, applied from 8 January 2025" },
      { from: "2025-02-05", basisPoints: 225, decision: "Riksbank decision announced 29 January 2025" },
      { from: "2025-06-25", basisPoints: 200, decision: "Riksbank decision announced 18 June 2025" },
      { from: "2025-09-24", basisPoints: 175, decision: "Riksbank decision announced 23 September 2025" },
    ],
  },
  norgesBank: {
    source: "Norges Bank, styringsrenten",
    // A decision applies from the day after it is announced. Held at 4 % on 18 December 2025 and on
    // 22 January 2026 (the meeting of 21 January; reported on the day by RTTNews and Focus
    // Economics, read 28 November 2026). Its meetings of 26 March, May and June 2026, which set the
    // rate on 1 July 2026, were not found in any source read on 28 November 2026, nor Finansdeparte-
    // mentet's regulation of the forsinkelsesrente from 1 July 2026, so 1 July 2026 is not derived:
    // it runs at the first half's 12 % and /metrics counts it behind.
    checkedThrough: "2026-01-22",
    rates: [
      // Read for 1.1.2025: forskrift FOR-2024-12-19-3279 § 1 (lovdata.no) fixed 12.5 %.
      { from: "2023-12-15", basisPoints: 450, decision: "Norges Bank decision announced 14 December 2023" },
      { from: "2025-06-20", basisPoints: 425, decision: "Norges Bank decision announced 19 June 2025" },
      // Read for 1.1.2026: 12.00 % for the first half of 2026 (kred.no, "Nye satser fra 1. januar 2026").
      { from: "2025-09-19", basisPoints: 400, decision: "Norges Bank decision announced 18 September 2025" },
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
      source: `${rule.law}, ${halfYearName(from)}: ${bank.basisPoints / 100} % on ${rule.readsOn(from)} (${table.source}; ${bank.decision})`,
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
