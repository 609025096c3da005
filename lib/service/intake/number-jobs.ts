import { getEngine, type Db, type Tx } from "../../db/client";
import { existingValues } from "../../db/existing-values";
import { createReference, referenceBaseDigits } from "../../payment-data/references";
import type { Environment } from "../../spec/environments";
import { reserveNumbers } from "../counters";
import { ServiceError } from "../errors";

import type { NumberedJob } from "./result-records";
import type { ValidJob } from "./validate-job";

/*
 * Numbers for the accepted jobs of a request, reserved in blocks inside its transaction:
 *
 * - job ids, one series for the whole service;
 * - bill numbers for invoices that came without one, a series per profile, skipping numbers the
 *   profile already used itself (its own bill numbers may be plain numbers too);
 * - payment references for invoices that came without a billcode, a series per environment in the
 *   country's format, skipping references any job of the environment already has, so a payment
 *   quoting a reference finds one invoice.
 *
 * The two shared series (job ids, references) are reserved on PostgreSQL in statements of their
 * own, not in the request's transaction: the counter's row lock lasts until the transaction that
 * took it ends, so every intake of every profile of the environment waited for the one before it
 * to commit, and profiles that should store side by side took turns. A request that fails after
 * reserving leaves a gap in them, which neither series needs to avoid; they still grow in commit
 * order within a profile, whose intakes take turns under its lock. Bill numbers stay in the
 * transaction: they are the profile's own, and a bookkeeping series should have no gaps. On SQLite
 * one transaction writes at a time anyway, and its connection is the only one there is.
 */

const FIRST_JOB_ID = 100_001;
const FIRST_BILLNUM = 1;
const FIRST_REFERENCE = 1_000;

interface Profile {
  id: string;
  referenceFormat: string;
  referenceLength: number | null;
}

/** `count` new values from a series, none of them taken: `taken` answers for a batch of candidates. */
async function freshValues(
  series: Tx,
  name: string,
  first: number,
  count: number,
  format: (sequence: number) => string,
  taken: (candidates: string[]) => Promise<Set<string>>,
): Promise<string[]> {
  const values: string[] = [];
  while (values.length < count) {
    const wanted = count - values.length;
    const start = await reserveNumbers(series, name, wanted, first);
    const candidates = Array.from({ length: wanted }, (_, offset) => format(start + offset));
    const clash = await taken(candidates);
    values.push(...candidates.filter((candidate) => !clash.has(candidate)));
  }
  return values;
}

/** `db` is the client whose transaction `tx` is. */
export async function numberJobs(db: Db, tx: Tx, profile: Profile, environment: Environment, accepted: ValidJob[]): Promise<NumberedJob[]> {
  const shared: Tx = getEngine() === "postgres" ? db : tx;
  // A candidate is taken when a stored job of the scope has it, or a job of this request gives it.
  const takenBy = (column: "billnum" | "reference", where: { column: string; value: string }, given: ReadonlySet<string>) => async (candidates: string[]) => {
    const stored = await existingValues(db, tx, getEngine(), { table: "Job", column, where }, candidates);
    return new Set([...stored, ...candidates.filter((candidate) => given.has(candidate))]);
  };
  const givenBillnums = new Set(accepted.flatMap((job) => (job.item.billnum ? [job.item.billnum] : [])));
  const givenReferences = new Set(accepted.flatMap((job) => (job.givenReference ? [job.givenReference] : [])));
  const baseDigits = referenceBaseDigits(environment.country, profile.referenceLength);
  const settings = { format: profile.referenceFormat === "rf" ? ("rf" as const) : ("national" as const), length: profile.referenceLength };
  // The profile's bill numbers beside the shared series, not after them: neither depends on the
  // other, and on PostgreSQL the shared series go on a connection of their own, so the profile's
  // turn waits for the longer of the two rather than for five statements in a row. The shared two
  // stay one after the other: a connection more each would let four intakes at once take the
  // whole pool, each waiting for one of its own.
  const freshReferences = () =>
    freshValues(
      shared,
      `reference:${environment.id}`,
      FIRST_REFERENCE,
      accepted.filter((job) => job.needsReference).length,
      (sequence) => {
        if (baseDigits !== null && String(sequence).length > baseDigits) {
          throw new ServiceError(
            "conflict",
            `The profile's reference length (${profile.referenceLength}) has no room for more references; support can make it longer or variable.`,
          );
        }
        return createReference(environment.country, sequence, settings);
      },
      takenBy("reference", { column: "environment", value: environment.id }, givenReferences),
    );
  const sharedSeries = async () => {
    const firstJobId = await reserveNumbers(shared, "jobid", accepted.length, FIRST_JOB_ID);
    return { firstJobId, references: await freshReferences() };
  };
  const [{ firstJobId, references }, billnums] = await Promise.all([
    sharedSeries(),
    freshValues(
      tx,
      `billnum:${profile.id}`,
      FIRST_BILLNUM,
      accepted.filter((job) => job.needsBillnum).length,
      String,
      takenBy("billnum", { column: "profileId", value: profile.id }, givenBillnums),
    ),
  ]);

  let nextBillnum = 0;
  let nextReference = 0;
  return accepted.map((job, position) => ({
    job,
    jobid: firstJobId + position,
    billnum: job.needsBillnum ? billnums[nextBillnum++]! : (job.item.billnum ?? null),
    reference: job.needsReference ? references[nextReference++]! : job.givenReference,
  }));
}
