import type { Tx } from "../../db/client";
import { ServiceError } from "../errors";
import { CLOSED_CODES, withoutDiscardedDrafts } from "../lifecycle/case-state";

/*
 * The case a principal names by jobid or by its own bill number, within its own profile. Another
 * profile's job is answered as one that does not exist.
 */

export interface CaseRef {
  jobid?: number | null;
  billnum?: string | null;
}

export async function findProfileCase(tx: Tx, profileId: string, ref: CaseRef, field = "jobid"): Promise<number> {
  if (ref.jobid !== undefined && ref.jobid !== null) {
    const job = await tx.job.findFirst({ where: { id: ref.jobid, profileId, jobtype: { not: 301 } }, select: { id: true } });
    if (!job) throw notFound(field, `There is no job ${ref.jobid} of this profile.`);
    return job.id;
  }
  const billnum = ref.billnum ?? "";
  const found = await tx.job.findMany({
    where: { profileId, billnum, jobtype: { not: 301 } },
    select: { id: true, jobstatus: true },
    orderBy: { id: "asc" },
    take: 20,
  });
  // A discarded draft was never sent: the bill number posted again after it names the job that was.
  const jobs = await withoutDiscardedDrafts(tx, profileId, found);
  const billField = field.replace(/jobid$/, "billnum");
  if (jobs.length === 0) throw notFound(billField, `There is no job with bill number ${billnum} of this profile.`);
  if (jobs.length === 1) return jobs[0]!.id;
  // A bill number reused over the years: the one still open is meant; several open ones are ambiguous.
  const open = jobs.filter((job) => !CLOSED_CODES.has(job.jobstatus));
  if (open.length === 1) return open[0]!.id;
  throw new ServiceError("conflict", `Several jobs of this profile have bill number ${billnum}; name the job by jobid.`, {
    problems: [{ field: billField, code: "conflict", message: `matches jobs ${jobs.map((job) => job.id).join(", ")}` }],
  });
}

function notFound(field: string, detail: string) {
  return new ServiceError("not_found", detail, { problems: [{ field, code: "not_found", message: detail }] });
}
