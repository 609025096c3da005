import type { Country } from "../../spec/environments";
import { ruleProblem } from "../../spec/problems";
import { collectionMayBeginOn, LIFECYCLE_RULES } from "../lifecycle/rules";

import type { CheckedJob } from "./validate-job";

/**
 * Refuses a collection (jobtype 2) the customer prints itself (sendtype print) that is posted before
 * collection may begin (lifecycle/rules.ts collectionMayBeginOn; Norway: the inkassovarsel's 14 days
 * and 3 days' grace, inkassoloven § 9). The service holds such a case and sends its letter only on
 * that day, but a printed one it never sends: the customer has the letter at once and nothing keeps
 * it from going out before the term has run, an inkassotiltak the law forbids that would leave the
 * debtor a letter and a fee they do not owe. So it is refused on `noticedate`, naming the first day
 * it may be posted, and the customer posts it again then, or with another sendtype to be held.
 */
export function refuseEarlyPrintedCollections(jobs: readonly CheckedJob[], country: Country, today: string): CheckedJob[] {
  return jobs.map((job) => {
    if (!job.ok || job.jobtype !== 2 || job.item.sendtype !== "print") return job;
    const from = collectionMayBeginOn(country, job.item.noticedate);
    const rules = LIFECYCLE_RULES[country];
    if (from === null || from <= today || !rules.noticeBeforeCollection) return job;
    return {
      ok: false,
      index: job.index,
      raw: job.item,
      problems: [
        ruleProblem("noticedate", "invalid", "printedCollectionNotBefore", {
          noticedate: job.item.noticedate!,
          from,
          term: rules.noticeBeforeCollection.termDays,
          grace: rules.graceDays,
          law: rules.noticeBeforeCollection.law,
        }),
      ],
    };
  });
}
