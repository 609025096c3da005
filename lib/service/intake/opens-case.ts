/*
 * Which jobs become cases: every job but a letter (301), when it has something to collect (a
 * credit note, gross below zero, does not). Intake opens the case with the gross as its capital;
 * the control list counts that capital as posted by the same rule.
 */

export const opensCase = (jobtype: number, gross: bigint): boolean => jobtype !== 301 && gross > 0n;

/** The jobs that opened a case, as a query's condition. */
export const CASE_JOBS = { jobtype: { not: 301 }, grossAmount: { gt: 0n } } as const;
