import type { Db } from "../../db/client";
import { systemClock } from "../../platform/clock";
import { DRAFT_STATUS } from "../../spec/codes";
import type { DebtorLinkAnswer } from "../../spec/debtor-links";
import { environment as environmentById, isEnvironmentId } from "../../spec/environments";
import { ServiceError } from "../errors";
import { CLOSED_CODES } from "../lifecycle/case-state";
import { profileClock } from "../lifecycle/profile-clock";

import { LINK_DAYS_AFTER_CLOSE, linkExpired, linkExpires } from "./debtor-case";
import { hasDebtorLink, onlineLinkOf, payLinkOf } from "./link-token";

/** GET /jobs/{jobid}/onlinelink and /paylink: the link of a job of this profile. */
export async function debtorLinkOf(db: Db, profileId: string, jobId: number, kind: "online" | "pay"): Promise<DebtorLinkAnswer> {
  const job = await db.job.findFirst({
    where: { id: jobId, profileId },
    select: { jobtype: true, jobstatus: true, grossAmount: true, closedAt: true, environment: true, profile: { select: { clockOffsetSeconds: true } } },
  });
  if (!job) throw new ServiceError("not_found", `There is no job ${jobId} of this profile.`);
  if (!hasDebtorLink(job)) {
    throw new ServiceError("conflict", `Job ${jobId} has no debtor link: only invoices, reminders and collections the service collects have one.`);
  }
  if (job.jobstatus === DRAFT_STATUS) throw new ServiceError("conflict", `Job ${jobId} is a draft; its link is given once it is approved.`);
  // The profile's own clock, as the debtor's page reads it (a test profile's may run ahead).
  const clock = isEnvironmentId(job.environment) ? profileClock(systemClock, job.profile, environmentById(job.environment)) : systemClock;
  if (linkExpired(job, clock)) {
    throw new ServiceError("conflict", `The case of job ${jobId} closed over ${LINK_DAYS_AFTER_CLOSE} days ago; its link has expired.`);
  }
  return { jobid: jobId, url: kind === "online" ? onlineLinkOf(jobId) : payLinkOf(jobId), open: !CLOSED_CODES.has(job.jobstatus), expires: linkExpires(job) };
}
