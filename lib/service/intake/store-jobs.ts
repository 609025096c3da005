import { randomUUID } from "node:crypto";

import { getEngine, type Db, type Prisma, type Tx } from "../../db/client";
import { signalAfterCommit } from "../../db/commit-signals";
import { encodeRows, encodeValues, insertRows, ROWS_STORED, sendEncodedRows, type Column, type EncodedValues, type RowsSent } from "../../db/insert-rows";
import { mapInSlices } from "../../platform/in-slices";
import { sealPersonalIds } from "../../platform/personal-ids";
import { lookupHash } from "../../platform/secrets";
import { DRAFT_STATUS } from "../../spec/codes";
import type { Environment } from "../../spec/environments";
import type { Country } from "../../spec/environments";
import { debtorCountry } from "../../spec/minimum-data";
import { canonicalGovid, govidLookupKeys } from "../../spec/national-ids";
import { CASE_ENTRY_COLUMNS, caseEntryRow, type CaseRow } from "../lifecycle/case-state";
import { agreedRateOf } from "../lifecycle/overdue-rate";
import { postedFeeOf } from "../lifecycle/posted-fee";

import { caseStart } from "./case-start";
import { opensCase } from "./opens-case";
import type { NumberedJob } from "./result-records";
import type { CheckedJob, ValidJob } from "./validate-job";

/*
 * Writing a request's accepted jobs and the record of the request. The jobs go in with one
 * statement (insertRows): Prisma's createMany took half a second for 1000 of them.
 */

interface StoreInput {
  profile: { id: string };
  environment: Environment;
  /** The profile's day (a test profile's clock may run ahead), in the environment's time zone. */
  today: string;
}

/**
 * The job as stored: its members as accepted, without the members sent empty (null carries
 * nothing, and a thousand jobs' worth of them is a tenth of the bytes written). The PDF itself
 * lives in JobFile; the job keeps a reference instead of megabytes of base64. Personal ids are
 * sealed (personal-ids.ts).
 */
function storedData(job: ValidJob, fileIds: string[]): Prisma.InputJsonValue {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(job.item)) if (value !== null && value !== undefined) data[key] = value;
  if (job.item.image) {
    const { file: _file, ...image } = job.item.image;
    data.image = { ...image, fileId: fileIds[0] ?? null };
  }
  return sealPersonalIds(data) as Prisma.InputJsonValue;
}

/** The columns a job gets in its profile's turn: its numbers, and the request's id and time. */
interface NumberedColumns {
  id: number;
  billnum: string | null;
  reference: string | null;
  intakeId: string;
  createdAt: Date;
}

const NUMBERED_COLUMNS: Column<NumberedColumns>[] = [
  { name: "id", type: "int", value: (job) => job.id },
  { name: "billnum", type: "text", value: (job) => job.billnum },
  { name: "reference", type: "text", value: (job) => job.reference },
  { name: "intakeId", type: "text", value: (job) => job.intakeId },
  { name: "createdAt", type: "timestamp", value: (job) => job.createdAt },
];

type PreparedColumns = Omit<Prisma.JobCreateManyInput, keyof NumberedColumns>;

/** The columns known before the profile's turn: what the job says, its case's start and its stored data. */
const PREPARED_COLUMNS: Column<PreparedColumns>[] = [
  { name: "profileId", type: "text", value: (job) => job.profileId },
  { name: "environment", type: "text", value: (job) => job.environment },
  { name: "jobtype", type: "int", value: (job) => job.jobtype },
  { name: "jobstatus", type: "int", value: (job) => job.jobstatus },
  { name: "customertype", type: "int", value: (job) => job.customertype },
  { name: "receiver", type: "text", value: (job) => job.receiver },
  { name: "origbillnum", type: "text", value: (job) => job.origbillnum },
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
  { name: "openCapital", type: "bigint", value: (job) => job.openCapital },
  { name: "openExpenses", type: "bigint", value: (job) => job.openExpenses },
  { name: "agreedInterestRate", type: "float", value: (job) => job.agreedInterestRate },
  { name: "currentPaydate", type: "text", value: (job) => job.currentPaydate },
  { name: "reviewOn", type: "text", value: (job) => job.reviewOn },
  { name: "phaseSince", type: "text", value: (job) => job.phaseSince },
  { name: "sensible", type: "boolean", value: (job) => job.sensible },
  { name: "onHold", type: "boolean", value: (job) => job.onHold },
  { name: "custnum", type: "text", value: (job) => job.custnum },
  { name: "nationalIdHash", type: "text", value: (job) => job.nationalIdHash },
  { name: "pendingDocument", type: "text", value: (job) => job.pendingDocument },
  { name: "sentOn", type: "text", value: (job) => job.sentOn },
];

