import { exactCents } from "../../payment-data/amounts";
import { LIFECYCLE_CODES } from "../../spec/codes";
import type { MessageType } from "../../spec/events";

/*
 * What a status message says about its case, as a pure function of the case's state before it.
 * The receiver applies a case's messages in time order (ties in the order they came), so the
 * state after a batch is the state the last message describes. Amounts arrive in major units
 * with two decimals and are kept as integer minor units, converted from their decimal text so no
 * binary fraction ever rounds a cent away.
 */

export interface CaseState {
  code: number | null;
  statusText: string | null;
  paydate: string | null;
  currentPaydate: string | null;
  openCapital: bigint | null;
  interest: bigint | null;
  expenses: bigint | null;
  deliveryStatus: string | null;
  deliveryChannel: string | null;
  /** The first error's code of the latest delivery when it failed; null otherwise. */
  deliveryErrorCode: string | null;
  billnum: string | null;
  documentid: string | null;
  /** The newest lifecycle message's time (the bar an older one does not pass). */
  lastEventAt: Date | null;
  /** The newest delivery message's time: deliveries have a bar of their own. */
  lastDeliveryAt: Date | null;
  /** A credit note's credit spent so far, minor units (projectCreditSpent); 0 for other cases. */
  creditUsed: bigint;
}

export const EMPTY_CASE_STATE: CaseState = {
  code: null,
  statusText: null,
  paydate: null,
  currentPaydate: null,
  openCapital: null,
  interest: null,
  expenses: null,
  deliveryStatus: null,
  deliveryChannel: null,
  deliveryErrorCode: null,
  billnum: null,
  documentid: null,
  lastEventAt: null,
  lastDeliveryAt: null,
  creditUsed: 0n,
};

/** Major units (a JSON number such as 273.4) as minor units, exactly; half away from zero past the cent. */
export function toMinorUnits(value: number): bigint {
  return exactCents(value);
}

type Message = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const money = (value: unknown): bigint | null => (typeof value === "number" && Number.isFinite(value) ? toMinorUnits(value) : null);
const object = (value: unknown): Message | null => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Message) : null);

/** The time a message names, as the string it sent; null when it names none. */
export function messageTime(type: MessageType, message: Message): string | null {
  if (type === "delivery") return text(message.statustime);
  return text(message.time);
}

/**
 * The job id of the case a message is about. A credit note's own job id names the credit note; an
 * allocation or its removal is about the debit invoice it targets, and that case's timeline is
 * where a controller looks for it.
 */
export function caseJobid(type: MessageType, message: Message): number | null {
  const jobid = (value: unknown) => (typeof value === "number" && Number.isInteger(value) ? value : null);
  switch (type) {
    case "creditnote":
      return jobid(message.targetjobid) ?? jobid(message.jobid);
    case "delivery":
    case "lcstatus":
    case "payment":
    case "creditloss":
    case "duedateupdate":
      return jobid(message.jobid);
    default:
      return null;
  }
}

/** Message types that concern one case. */
export function isCaseMessage(type: MessageType): boolean {
  return ["delivery", "lcstatus", "payment", "creditnote", "creditloss", "duedateupdate"].includes(type);
}

export function projectMessage(state: CaseState, type: MessageType, message: Message, at: Date): CaseState {
  const next: CaseState = { ...state };
  // A message older than what the case already shows (a redelivered batch, polling catching up
  // behind push) goes on the timeline but must not turn a paid case back into a reminder.
  // Credit notes add and subtract, so their order does not matter. A delivery is measured against
  // deliveries only: it says nothing of the lifecycle, so an lcstatus sent before it but arriving
  // after it (another batch, stored at the same moment) still counts.
  const bar = type === "delivery" ? next.lastDeliveryAt : next.lastEventAt;
  const stale = bar !== null && at.getTime() < bar.getTime();
  if (!stale) {
    if (type === "delivery") next.lastDeliveryAt = at;
    else next.lastEventAt = at;
  }
  // A credit note names itself in invoicenumber and documentid, not the case it is linked to.
  if (type !== "creditnote") {
    next.billnum ??= text(message.invoicenumber);
    next.documentid ??= text(message.documentid);
  }
  if (stale && type !== "creditnote") return next;
  switch (type) {
    case "lcstatus": {
      if (typeof message.code === "number") next.code = message.code;
      next.statusText = text(message.status);
      next.paydate = text(message.paydate) ?? next.paydate;
      next.currentPaydate = text(message.currentpaydate) ?? next.currentPaydate;
      next.openCapital = money(message.opencapital) ?? next.openCapital;
      next.interest = money(message.interest) ?? next.interest;
      next.expenses = money(message.expenses) ?? next.expenses;
      break;
    }
    case "delivery": {
      next.deliveryStatus = text(message.status) ?? next.deliveryStatus;
      next.deliveryChannel = text(message.distributionchannel) ?? next.deliveryChannel;
      const errors = Array.isArray(message.errors) ? message.errors : [];
      next.deliveryErrorCode = next.deliveryStatus === "error" ? text(object(errors[0])?.code) : null;
      break;
    }
    case "payment": {
      // What is still open after the payment; a payment that could not be booked sends none.
      const open = object(message.openamountbreakdown);
      if (open) {
        next.openCapital = money(open.capital) ?? next.openCapital;
        next.interest = money(open.interest) ?? next.interest;
        next.expenses = money(open.expenses) ?? next.expenses;
      }
      break;
    }
    case "duedateupdate": {
      next.currentPaydate = text(message.currentpaydate) ?? next.currentPaydate;
      break;
    }
    case "creditnote": {
      // A refund names no debit invoice: it is about the credit note itself.
      if (typeof message.targetjobid !== "number") return projectCreditSpent(next, message);
      // An allocation takes the amount off the debit invoice's open capital and its removal puts it
      // back; the service sends an lcstatus only when that closes or reopens the case.
      const amount = money(message.amount);
      if (amount === null || next.openCapital === null) break;
      if (message.type === "allocated") next.openCapital -= amount;
      else if (message.type === "unallocated") next.openCapital += amount;
      break;
    }
    case "creditloss": {
      // Under the time-based credit-loss model the write-off comes as this message alone, with no
      // lcstatus 103: the case is then written off and has nothing open. A suspected loss or a
      // change after a recovery leaves the case's phase as it is (a recovered loss ends in 101).
      if (message.type !== "creditloss") break;
      next.code = 103;
      next.statusText = LIFECYCLE_CODES[103];
      next.openCapital = 0n;
      next.interest = 0n;
      next.expenses = 0n;
      break;
    }
    default:
      break;
  }
  return next;
}

/**
 * What a creditnote message does to the credit note's own case: an allocation or a refund spends
 * its amount of the credit, a removed allocation gives it back. The credit note's lcstatus says
 * nothing of this (its open capital is 0 throughout), so without it a credit note used up by
 * earlier allocations would look as if it still had its whole credit to give.
 */
export function projectCreditSpent(state: CaseState, message: Message): CaseState {
  const amount = money(message.amount);
  if (amount === null) return state;
  switch (message.type) {
    case "allocated":
    case "refunded":
      return { ...state, creditUsed: state.creditUsed + amount };
    case "unallocated":
      return { ...state, creditUsed: state.creditUsed - amount };
    default:
      return state;
  }
}
