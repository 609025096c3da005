import type { Prisma } from "../../db/client";

import type { CaseSummary, TimelineEntry } from "./case-views";

/*
 * An invoice whose every send failed is not reminded: the service reminds only an invoice it
 * delivered (a reminder and its fee presuppose an invoice the debtor got), so it waits without an
 * end and without another lcstatus. The only message the API user gets is the failed send's own
 * `delivery` event with status `error`. The portal therefore finds such cases by what the events
 * left on them: the latest delivery failed while the case is still an invoice (0, 300), waits for
 * a returned letter's address (89, 71), or has no code yet. A reminder or collection (1, 2) whose
 * last sent e-invoice the operator refused is among them too: the service stops such a case on the
 * refused document until it is resent (recordEInvoiceRejection in the service's distribution), and
 * the refusal is the latest delivery, with the error code einvoice_rejected. A reminder or
 * collection letter that failed otherwise is not: the lifecycle goes on past it.
 */

/**
 * After this many days since its last failed send an undelivered invoice is marked as long
 * undelivered (list, dashboard, case page). Nothing else changes: the service still neither
 * reminds nor gives up on it. 14 days because that is how long the service itself lets a returned
 * letter wait in address verification (89) before it calls the address an error that needs a
 * person (71; ADDRESS_WAIT_DAYS in the service's lifecycle), and an e-invoice refusal or a failed
 * e-mail is no less in need of one; it is also the commonest payment term, so by then a delivered
 * invoice would have fallen due.
 */
export const LONG_UNDELIVERED_DAYS = 14;

/** Address verification of a returned letter (89, then 71 when it waited too long). */
const ADDRESS_CODES: readonly number[] = [89, 71];

/** Phases in which a failed delivery stops the case: the invoice itself, a returned letter's address. */
const UNDELIVERED_CODES: readonly number[] = [0, 300, ...ADDRESS_CODES];

/** Phases in which only a refused e-invoice stops the case: a reminder, a collection. */
const REFUSED_EINVOICE_CODES: readonly number[] = [1, 2];

/** The error code of a delivery the e-invoice operator refused. */
const EINVOICE_REJECTED = "einvoice_rejected";

/** The case list's `delivery` filter: every undelivered invoice, or those undelivered for LONG_UNDELIVERED_DAYS. */
export const DELIVERY_FILTERS = ["failed", "failed-long"] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];

/** The time before which a last failed send makes a case long undelivered. */
const longUndeliveredBefore = (now: Date): Date => new Date(now.getTime() - LONG_UNDELIVERED_DAYS * 86_400_000);

/** The cases a delivery filter keeps, on the index (organizationId, deliveryStatus, environment, cid, lastDeliveryAt). */
export function undeliveredWhere(filter: DeliveryFilter, now: Date): Prisma.PortalCaseWhereInput {
  return {
    deliveryStatus: "error",
    ...(filter === "failed-long" ? { lastDeliveryAt: { lte: longUndeliveredBefore(now) } } : {}),
    OR: [{ code: { in: [...UNDELIVERED_CODES] } }, { code: null }, { code: { in: [...REFUSED_EINVOICE_CODES] }, deliveryErrorCode: EINVOICE_REJECTED }],
  };
}

type DeliveryFields = Pick<CaseSummary, "code" | "deliveryStatus" | "deliveryErrorCode">;

/** Whether a case waits on a failed delivery (the same rule as undeliveredWhere). */
export const isUndelivered = (summary: DeliveryFields): boolean =>
  summary.deliveryStatus === "error" &&
  (summary.code === null ||
    UNDELIVERED_CODES.includes(summary.code) ||
    (REFUSED_EINVOICE_CODES.includes(summary.code) && summary.deliveryErrorCode === EINVOICE_REJECTED));

/** Whether an undelivered case's last failed send is LONG_UNDELIVERED_DAYS old or older. */
export const isLongUndelivered = (summary: DeliveryFields & Pick<CaseSummary, "lastDeliveryAt">, now: Date): boolean =>
  isUndelivered(summary) && summary.lastDeliveryAt !== null && Date.parse(summary.lastDeliveryAt) <= longUndeliveredBefore(now).getTime();