const JOB_COLUMNS = [...NUMBERED_COLUMNS, ...PREPARED_COLUMNS];

/**
 * The key a job's personal or business id is stored under (lib/platform/secrets.ts lookupHash),
 * taken over the code's one spelling by the debtor's country (lib/spec/national-ids.ts), so that
 * `811228-9874` is found by `198112289874`.
 */
export function govidStoreHash(govid: string, country: Country | null, today: string): string {
  return lookupHash("govid", canonicalGovid(govid, country, today));
}

/** The keys a lookup by a code matches (the invoice query, credit info): one per reading of it. */
export function govidLookupHashes(govid: string, today: string): string[] {
  return govidLookupKeys(govid, today).map((key) => lookupHash("govid", key));
}

/**
 * The case columns of a job as it comes in. A draft (POST /jobs?draft=true) is stored and numbered
 * but starts nothing: approving it starts its case by the same rule on the day it is approved.
 */
function caseColumns(job: ValidJob, input: StoreInput) {
  const onHold = job.item.putonhold === 1;
  const draft = job.jobstatus === DRAFT_STATUS;
  const facts = {
    jobtype: job.jobtype,
    gross: job.totals.gross,
    paydate: job.item.paydate ?? null,
    sensible: job.item.sensible === 1,
    onHold,
    sendtype: job.item.sendtype ?? null,
    billdate: job.item.billdate ?? null,
    data: job.item,
  };
  const { collectionFee, ...start } = draft
    ? { currentPaydate: facts.paydate, phaseSince: null, reviewOn: null, pendingDocument: null, sentOn: null, collectionFee: 0n }
    : caseStart(facts, input.environment.country, input.today);
  const isCase = opensCase(job.jobtype, job.totals.gross);
  return {
    openCapital: isCase ? job.totals.gross : 0n,
    // The fee a reminder or collection was posted with, and a posted collection's own: its letter
    // prints them, so the case owes them (lifecycle/posted-fee.ts).
    openExpenses: isCase ? postedFeeOf(job.jobtype, job.item) + collectionFee : 0n,
    ...start,
    sensible: facts.sensible,
    onHold,
    custnum: job.item.custnum ?? null,
    nationalIdHash: job.item.govid?.trim() ? govidStoreHash(job.item.govid, debtorCountry(job.item, input.environment.country), input.today) : null,
  };
}

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
  { name: "responseBody", type: "text", value: (intake) => intake.responseBody },
  { name: "createdAt", type: "timestamp", value: (intake) => intake.createdAt },
];

/**
 * A job as far as it can be built before its profile's turn (prepareJobs): everything but its
 * numbers and the time it is stored, its row's values encoded already. Under the profile's lock
 * only the numbers are added: building a thousand rows and their JSON took the lock some 25 ms a
 * request, and the next request's intake waited for it.
 */
interface PreparedJob {
  /** The profile's day the case columns were decided on; storeJobs decides again on another. */
  today: string;
  row: PreparedColumns;
  values: EncodedValues;
  /** The job's files, each with its id, for the job's id to be added. */
  files: Omit<Prisma.JobFileCreateManyInput, "jobId">[];
}

function prepareJob(job: ValidJob, input: StoreInput): PreparedJob {
  const files = job.files.map((file) => ({
    id: randomUUID(),
    profileId: input.profile.id,
    role: file.role,
    filename: file.filename,
    contentType: file.contentType,
    size: file.content.length,
    sha256: file.sha256,
    content: new Uint8Array(file.content),
  }));
  const row: PreparedColumns = {
    profileId: input.profile.id,
    environment: input.environment.id,
    jobtype: job.jobtype,
    jobstatus: job.jobstatus,
    customertype: job.item.customertype ?? 0,
    receiver: job.receiver,
    origbillnum: job.item.origbillnum ?? null,
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
    data: storedData(
      job,
      files.map((file) => file.id),
    ),
    agreedInterestRate: agreedRateOf(job.item),
    ...caseColumns(job, input),
  };
  return { today: input.today, row, values: encodeValues(getEngine(), PREPARED_COLUMNS, row), files };
}

/**
 * The accepted jobs' rows as far as they are known before the profile's turn, by the job's index:
 * prepared for every job that passed its own checks, of which the rules between jobs may still
 * refuse some. `jobs` are as they will be stored (a draft's jobstatus set).
 */
export async function prepareJobs(input: StoreInput, jobs: readonly CheckedJob[]): Promise<Map<number, PreparedJob>> {
  const valid = jobs.filter((job): job is ValidJob => job.ok);
  const prepared = await mapInSlices(valid, (job) => prepareJob(job, input));
  return new Map(prepared.map((entry, position) => [valid[position]!.index, entry]));
}

