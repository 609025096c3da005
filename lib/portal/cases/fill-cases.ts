import type { ServiceClient } from "../../client";
import { lockFor } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { errorFields, log } from "../../log";
import { exactCents } from "../../payment-data/amounts";
import type { Backoff } from "../../platform/backoff";
import type { Clock } from "../../platform/clock";
import { MAX_JOBS_PER_LOOKUP, type JobDetail, type JobLookup } from "../../spec/job-detail";
import { clientFor, listConnections, markContact, type Connection } from "../connections/connections";
import { factsOfJobDetail } from "../customers/customer-facts";
import { linkCustomers } from "../customers/link-customers";

import { caseSearchText } from "./record-posted-jobs";

/*
 * A job the customer's ERP posted reaches the portal only through status events, which name the
 * job but not its debtor, amount or due date. Each such case is filled in from the service's
 * GET /jobs?jobids=… (a hundred at a time), once, soon after its first event: then it can be
 * found by the debtor's name and shows what was billed. Events stay the authority on the case's state (its code, due date and
 * open amounts); the answer fills only what no event has said yet, since an event that arrives
 * while the answer is on its way is the newer word.
 *
 * Cases the portal posted itself know all this from their post and are never asked about. A case
 * whose connection is gone waits until one to its environment and cid is added again. A service
 * that fails is asked again after the connection's backoff (lib/portal/events/portal-loops.ts).
 */

/** What filling needs of the typed client. */
type JobReadingClient = Pick<ServiceClient, "lookUpJobs">;

interface FillOptions {
  /** Cases looked at per run (one lookup request each hundred). */
  limit?: number;
  clientOf?: (connection: Connection) => JobReadingClient;
  backoff?: Backoff;
}

const FILL_LIMIT = 100;

export async function fillCasesFromService(db: Db, clock: Clock, options: FillOptions = {}): Promise<number> {
  let room = options.limit ?? FILL_LIMIT;
  const clientOf = options.clientOf ?? clientFor;
  // One indexed read finds whose cases wait (usually nobody's): connections are read only for those.
  const waitingFor = await db.portalCase.groupBy({ by: ["organizationId", "environment", "cid"], where: { detailsReadAt: null } });
  const organizations = new Set(waitingFor.map((group) => group.organizationId));
  const waits = (connection: Connection) =>
    waitingFor.some(
      (group) => group.organizationId === connection.organizationId && group.environment === connection.environment.id && group.cid === connection.cid,
    );
  let looked = 0;
  for (const organizationId of organizations) {
    for (const connection of (await listConnections(db, organizationId)).filter(waits)) {
      if (room <= 0) return looked;
      if (options.backoff && !options.backoff.due(connection.id, clock.now())) continue;
      const waiting = await db.portalCase.findMany({
        where: { detailsReadAt: null, organizationId, environment: connection.environment.id, cid: connection.cid },
        select: { id: true, jobid: true },
        orderBy: { createdAt: "asc" },
        take: room,
      });
      // One request per hundred cases (GET /jobs?jobids=…), not one each.
      for (let start = 0; start < waiting.length; start += MAX_JOBS_PER_LOOKUP) {
        const batch = waiting.slice(start, start + MAX_JOBS_PER_LOOKUP);
        let answer: JobLookup;
        try {
          answer = await clientOf(connection).lookUpJobs(batch.map((item) => item.jobid));
        } catch (error) {
          // The rest of this connection's cases wait with it; other connections go on.
          options.backoff?.failed(connection.id, clock.now());
          log.warn("portal could not read jobs from its service", { connectionId: connection.id, jobs: batch.length, ...errorFields(error) });
          break;
        }
        options.backoff?.succeeded(connection.id);
        await markContact(db, { id: connection.id, organizationId }, clock.now());
        const details = new Map(answer.jobs.map((job) => [job.jobid, job]));
        await fillCases(
          db,
          organizationId,
          batch.map((item) => ({ caseId: item.id, detail: details.get(item.jobid) ?? null })),
          clock.now(),
        );
        looked += batch.length;
        room -= batch.length;
      }
    }
  }
  return looked;
}

/**
 * Fills a batch of cases from the service's answers in one short transaction; a null answer (the
 * profile has no such job) only marks its case read.
 */
async function fillCases(db: Db, organizationId: string, answers: readonly { caseId: string; detail: JobDetail | null }[], now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    // The receiver's lock: a batch projected at this moment must not be overwritten by older news.
    await lockFor(tx, `portal-events:${organizationId}`);
    const rows = await tx.portalCase.findMany({ where: { id: { in: answers.map((answer) => answer.caseId) }, organizationId, detailsReadAt: null } });
    const current = new Map(rows.map((row) => [row.id, row]));
    // The debtor each answer names, found or added in the customer register.
    const customerIds = await linkCustomers(
      tx,
      organizationId,
      answers.map(({ caseId, detail }) => {
        const row = current.get(caseId);
        return row && detail ? factsOfJobDetail(detail, row) : null;
      }),
    );
    for (const [position, { caseId, detail }] of answers.entries()) {
      const row = current.get(caseId);
      if (!row) continue;
      const customerId = row.customerId ?? customerIds[position] ?? null;
      await tx.portalCase.update({ where: { id: caseId }, data: detail ? { ...filledFrom(row, detail, now), customerId } : { detailsReadAt: now } });
    }
  });
}

type CaseRow = Awaited<ReturnType<Db["portalCase"]["findFirstOrThrow"]>>;

function filledFrom(current: CaseRow, detail: JobDetail, now: Date) {
  const receiverName = detail.customer.name ?? current.receiverName;
  const billnum = current.billnum ?? detail.billnum;
  const reference = current.reference ?? detail.reference;
  const documentid = current.documentid ?? detail.ownref ?? detail.documentid;
  return {
    jobtype: current.jobtype ?? detail.jobtype,
    receiverName,
    billnum,
    reference,
    documentid,
    sendtype: current.sendtype ?? detail.sendtype,
    currency: detail.currency,
    amount: current.amount ?? exactCents(detail.amount),
    paydate: current.paydate ?? detail.paydate,
    // The state only where no event has spoken yet.
    code: current.code ?? detail.jobstatus,
    statusText: current.code === null ? detail.status : current.statusText,
    currentPaydate: current.currentPaydate ?? detail.currentpaydate,
    openCapital: current.openCapital ?? exactCents(detail.opencapital),
    interest: current.interest ?? exactCents(detail.interest),
    expenses: current.expenses ?? exactCents(detail.expenses),
    searchText: caseSearchText([receiverName, billnum, reference, documentid]),
    detailsReadAt: now,
  };
}
