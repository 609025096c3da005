import { createHash, randomUUID } from "node:crypto";

import { getEngine, type Db, type Prisma, type Tx } from "../../db/client";
import { insertRows, type Column } from "../../db/insert-rows";
import { fromCents } from "../../payment-data/amounts";
import { createReference } from "../../payment-data/references";
import type { Environment } from "../../spec/environments";
import type { JobResult, JobsResponse } from "../../spec/jobs";
import type { FieldProblem } from "../../spec/problems";
import type { Clock } from "../clock";
import { reserveNumbers } from "../counters";
import { ServiceError } from "../errors";

import { documentLimitProblem } from "./limits";
import { validateJob, type CheckedJob, type RejectedJob, type ValidJob } from "./validate-job";

/*
 * POST /jobs: validate every job on its own, then store the accepted ones, numbered, in one
 * transaction. The answer has one result record per job in request order. A request is also
 * recorded with its answer, so a retry with the same Idempotency-Key gets the same answer and
 * stores nothing twice.
 */

export interface PostJobsInput {
  profile: { id: string; cid: string; referenceFormat: string; referenceLength: number | null };
  environment: Environment;
  items: readonly unknown[];
  packageFiles: ReadonlyMap<string, Buffer> | null;
  source: "json" | "zip";
  body: Buffer;
  idempotencyKey: string | null;
  clock: Clock;
}

export interface PostJobsOutcome {
  status: number;
  body: JobsResponse;
  replayed: boolean;
}

const FIRST_JOB_ID = 100_001;
const FIRST_REFERENCE = 1_000;

function hashBody(body: Buffer): string {
  return createHash("sha256").update(body).digest("hex");
}

function stringOf(value: unknown): string | null {
  if (typeof value === "string") return value || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

function rejectedResult(job: RejectedJob): JobResult {
  const raw = (typeof job.raw === "object" && job.raw !== null ? job.raw : {}) as Record<string, unknown>;
  const receiver = stringOf(raw.customertype) === "1" ? stringOf(raw.company) : stringOf(raw.person) ?? stringOf(raw.company);
  return {
    accepted: 0,
    amount: typeof raw.amount === "number" ? raw.amount : null,
    billnum: stringOf(raw.billnum),
    billcode: stringOf(raw.billcode),
    error: {
      code: job.problems[0]!.code,
      message: job.problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)).join("; "),
      problems: job.problems,
    },
    evoicetype: null,
    jobid: null,
    jobstatus: null,
    jobtype: stringOf(raw.jobtype),
    notice: null,
    origbillnum: stringOf(raw.origbillnum),
    ownref: stringOf(raw.ownref),
    print: null,
    receiver,
    reference: stringOf(raw.billcode),
    sendtype: stringOf(raw.sendtype),
  };
}

interface Numbered {
  job: ValidJob;
  jobid: number;
  billnum: string | null;
  reference: string | null;
}

function acceptedResult({ job, jobid, billnum, reference }: Numbered): JobResult {
  return {
    accepted: 1,
    amount: job.amount === null ? null : fromCents(job.amount),
    billnum,
    billcode: reference,
    error: null,
    evoicetype: job.evoicetype,
    jobid,
    jobstatus: String(job.jobstatus),
    jobtype: String(job.jobtype),
    notice: job.notices.length > 0 ? job.notices.join(" ") : null,
    origbillnum: job.item.origbillnum ?? null,
    ownref: job.item.ownref ?? null,
    print: null,
    receiver: job.receiver,
    reference,
    sendtype: job.item.sendtype ?? null,
  };
}

