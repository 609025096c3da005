import { getEngine, type Db, type Tx } from "../../db/client";
import { rowsWithValues } from "../../db/existing-values";
import { COLLECTION_JOBTYPES } from "../../spec/codes";
import type { FieldProblem } from "../../spec/problems";
import { withoutDiscardedDrafts } from "../lifecycle/case-state";

import type { CheckedJob, RejectedJob, ValidJob } from "./validate-job";

/*
 * Rules between a job and other jobs, stored or earlier in the same request. Jobs that break one
 * become rejections; the others pass unchanged. Runs inside the intake transaction, after the
 * profile's lock, so what it reads cannot change before the accepted jobs are stored.
 *
 * - checkbillnum 1: the bill number is not used by any other job of the profile.
 * - One collection case per receivable: a bill number posted as a reminder proceeds to debt
 *   collection by itself and must not be posted again as one; a second reminder or collection for
 *   the same bill number is a duplicate.
 * - A sub invoice (602) names, in origbillnum, a collection invoice of the profile that is stored or
 *   accepted in this request.
 *
 * A reference the caller gives (billcode) may equal another creditor's: references are unique per
 * payee account, and creditors have their own. The references the service creates are unique in
 * the whole environment (number-jobs.ts).
 */

const isCollection = (jobtype: number) => (COLLECTION_JOBTYPES as readonly number[]).includes(jobtype);

function reject(job: ValidJob, problems: FieldProblem[]): RejectedJob {
  return { ok: false, index: job.index, raw: job.item, problems };
}

/** `db` is the client whose transaction `tx` is (see lib/db/existing-values.ts). */
export async function applyRulesBetweenJobs(db: Db, tx: Tx, profileId: string, jobs: CheckedJob[]): Promise<CheckedJob[]> {
  const valid = jobs.filter((job): job is ValidJob => job.ok);
  const billnums = new Set<string>();
  for (const job of valid) {
    if (job.item.billnum) billnums.add(job.item.billnum);
    if (job.item.origbillnum) billnums.add(job.item.origbillnum);
  }
  const found = (
    await rowsWithValues<{
      value: string;
      id: number | bigint;
      jobtype: number | bigint;
      jobstatus: number | bigint;
      collectionInvoice: boolean | number | bigint;
    }>(
      db,
      tx,
      getEngine(),
      { table: "Job", column: "billnum", where: { column: "profileId", value: profileId }, select: ["id", "jobtype", "jobstatus", "collectionInvoice"] },
      [...billnums],
    )
  ).map((row) => ({
    value: row.value,
    id: Number(row.id),
    jobtype: Number(row.jobtype),
    jobstatus: Number(row.jobstatus),
    collectionInvoice: Boolean(row.collectionInvoice),
  }));
  // A discarded draft was never sent: its bill number may be posted again, corrected.
  const stored = await withoutDiscardedDrafts(tx, profileId, found);
  const used = new Set(stored.map((job) => job.value));
  const collecting = new Map(stored.filter((job) => isCollection(job.jobtype)).map((job) => [job.value, job.jobtype]));
  const collectionInvoices = new Set(stored.filter((job) => job.collectionInvoice).map((job) => job.value));

  // First every rule but the sub invoices', in request order.
  const first = jobs.map((job): CheckedJob => {
    if (!job.ok) return job;
    const { billnum } = job.item;
    const problems: FieldProblem[] = [];
    if (billnum && job.item.checkbillnum === 1 && used.has(billnum)) {
      problems.push({ field: "billnum", code: "duplicate", message: `${billnum} is already used by another job of this profile (checkbillnum is 1)` });
    }
    if (billnum && isCollection(job.jobtype)) {
      const earlier = collecting.get(billnum);
      if (earlier === 1 && job.jobtype === 2) {
        problems.push({
          field: "billnum",
          code: "conflict",
          message: `${billnum} was already posted as a reminder; it proceeds to debt collection automatically and must not be posted again as debt collection`,
        });
      } else if (earlier !== undefined) {
        problems.push({ field: "billnum", code: "duplicate", message: `${billnum} already has a ${earlier === 1 ? "reminder" : "debt collection"} case` });
      }
    }
    if (problems.length > 0) return reject(job, problems);
    if (billnum) used.add(billnum);
    if (billnum && isCollection(job.jobtype)) collecting.set(billnum, job.jobtype);
    return job;
  });

  // Then the sub invoices, against the collection invoices that were stored or have just passed.
  for (const job of first) if (job.ok && job.item.collectioninvoice === 1 && job.item.billnum) collectionInvoices.add(job.item.billnum);
  return first.map((job) => {
    if (!job.ok || job.jobtype !== 602 || !job.item.origbillnum || collectionInvoices.has(job.item.origbillnum)) return job;
    return reject(job, [
      {
        field: "origbillnum",
        code: "not_found",
        message: `${job.item.origbillnum} is not an accepted collection invoice (collectioninvoice 1) of this profile`,
      },
    ]);
  });
}
