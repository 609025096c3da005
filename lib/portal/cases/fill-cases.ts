import type { ServiceClient } from "../../client";
import { lockFor } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { errorFields, log } from "../../log";
import { exactCents } from "../../payment-data/amounts";
import type { Clock } from "../../platform/clock";
import type { JobDetail } from "../../spec/job-detail";
import { clientFor, listConnections, type Connection } from "../connections/connections";
import type { Backoff } from "../events/portal-loops";

import { caseSearchText } from "./record-posted-jobs";

/*
 * A job the customer's ERP posted reaches the portal only through status events, which name the
 * job but not its debtor, amount or due date. Each such case is filled in from the service's
 * GET /jobs/{jobid}, once, soon after its first event: then it can be found by the debtor's name
 * and shows what was billed. Events stay the authority on the case's state (its code, due date and
 * open amounts); the answer fills only what no event has said yet, since an event that arrives
 * while the answer is on its way is the newer word.
 *
 * Cases the portal posted itself know all this from their post and are never asked about. A case
 * whose connection is gone waits until one to its environment and cid is added again. A service
 * that fails is asked again after the connection's backoff (lib/portal/events/portal-loops.ts).
 */

/** What filling needs of the typed client. */
export type JobReadingClient = Pick<ServiceClient, "getJob">;

export interface FillOptions {
  /** Cases looked at per run; a run that fills its limit is followed by the next at once. */
  limit?: number;
  clientOf?: (connection: Connection) => JobReadingClient;
  backoff?: Backoff;
}

export const FILL_LIMIT = 100;

export async function fillCasesFromService(db: Db, clock: Clock, options: FillOptions = {}): Promise<number> {
  let room = options.limit ?? FILL_LIMIT;
  const clientOf = options.clientOf ?? clientFor;
  const organizations = await db.portalConnection.findMany({ select: { organizationId: true }, distinct: ["organizationId"] });
  let looked = 0;
  for (const { organizationId } of organizations) {
    for (const connection of await listConnections(db, organizationId)) {
      if (room <= 0) return looked;
      if (options.backoff && !options.backoff.due(connection.id, clock.now())) continue;
      const waiting = await db.portalCase.findMany({
        where: { detailsReadAt: null, organizationId, environment: connection.environment.id, cid: connection.cid },
        select: { id: true, jobid: true },
        orderBy: { createdAt: "asc" },
        take: room,
      });
      for (const item of waiting) {
        let detail: JobDetail | null;
        try {
          detail = await clientOf(connection).getJob(item.jobid);
        } catch (error) {
          // The rest of this connection's cases wait with it; other connections go on.
          options.backoff?.failed(connection.id, clock.now());
          log.warn("portal could not read a job from its service", { connectionId: connection.id, jobid: item.jobid, ...errorFields(error) });
          break;
        }
        options.backoff?.succeeded(connection.id);
        await fillCase(db, item.id, organizationId, detail, clock.now());
        looked += 1;
        room -= 1;
      }
    }
  }
  return looked;
}

/** Fills a case from the service's answer; null (the profile has no such job) only marks it read. */
async function fillCase(db: Db, caseId: string, organizationId: string, detail: JobDetail | null, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    // The receiver's lock: a batch projected at this moment must not be overwritten by older news.
    await lockFor(tx, `portal-events:${organizationId}`);
    const current = await tx.portalCase.findFirst({ where: { id: caseId, organizationId, detailsReadAt: null } });
    if (!current) return;
    if (!detail) {
      await tx.portalCase.update({ where: { id: caseId }, data: { detailsReadAt: now } });
      return;
    }
    const receiverName = detail.customer.name ?? current.receiverName;
    const billnum = current.billnum ?? detail.billnum;
    const reference = current.reference ?? detail.reference;
    const documentid = current.documentid ?? detail.ownref ?? detail.documentid;
    await tx.portalCase.update({
      where: { id: caseId },
      data: {
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
      },
    });
  });
}
