import { Temporal } from "temporal-polyfill";

import { today, type Clock } from "../../platform/clock";

/*
 * Termination terms. A principal states a contract's notice period as a term; when the contract is
 * given notice and the principal has not fixed the end day itself, the service works the day out
 * and reports it in a `contract` event (the one case where the service changes a contract).
 *
 * Accepted forms: ISO 8601 durations of one unit, P14D, P2W, P1M, P1Y, and the short forms 14D,
 * 2W, 1M, 1Y (case-insensitive). Terms are stored and reported in the ISO form. Months and years
 * are calendar months and years: 31 January + P1M is 28 (29) February, because a notice period
 * "one month" ends on the same day number of the next month or, where there is none, on its last day
 * (the reading of Finnish, Swedish and Norwegian practice of computing periods by calendar).
 */

const TERM = /^(?:P)?(\d{1,3})([DWMY])$/i;
const MAX_DAYS = 3660;

interface TerminationTerm {
  /** The ISO 8601 form, e.g. P1M. */
  iso: string;
  unit: "D" | "W" | "M" | "Y";
  count: number;
}

/** The term in its ISO form, or null when it is not a term this service computes. */
export function parseTerminationTerm(value: string): TerminationTerm | null {
  const match = TERM.exec(value.trim());
  if (!match) return null;
  const count = Number(match[1]);
  const unit = match[2]!.toUpperCase() as TerminationTerm["unit"];
  const days = unit === "D" ? count : unit === "W" ? count * 7 : unit === "M" ? count * 31 : count * 366;
  if (days > MAX_DAYS) return null;
  return { iso: `P${count}${unit}`, unit, count };
}

/** The day a notice given on `noticeDate` ends the contract. */
export function terminationDateAfter(noticeDate: string, term: TerminationTerm): string {
  const start = Temporal.PlainDate.from(noticeDate);
  const duration =
    term.unit === "D" ? { days: term.count } : term.unit === "W" ? { weeks: term.count } : term.unit === "M" ? { months: term.count } : { years: term.count };
  return start.add(duration, { overflow: "constrain" }).toString();
}

interface TerminationInput {
  terminationTerm: string;
  /** The day notice was given; today in the environment's calendar when absent. */
  noticeDate?: string | null;
}

/**
 * The termination of a contract given notice: its end day and the term in ISO form. Null when the
 * term cannot be computed (free text a principal keeps for its own records).
 */
export function terminationFor(contract: TerminationInput, clock: Clock, timeZone: string): { termination_date: string; terminationterm: string } | null {
  const term = parseTerminationTerm(contract.terminationTerm);
  if (!term) return null;
  const noticeDate = contract.noticeDate ?? today(clock, timeZone);
  return { termination_date: terminationDateAfter(noticeDate, term), terminationterm: term.iso };
}