/** The jobs' case columns as stored, by jobid (for their first lcstatus), and the jobs' rows on their way (see sendEncodedRows). */
interface StoredJobs {
  cases: Map<number, CaseRow>;
  sent: RowsSent;
}

/**
 * Stores the jobs, prepared before the profile's turn (prepareJobs). On PostgreSQL it answers while
 * the server still stores the jobs' rows: the caller awaits `sent.written` (whileWriting).
 */
export async function storeJobs(
  db: Db,
  tx: Tx,
  input: StoreInput,
  numbered: NumberedJob[],
  prepared: ReadonlyMap<number, PreparedJob>,
  intakeId: string,
  now: Date,
): Promise<StoredJobs> {
  if (numbered.length === 0) return { cases: new Map(), sent: ROWS_STORED };
  const engine = getEngine();
  const files: Prisma.JobFileCreateManyInput[] = [];
  const entries: Prisma.CaseEntryCreateManyInput[] = [];
  const cases = new Map<number, CaseRow>();
  let pending = false;
  const rows = numbered.map(({ job, jobid, billnum, reference }) => {
    // The day turned while the request waited: its case starts by the day it is stored.
    const ahead = prepared.get(job.index);
    const { row, values, files: jobFiles } = ahead && ahead.today === input.today ? ahead : prepareJob(job, input);
    for (const file of jobFiles) files.push({ ...file, jobId: jobid });
    if (row.pendingDocument) pending = true;
    const fee = BigInt(row.openExpenses ?? 0);
    // The posted fee and a posted collection's fee are the case's ledger entries as the fees the
    // sweep charges are (lifecycle/case-state.ts), on the profile's day, so the open amounts stay
    // the capital posted plus the entries.
    const posted = fee > 0n ? postedFeeOf(row.jobtype, job.item) : 0n;
    for (const [kind, amount] of [
      ["posted_fee", posted],
      ["collection_fee", fee - posted],
    ] as const)
      if (amount > 0n) entries.push(caseEntryRow({ jobId: jobid, profileId: row.profileId, component: "expenses", amount, kind, date: input.today, at: now }));
    cases.set(jobid, {
      id: jobid,
      profileId: row.profileId,
      environment: row.environment,
      jobstatus: row.jobstatus,
      billnum,
      ownref: row.ownref ?? null,
      paydate: row.paydate ?? null,
      currentPaydate: row.currentPaydate ?? null,
      openCapital: BigInt(row.openCapital ?? 0),
      openInterest: 0n,
      openExpenses: fee,
    });
    return [encodeValues(engine, NUMBERED_COLUMNS, { id: jobid, billnum, reference, intakeId, createdAt: now }), values];
  });
  // The distribution worker starts on them when they commit, not at its next poll. Raised before
  // the rows are sent, since a statement sent after them waits for them on PostgreSQL.
  if (pending) await signalAfterCommit(tx, "documents");
  const jobsSent = await sendEncodedRows(db, tx, engine, "Job", JOB_COLUMNS, rows);
  // The case entries (posted fees) and files (letters) follow the jobs, not waited for here either:
  // on PostgreSQL they queue behind the jobs, and the caller's work goes on meanwhile.
  const entriesSent =
    entries.length > 0
      ? sendEncodedRows(
          db,
          tx,
          engine,
          "CaseEntry",
          CASE_ENTRY_COLUMNS,
          encodeRows(engine, CASE_ENTRY_COLUMNS, entries).map((values) => [values]),
        ).then((sent) => sent.written)
      : Promise.resolve();
  // Files are few and binary: Prisma's own createMany carries them well.
  const filesStored = files.length > 0 ? tx.jobFile.createMany({ data: files }).then(() => undefined) : Promise.resolve();
  // The jobs first: their failure aborts the transaction and the others with it, and theirs is the
  // error to report. Each is handled here and the caller awaits `written`: a failure that comes
  // while the caller works is neither lost nor reported as unhandled.
  const written = Promise.all([jobsSent.written, entriesSent, filesStored]).then(() => undefined);
  for (const pending of [entriesSent, filesStored, written]) pending.catch(() => undefined);
  return { cases, sent: { written } };
}

/**
 * The record of a request. Its answer is kept only when the request came with an Idempotency-Key,
 * the one case in which it is ever read again.
 */
export async function storeIntakeRequest(db: Db, tx: Tx, intake: Prisma.IntakeRequestCreateManyInput): Promise<void> {
  await insertRows(db, tx, getEngine(), "IntakeRequest", INTAKE_COLUMNS, [intake]);
}