/** Serialises intake per profile on PostgreSQL; SQLite's single writer already does. */
async function lockProfile(tx: Tx, profileId: string) {
  if (getEngine() === "postgres") await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${profileId}))::text`;
}

/**
 * Rules between a job and the profile's other jobs (stored, or earlier in this request):
 * checkbillnum, one collection case per receivable, and sub invoices that name their collection
 * invoice. Jobs that break one are turned into rejections.
 */
async function checkAgainstStoredJobs(tx: Tx, profileId: string, jobs: CheckedJob[]): Promise<CheckedJob[]> {
  const valid = jobs.filter((job): job is ValidJob => job.ok);
  const billnums = new Set<string>();
  for (const job of valid) {
    if (job.item.billnum) billnums.add(job.item.billnum);
    if (job.item.origbillnum) billnums.add(job.item.origbillnum);
  }
  if (billnums.size === 0) return jobs;
  const stored = await tx.job.findMany({
    where: { profileId, billnum: { in: [...billnums] } },
    select: { billnum: true, jobtype: true, collectionInvoice: true },
  });
  const used = new Set(stored.map((job) => job.billnum!));
  const collecting = new Map(stored.filter((job) => job.jobtype === 1 || job.jobtype === 2).map((job) => [job.billnum!, job.jobtype]));
  const collectionInvoices = new Set(stored.filter((job) => job.collectionInvoice).map((job) => job.billnum!));
  for (const job of valid) if (job.item.collectioninvoice === 1 && job.item.billnum) collectionInvoices.add(job.item.billnum);

  return jobs.map((job) => {
    if (!job.ok) return job;
    const { billnum, origbillnum } = job.item;
    const problems: FieldProblem[] = [];
    if (billnum && job.item.checkbillnum === 1 && used.has(billnum)) {
      problems.push({ field: "billnum", code: "duplicate", message: `${billnum} is already used by another job of this profile (checkbillnum is 1)` });
    }
    if (billnum && (job.jobtype === 1 || job.jobtype === 2)) {
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
    if (job.jobtype === 602 && origbillnum && !collectionInvoices.has(origbillnum)) {
      problems.push({ field: "origbillnum", code: "not_found", message: `${origbillnum} is not a collection invoice (collectioninvoice 1) of this profile` });
    }
    if (problems.length > 0) return { ok: false, index: job.index, raw: job.item, problems } satisfies RejectedJob;
    if (billnum) used.add(billnum);
    if (billnum && (job.jobtype === 1 || job.jobtype === 2)) collecting.set(billnum, job.jobtype);
    return job;
  });
}

function storedData(job: ValidJob, fileIds: string[]): Prisma.InputJsonValue {
  if (!job.item.image) return job.item as Prisma.InputJsonValue;
  // The PDF itself lives in JobFile; the job keeps a reference instead of megabytes of base64.
  const { file: _file, ...image } = job.item.image;
  return { ...job.item, image: { ...image, fileId: fileIds[0] ?? null } } as Prisma.InputJsonValue;
}

export async function postJobs(db: Db, input: PostJobsInput): Promise<PostJobsOutcome> {
  const limitProblem = documentLimitProblem(input.items);
  if (limitProblem) throw new ServiceError("payload_too_large", limitProblem);

  const requestHash = hashBody(input.body);
  if (input.idempotencyKey) {
    const previous = await db.intakeRequest.findUnique({
      where: { profileId_idempotencyKey: { profileId: input.profile.id, idempotencyKey: input.idempotencyKey } },
    });
    if (previous) return replay(previous, requestHash);
  }

  const checked = input.items.map((item, index) =>
    validateJob(item, index, { environment: input.environment, packageFiles: input.packageFiles }),
  );

  try {
    return await db.$transaction(async (tx) => {
      // Two requests of one profile must not both pass the duplicate checks before either stores.
      await lockProfile(tx, input.profile.id);
      const jobs = await checkAgainstStoredJobs(tx, input.profile.id, checked);
      const accepted = jobs.filter((job): job is ValidJob => job.ok);
      const numbered = await number(tx, input, accepted);
      const now = input.clock.now();

      const byIndex = new Map(numbered.map((entry) => [entry.job.index, entry]));
      const result = jobs.map((job) => (job.ok ? acceptedResult(byIndex.get(job.index)!) : rejectedResult(job)));
      const body: JobsResponse = {
        result,
        errors: jobs.flatMap((job) =>
          job.ok ? [] : job.problems.map((problem) => ({ index: job.index, field: problem.field, code: problem.code, message: problem.message })),
        ),
        accepted: accepted.length,
      };
      const status = accepted.length > 0 || jobs.length === 0 ? 200 : 422;

      const intakeId = randomUUID();
      // The answer is kept for idempotent retries; it is large, so it goes the fast way too.
      await insertRows(db, tx, getEngine(), "IntakeRequest", INTAKE_COLUMNS, [
        {
          id: intakeId,
          profileId: input.profile.id,
          environment: input.environment.id,
          idempotencyKey: input.idempotencyKey,
          requestHash,
          source: input.source,
          documentCount: jobs.length,
          acceptedCount: accepted.length,
          responseStatus: status,
          responseBody: body as unknown as Prisma.InputJsonValue,
          createdAt: now,
        },
      ]);
      await store(db, tx, input, numbered, intakeId, now);
      return { status, body, replayed: false };
    });
  } catch (error) {
    // Two retries with one key raced: the other stored first. Answer as it did.
    if (input.idempotencyKey && isUniqueViolation(error)) {
      const previous = await db.intakeRequest.findUnique({
        where: { profileId_idempotencyKey: { profileId: input.profile.id, idempotencyKey: input.idempotencyKey } },
      });
      if (previous) return replay(previous, requestHash);
    }
    throw error;
  }
}

function replay(previous: { requestHash: string; responseStatus: number; responseBody: unknown }, requestHash: string): PostJobsOutcome {
  if (previous.requestHash !== requestHash) {
    throw new ServiceError("idempotency_key_reused", "This Idempotency-Key was already used with a different request body; use a new key for a new request.");
  }
  return { status: previous.responseStatus, body: previous.responseBody as JobsResponse, replayed: true };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && (error as { code: unknown }).code === "P2002";
}

async function number(tx: Tx, input: PostJobsInput, accepted: ValidJob[]): Promise<Numbered[]> {
  const { environment, profile } = input;
  const firstJobId = await reserveNumbers(tx, "jobid", accepted.length, FIRST_JOB_ID);
  const referenceCount = accepted.filter((job) => job.needsReference).length;
  const firstReference = await reserveNumbers(tx, `reference:${environment.id}`, referenceCount, FIRST_REFERENCE);
  const billnumCount = accepted.filter((job) => job.needsBillnum).length;
  const firstBillnum = await reserveNumbers(tx, `billnum:${profile.id}`, billnumCount, 1);

  let nextReference = firstReference;
  let nextBillnum = firstBillnum;
  const settings = { format: profile.referenceFormat === "rf" ? ("rf" as const) : ("national" as const), length: profile.referenceLength };
  return accepted.map((job, position) => ({
    job,
    jobid: firstJobId + position,
    billnum: job.needsBillnum ? String(nextBillnum++) : (job.item.billnum ?? null),
    reference: job.needsReference ? createReference(environment.country, nextReference++, settings) : job.givenReference,
  }));
}

const JOB_COLUMNS: Column<Prisma.JobCreateManyInput>[] = [
  { name: "id", type: "int", value: (job) => job.id },
  { name: "profileId", type: "text", value: (job) => job.profileId },
  { name: "environment", type: "text", value: (job) => job.environment },
  { name: "jobtype", type: "int", value: (job) => job.jobtype },
  { name: "jobstatus", type: "int", value: (job) => job.jobstatus },
  { name: "customertype", type: "int", value: (job) => job.customertype },
  { name: "receiver", type: "text", value: (job) => job.receiver },
  { name: "billnum", type: "text", value: (job) => job.billnum },
  { name: "origbillnum", type: "text", value: (job) => job.origbillnum },
  { name: "reference", type: "text", value: (job) => job.reference },
  { name: "ownref", type: "text", value: (job) => job.ownref },
  { name: "sendtype", type: "text", value: (job) => job.sendtype },
  { name: "evoicetype", type: "text", value: (job) => job.evoicetype },
  { name: "currency", type: "text", value: (job) => job.currency },
  { name: "billdate", type: "text", value: (job) => job.billdate },
  { name: "paydate", type: "text", value: (job) => job.paydate },
  { name: "netAmount", type: "bigint", value: (job) => job.netAmount },
  { name: "vatAmount", type: "bigint", value: (job) => job.vatAmount },
  { name: "grossAmount", type: "bigint", value: (job) => job.grossAmount },
  { name: "collectionInvoice", type: "boolean", value: (job) => job.collectionInvoice },
  { name: "notice", type: "text", value: (job) => job.notice },
  { name: "data", type: "json", value: (job) => job.data },
  { name: "intakeId", type: "text", value: (job) => job.intakeId },
  { name: "createdAt", type: "timestamp", value: (job) => job.createdAt },
];

const INTAKE_COLUMNS: Column<Prisma.IntakeRequestCreateManyInput>[] = [
  { name: "id", type: "text", value: (intake) => intake.id },
  { name: "profileId", type: "text", value: (intake) => intake.profileId },
  { name: "environment", type: "text", value: (intake) => intake.environment },
  { name: "idempotencyKey", type: "text", value: (intake) => intake.idempotencyKey },
  { name: "requestHash", type: "text", value: (intake) => intake.requestHash },
  { name: "source", type: "text", value: (intake) => intake.source },
  { name: "documentCount", type: "int", value: (intake) => intake.documentCount },
  { name: "acceptedCount", type: "int", value: (intake) => intake.acceptedCount },
  { name: "responseStatus", type: "int", value: (intake) => intake.responseStatus },
  { name: "responseBody", type: "json", value: (intake) => intake.responseBody },
  { name: "createdAt", type: "timestamp", value: (intake) => intake.createdAt },
];

async function store(db: Db, tx: Tx, input: PostJobsInput, numbered: Numbered[], intakeId: string, now: Date) {
  if (numbered.length === 0) return;
  const files: Prisma.JobFileCreateManyInput[] = [];
  const jobs: Prisma.JobCreateManyInput[] = numbered.map(({ job, jobid, billnum, reference }) => {
    const fileIds = job.files.map((file) => {
      const id = randomUUID();
      files.push({
        id,
        jobId: jobid,
        profileId: input.profile.id,
        role: file.role,
        filename: file.filename,
        contentType: file.contentType,
        size: file.content.length,
        sha256: file.sha256,
        content: new Uint8Array(file.content),
      });
      return id;
    });
    return {
      id: jobid,
      profileId: input.profile.id,
      environment: input.environment.id,
      jobtype: job.jobtype,
      jobstatus: job.jobstatus,
      customertype: job.item.customertype ?? 0,
      receiver: job.receiver,
      billnum,
      origbillnum: job.item.origbillnum ?? null,
      reference,
      ownref: job.item.ownref ?? null,
      sendtype: job.item.sendtype ?? null,
      evoicetype: job.evoicetype,
      currency: job.item.currency ?? input.environment.rules.currency,
      billdate: job.item.billdate ?? null,
      paydate: job.item.paydate ?? null,
      netAmount: job.totals.net,
      vatAmount: job.totals.vat,
      grossAmount: job.totals.gross,
      collectionInvoice: job.item.collectioninvoice === 1,
      notice: job.notices.length > 0 ? job.notices.join(" ") : null,
      data: storedData(job, fileIds),
      intakeId,
      createdAt: now,
    };
  });
  await insertRows(db, tx, getEngine(), "Job", JOB_COLUMNS, jobs);
  // Files are few (letters) and binary: Prisma's own createMany carries them well.
  if (files.length > 0) await tx.jobFile.createMany({ data: files });
}