/**
 * When the refused e-invoice was sent again from the portal, while that resend is on its way: the
 * service's next delivery event for the case comes from the distribution round that hands the
 * resent e-invoice to the operator (delivered) or fails to (error), nothing before it, so the resend
 * is pending as long as the failure it answered (einvoiceResentAfter, that failure's lastDeliveryAt)
 * is still the case's latest delivery. An operator's later refusal is a newer failure, with the
 * form again. Compared with the failure's own time, not with the resend's: on a test profile whose
 * clock was moved the service's times run ahead of the portal's.
 */
export function einvoiceResendPendingSince(row: {
  deliveryStatus: string | null;
  lastDeliveryAt: Date | null;
  einvoiceResentAt: Date | null;
  einvoiceResentAfter: Date | null;
}): Date | null {
  if (row.einvoiceResentAt === null || row.deliveryStatus !== "error") return null;
  return row.lastDeliveryAt?.getTime() === row.einvoiceResentAfter?.getTime() ? row.einvoiceResentAt : null;
}

/**
 * What a clerk can do about it: give a returned letter's debtor a new address (the service sends
 * the letter again), have the system that posted a refused e-invoice correct its address and send
 * it again (POST /jobs/{jobid}/einvoice/resend), or, for any other failure, which the service does
 * not send again by itself, check the debtor's details and send the invoice anew.
 */
type UndeliveredRemedy = "address" | "addressResent" | "einvoice" | "contact";

/**
 * Whether the returned letter's address was given since its last failed send: the case went into
 * address verification (89, 71) after the failure and back out of it (the service resends the
 * letter and moves the case back) without a delivery since. The letter waits for its delivery then,
 * not for an address.
 */
function addressGivenSince(summary: Pick<CaseSummary, "code">, timeline: readonly TimelineEntry[], failure: TimelineEntry | null): boolean {
  if (!failure || summary.code === null || ADDRESS_CODES.includes(summary.code)) return false;
  const after = timeline.slice(timeline.indexOf(failure) + 1).filter((entry) => entry.kind === "lcstatus");
  const asked = after.findIndex((entry) => entry.kind === "lcstatus" && ADDRESS_CODES.includes(entry.code));
  return asked >= 0 && after.slice(asked + 1).some((entry) => entry.kind === "lcstatus" && !ADDRESS_CODES.includes(entry.code));
}

interface UndeliveredStanding {
  /** The last failed send, as the timeline has it; null when its event is not on the timeline. */
  failure: Extract<TimelineEntry, { kind: "delivery" }> | null;
  remedy: UndeliveredRemedy;
  long: boolean;
  /** Whole days since the last failed send; null when its time is unknown. */
  days: number | null;
  /**
   * For a refused e-invoice sent again whose resend the service's next distribution round has not yet
   * handed to the operator (einvoiceResendPendingSince): when it was sent again.
   */
  resentAt: string | null;
}

/** Why a case is not reminded and what to do, or null when it is not waiting on a failed delivery. */
export function undeliveredStanding(
  summary: DeliveryFields & Pick<CaseSummary, "lastDeliveryAt"> & Partial<Pick<CaseSummary, "einvoiceResendPendingSince">>,
  timeline: readonly TimelineEntry[],
  now: Date,
): UndeliveredStanding | null {
  if (!isUndelivered(summary)) return null;
  const failure =
    [...timeline].reverse().find((entry): entry is Extract<TimelineEntry, { kind: "delivery" }> => entry.kind === "delivery" && entry.status === "error") ??
    null;
  const remedy: UndeliveredRemedy =
    summary.code !== null && ADDRESS_CODES.includes(summary.code)
      ? "address"
      : addressGivenSince(summary, timeline, failure)
        ? "addressResent"
        : summary.deliveryErrorCode === EINVOICE_REJECTED || failure?.errorCodes.includes(EINVOICE_REJECTED)
          ? "einvoice"
          : failure?.errorCodes.includes("returned_mail")
            ? "address"
            : "contact";
  const at = summary.lastDeliveryAt ? Date.parse(summary.lastDeliveryAt) : Number.NaN;
  const days = Number.isNaN(at) ? null : Math.max(0, Math.floor((now.getTime() - at) / 86_400_000));
  // Whole days of at least LONG_UNDELIVERED_DAYS are the same test as isLongUndelivered's.
  const resentAt = remedy === "einvoice" ? (summary.einvoiceResendPendingSince ?? null) : null;
  return { failure, remedy, long: days !== null && days >= LONG_UNDELIVERED_DAYS, days, resentAt };
}
