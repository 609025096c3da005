import { createHash, randomUUID } from "node:crypto";

import { lockFor } from "../../db/advisory-lock";
import type { Db, Prisma } from "../../db/client";
import type { Profile } from "../../db/generated/sqlite/client";
import { whileWriting } from "../../db/insert-rows";
import { today, type Clock } from "../../platform/clock";
import { FairQueue, QueueFullError } from "../../platform/fair-queue";
import { DRAFT_STATUS } from "../../spec/codes";
import type { Environment } from "../../spec/environments";
import type { JobsResponse } from "../../spec/jobs";
import { creditorOnFile } from "../documents/creditor";
import { ServiceError } from "../errors";
import { emitEvents } from "../events/emit-events";
import { profileClock } from "../lifecycle/profile-clock";

import { rejectUnreadableFiles } from "./check-files";
import type { CheckJobsOutcome } from "./check-jobs";
import { intakeEvents } from "./intake-events";
import { numberJobs } from "./number-jobs";
import { refuseUnpayableJobs } from "./payee-account";
import { refuseEarlyPrintedCollections } from "./printed-collection";
import { acceptedResult, rejectedResult } from "./result-records";
import { applyRulesBetweenJobs } from "./rules-between-jobs";
import { prepareJobs, storeIntakeRequest, storeJobs } from "./store-jobs";
import type { CheckedJob, ValidJob } from "./validate-job";

/*
 * POST /jobs: validate every job on its own, apply the rules between jobs, then store the accepted
 * ones, numbered, in one transaction. The answer has one result record per job in request order.
 * With an Idempotency-Key the request is recorded with its answer, so a retry gets the same answer
 * and stores nothing twice.
 */

interface PostJobsInput {
  profile: { id: string; cid: string; referenceFormat: string; referenceLength: number | null; clockOffsetSeconds: number; creditor: Profile["creditor"] };
  environment: Environment;
  /**
   * Reads and checks the request's jobs each on its own (check-jobs.ts): on the render pool for a
   * JSON body. Not called for a retry of a finished request, which is answered as it was.
   */
  checkJobs: () => Promise<CheckJobsOutcome>;
  source: "json" | "zip";
  /** The request body as sent, for the Idempotency-Key's check that a retry sends the same. */
  body: Buffer;
  idempotencyKey: string | null;
  clock: Clock;
  /** POST /jobs?draft=true: every accepted job is stored as a draft (11), sent and collected only once approved. */
  draft?: boolean;
}

interface PostJobsOutcome {
  status: number;
  body: JobsResponse;
  replayed: boolean;
}

type StoredRequest = { requestHash: string; responseStatus: number; responseBody: string | null };

function replay(previous: StoredRequest, requestHash: string): PostJobsOutcome {
  if (previous.requestHash !== requestHash) {
    throw new ServiceError("idempotency_key_reused", "This Idempotency-Key was already used with a different request body; use a new key for a new request.");
  }
  // A request found by its key was stored with its answer (forgetOldAnswers drops both together).
  return { status: previous.responseStatus, body: JSON.parse(previous.responseBody!) as JobsResponse, replayed: true };
}

/** The checked jobs, or the request's refusal as the problem it is. */
async function checkedJobs(input: PostJobsInput): Promise<CheckedJob[]> {
  const outcome = await input.checkJobs();
  if (!outcome.ok) throw new ServiceError(outcome.code, outcome.message, outcome.problems ? { problems: outcome.problems } : {});
  const checked = await rejectUnreadableFiles(outcome.checked);
  return input.draft ? checked.map((job) => (job.ok ? { ...job, jobstatus: DRAFT_STATUS } : job)) : checked;
}

/** The profile's day: in a test environment its clock may run ahead. */
function profileDay(input: PostJobsInput): string {
  return today(profileClock(input.clock, input.profile, input.environment), input.environment.rules.timeZone);
}

