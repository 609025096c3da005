import { randomUUID } from "node:crypto";

import { getEngine, type Db } from "../../db/client";
import type { Dispatch } from "../../db/generated/sqlite/client";
import { insertRows, type Column } from "../../db/insert-rows";
import type { Clock } from "../../platform/clock";
import { DISTRIBUTION_CHANNELS } from "../../spec/codes";
import type { DatasetItem } from "../../spec/dataset-item";
import { environment as environmentById, type EnvironmentId } from "../../spec/environments";
import { jobsSwitchedToEInvoice, switchesDocument } from "../einvoice-receiving/switch-to-einvoice";
import { openTotal } from "../lifecycle/case-state";

import { distributionChannelOf, sendtypeForDocument } from "./channels";
import { emailRecipients } from "./recipients";

/*
 * Turns the documents jobs wait to send (Job.pendingDocument) into Dispatch rows. The job's
 * pendingDocument is cleared only if it still names the document read, in the transaction that
 * creates the dispatch: two workers never make two dispatches of one document, and a notice the
 * lifecycle asked for in the meantime stays waiting for the next batch.
 */

/** Whether a case has nothing left to remind of: closed, or nothing open. */
export function isSettled(job: { closedAt: Date | null; openCapital: bigint; openInterest: bigint; openExpenses: bigint }): boolean {
  return job.closedAt !== null || openTotal(job) <= 0n;
}

/** The channel a sendtype is reported as, checked against the country's list. */
export function reportedChannel(sendtype: string, customertype: number, environment: EnvironmentId): string {
  const { country } = environmentById(environment);
  const channel = distributionChannelOf(sendtype, customertype, country) ?? "post";
  if (!DISTRIBUTION_CHANNELS[country].includes(channel)) throw new Error(`distribution channel ${channel} is not one of ${country}'s`);
  return channel;
}

type NewDispatch = Pick<
  Dispatch,
  "id" | "jobId" | "document" | "profileId" | "environment" | "sendtype" | "distributionChannel" | "secondary" | "status" | "createdAt"
>;

// Prisma's createMany took 75 ms for 200 rows, all of it inside the transaction.
const DISPATCH_COLUMNS: Column<NewDispatch>[] = [
  { name: "id", type: "text", value: (row) => row.id },
  { name: "jobId", type: "int", value: (row) => row.jobId },
  { name: "document", type: "text", value: (row) => row.document },
  { name: "profileId", type: "text", value: (row) => row.profileId },
  { name: "environment", type: "text", value: (row) => row.environment },
  { name: "sendtype", type: "text", value: (row) => row.sendtype },
  { name: "distributionChannel", type: "text", value: (row) => row.distributionChannel },
  { name: "secondary", type: "boolean", value: (row) => row.secondary },
  { name: "status", type: "text", value: (row) => row.status },
  { name: "attempts", type: "int", value: () => 0 },
  { name: "createdAt", type: "timestamp", value: (row) => row.createdAt },
];

export async function queueDispatches(db: Db, clock: Clock, limit: number, scope: { profileId?: string } = {}): Promise<string[]> {
  const jobs = await db.job.findMany({
    where: { pendingDocument: { not: null }, ...(scope.profileId ? { profileId: scope.profileId } : {}) },
    select: {
      id: true,
      profileId: true,
      environment: true,
      jobtype: true,
      sendtype: true,
      customertype: true,
      custnum: true,
      pendingDocument: true,
      data: true,
      closedAt: true,
      openCapital: true,
      openInterest: true,
      openExpenses: true,
    },
    orderBy: { id: "asc" },
    take: limit,
  });
  if (jobs.length === 0) return [];
  const now = clock.now();
  // Customers who asked their bank for e-invoices (einvoice-receiving/switch-to-einvoice.ts).
  const toEInvoice = await jobsSwitchedToEInvoice(db, jobs);
  const byDocument = new Map<string, number[]>();
  for (const job of jobs) byDocument.set(job.pendingDocument!, [...(byDocument.get(job.pendingDocument!) ?? []), job.id]);
  // A few statements whatever the number of jobs: the transaction holds SQLite's write lock, and a
  // request waits for it.
  return db.$transaction(async (tx) => {
    const taken = new Set<number>();
    for (const [document, ids] of byDocument) {
      const claimed = await tx.job.updateManyAndReturn({
        where: { id: { in: ids }, pendingDocument: document },
        data: { pendingDocument: null },
        select: { id: true },
      });
      for (const { id } of claimed) taken.add(id);
    }
    const rows: NewDispatch[] = [];
    for (const job of jobs) {
      if (!taken.has(job.id)) continue;
      // A payment that closed the case after the sweep asked for a notice makes the notice moot.
      if (job.pendingDocument !== "original" && isSettled(job)) continue;
      const { country } = environmentById(job.environment as EnvironmentId);
      const hasEmail = emailRecipients(job.data as DatasetItem).valid.length > 0;
      const chosen = sendtypeForDocument(job.sendtype, job.pendingDocument!, job.jobtype, country, hasEmail);
      const sendtype = toEInvoice.has(job.id) && switchesDocument(job.pendingDocument!, job.jobtype, chosen) ? "evoice" : chosen;
      rows.push({
        id: randomUUID(),
        jobId: job.id,
        document: job.pendingDocument!,
        profileId: job.profileId,
        environment: job.environment,
        sendtype,
        distributionChannel: reportedChannel(sendtype, job.customertype, job.environment as EnvironmentId),
        secondary: false,
        status: "pending",
        createdAt: now,
      });
    }
    await insertRows(db, tx, getEngine(), "Dispatch", DISPATCH_COLUMNS, rows);
    return rows.map((row) => row.id);
  });
}