export async function postJobs(db: Db, input: PostJobsInput): Promise<PostJobsOutcome> {
  // A retry must ask for what the first request asked: the same body, drafts or not.
  const requestHash = createHash("sha256")
    .update(input.draft ? "draft\n" : "")
    .update(input.body)
    .digest("hex");
  const findPrevious = (tx: Db | Prisma.TransactionClient) =>
    input.idempotencyKey
      ? tx.intakeRequest.findUnique({ where: { profileId_idempotencyKey: { profileId: input.profile.id, idempotencyKey: input.idempotencyKey } } })
      : null;
  // A retry of a finished request is answered without validating anything again.
  const finished = await findPrevious(db);
  if (finished) return replay(finished, requestHash);

  // Validated and the rows built while the request before it stores: in the profile's turn below
  // only what depends on what is read there (the rules between jobs, the numbers) remains.
  const { checked, prepared } = await queued(validationLine, input.profile.id, async () => {
    const day = profileDay(input);
    const { country } = input.environment;
    const checked = refuseUnpayableJobs(
      refuseEarlyPrintedCollections(await checkedJobs(input), country, day),
      creditorOnFile(input.profile),
      country,
      !input.environment.isTest,
    );
    return { checked, prepared: await prepareJobs({ ...input, today: day }, checked) };
  });

  return queued(storeLine, input.profile.id, () =>
    db.$transaction(async (tx) => {
      // One intake per profile at a time: two requests must not both pass the duplicate checks (or
      // both take one Idempotency-Key) before either has stored. A retry that waited here finds the
      // first request's record and answers as it did. In this process the queue has already put the
      // profile's requests in line; the lock does the same between processes.
      await lockFor(tx, `intake:${input.profile.id}`);
      const concurrent = await findPrevious(tx);
      if (concurrent) return replay(concurrent, requestHash);

      const jobs = await applyRulesBetweenJobs(db, tx, input.profile.id, checked);
      const accepted = jobs.filter((job): job is ValidJob => job.ok);
      const numbered = await numberJobs(db, tx, input.profile, input.environment, accepted);
      const byIndex = new Map(numbered.map((entry) => [entry.job.index, entry]));
      const body: JobsResponse = {
        result: jobs.map((job) => (job.ok ? acceptedResult(byIndex.get(job.index)!) : rejectedResult(job))),
        errors: jobs.flatMap((job) => (job.ok ? [] : job.problems.map((problem) => ({ index: job.index, ...problem })))),
        accepted: accepted.length,
      };
      const status = accepted.length > 0 ? 200 : 422;

      const now = input.clock.now();
      const intakeId = randomUUID();
      await storeIntakeRequest(db, tx, {
        id: intakeId,
        profileId: input.profile.id,
        environment: input.environment.id,
        idempotencyKey: input.idempotencyKey,
        requestHash,
        source: input.source,
        documentCount: jobs.length,
        acceptedCount: accepted.length,
        responseStatus: status,
        responseBody: input.idempotencyKey ? JSON.stringify(body) : null,
        createdAt: now,
      });
      // The profile's time: in a test environment its clock may run ahead, and the received/rejected
      // time must not come before what the case did after, nor a notice's due date before its day.
      const profileNow = profileClock(input.clock, input.profile, input.environment);
      const { cases, sent } = await storeJobs(
        db,
        tx,
        { ...input, today: today(profileNow, input.environment.rules.timeZone) },
        numbered,
        prepared,
        intakeId,
        now,
      );
      // The events are built while PostgreSQL stores the jobs (sendEncodedRows), and follow them.
      await whileWriting(sent, () => emitEvents(db, tx, intakeEvents(input.profile, input.environment, jobs, body.result, byIndex, cases, profileNow.now())));
      return { status, body, replayed: false };
    }),
  );
}

/**
 * A profile's requests go through intake in two lines, each first come first served (see
 * lib/platform/fair-queue.ts): validation (the CPU-heavy step, on the render pool for a JSON
 * body) and storing (the transaction under the profile's lock). A request validates while the
 * one before it stores, and none is overtaken: fifty clients posting at once each wait about as
 * long, where the event loop's own order let some wait six times the median. Waiting holds no
 * connection; a few profiles store at once, leaving the rest of the pool to reads and the
 * background work. A profile with more than INTAKE_QUEUE.maxWaitingPerKey requests waiting in a
 * line of this process gets 503 with Retry-After.
 */
const INTAKE_QUEUE = { concurrency: 4, maxWaitingPerKey: 100, retryAfterSeconds: 2 } as const;
// On globalThis, as the unpacking semaphore (check-on-pool.ts): POST /jobs and the SFTP server share one line each.
const lines = globalThis as unknown as { __intakeLines?: { validation: FairQueue; store: FairQueue } };
const { validation: validationLine, store: storeLine } = (lines.__intakeLines ??= {
  validation: new FairQueue(INTAKE_QUEUE),
  store: new FairQueue(INTAKE_QUEUE),
});

async function queued<T>(line: FairQueue, profileId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await line.run(profileId, work);
  } catch (error) {
    if (!(error instanceof QueueFullError)) throw error;
    throw new ServiceError(
      "unavailable",
      `${INTAKE_QUEUE.maxWaitingPerKey} requests of this profile are already waiting to be stored; send this one again after Retry-After.`,
      {
        headers: { "Retry-After": String(error.retryAfterSeconds) },
      },
    );
  }
}
