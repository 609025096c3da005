import type { Locale } from "../i18n/locale";

import { lifecycleText } from "./lifecycle-texts";
import type { CaseRow } from "./list-cases";
import { einvoiceResendPendingSince } from "./undelivered";

/*
 * What the case pages and their JSON routes hand to the browser: plain JSON (money as integer
 * minor units in a number, safe far beyond MAX_CENTS; times as ISO strings), with the lifecycle
 * text already in the reader's language.
 */

export interface CaseSummary {
  id: string;
  environment: string;
  country: string;
  isTest: boolean;
  cid: string;
  jobid: number;
  jobtype: number | null;
  code: number | null;
  codeText: string | null;
  receiverName: string | null;
  billnum: string | null;
  reference: string | null;
  documentid: string | null;
  sendtype: string | null;
  currency: string | null;
  amount: number | null;
  openCapital: number | null;
  interest: number | null;
  expenses: number | null;
  /** A credit note's credit not yet allocated or refunded, by its status events; null for any other case. */
  creditLeft: number | null;
  paydate: string | null;
  currentPaydate: string | null;
  deliveryStatus: string | null;
  deliveryChannel: string | null;
  /** The first error's code of the latest delivery when it failed. */
  deliveryErrorCode: string | null;
  postedAt: string | null;
  lastEventAt: string | null;
  /** The newest delivery message's time: with deliveryStatus error, when the last send failed. */
  lastDeliveryAt: string | null;
  /** When the refused e-invoice was sent again from the portal, while that resend waits for its delivery (undelivered.ts). */
  einvoiceResendPendingSince: string | null;
  updatedAt: string;
}

/** Counting stops here: a bounded count costs at most this many index entries; more reads "1,000+". */
export const COUNT_BOUND = 1000;

export interface CaseListView {
  rows: CaseSummary[];
  next: string | null;
  previous: string | null;
  count: number | null;
}

const cents = (value: bigint | null): number | null => (value === null ? null : Number(value));

/**
 * What is left of a credit note by its events, within its own amount: an allocation made at intake
 * sends no event, so removing it can take the count below zero.
 */
function creditLeftOf(credit: bigint, used: bigint): number {
  const left = credit - used;
  return Number(left < 0n ? 0n : left > credit ? credit : left);
}

export function toCaseSummary(row: CaseRow, locale: Locale): CaseSummary {
  return {
    id: row.id,
    environment: row.environment,
    country: row.country,
    isTest: row.environment.endsWith("-test"),
    cid: row.cid,
    jobid: row.jobid,
    jobtype: row.jobtype,
    code: row.code,
    codeText: lifecycleText(row.code, locale, row.statusText),
    receiverName: row.receiverName,
    billnum: row.billnum,
    reference: row.reference,
    documentid: row.documentid,
    sendtype: row.sendtype,
    currency: row.currency,
    amount: cents(row.amount),
    openCapital: cents(row.openCapital),
    interest: cents(row.interest),
    expenses: cents(row.expenses),
    creditLeft: row.amount !== null && row.amount < 0n ? creditLeftOf(-row.amount, row.creditUsed) : null,
    paydate: row.paydate,
    currentPaydate: row.currentPaydate,
    deliveryStatus: row.deliveryStatus,
    deliveryChannel: row.deliveryChannel,
    deliveryErrorCode: row.deliveryErrorCode,
    postedAt: row.postedAt?.toISOString() ?? null,
    lastEventAt: row.lastEventAt?.toISOString() ?? null,
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
    einvoiceResendPendingSince: einvoiceResendPendingSince(row)?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What is still open: capital, interest and expenses, when any of them is known. */
export function openTotal(summary: Pick<CaseSummary, "openCapital" | "interest" | "expenses">): number | null {
  if (summary.openCapital === null && summary.interest === null && summary.expenses === null) return null;
  return (summary.openCapital ?? 0) + (summary.interest ?? 0) + (summary.expenses ?? 0);
}

export interface Breakdown {
  capital: number;
  interest: number;
  expenses: number;
}

/** One entry of a case's timeline; amounts in minor units. */
export type TimelineEntry = { id: string; time: string; receivedAt: string | null } & (
  | { kind: "posted"; jobtype: number | null; amount: number | null; sendtype: string | null; reference: string | null }
  | {
      kind: "lcstatus";
      code: number;
      codeText: string | null;
      paydate: string | null;
      currentpaydate: string | null;
      opencapital: number | null;
      interest: number | null;
      expenses: number | null;
      /** A person's words about the move: an action's note, a debtor's dispute. */
      note: string | null;
    }
  | {
      kind: "delivery";
      channel: string | null;
      status: string;
      description: string | null;
      errors: string[];
      /** The errors' codes (einvoice_rejected, returned_mail, …): what a clerk can do about a failure follows from them. */
      errorCodes: string[];
      notes: string[];
    }
  | {
      kind: "payment";
      amount: number;
      paymentdate: string | null;
      accountdate: string | null;
      settlementdate: string | null;
      openamount: number | null;
      paid: Breakdown | null;
      open: Breakdown | null;
    }
  | {
      kind: "creditnote";
      action: string;
      amount: number;
      invoicenumber: string | null;
      targetinvoicenumber: string | null;
      refunddate: string | null;
      allocations: number;
    }
  | { kind: "creditloss"; action: string; reason: string | null; breakdown: Breakdown | null }
  | { kind: "duedateupdate"; currentpaydate: string; source: string }
  | { kind: "contract"; contractNo: string; contractStatus: string; terminationDate: string | null }
  | { kind: "disconnect" | "reconnect"; contractNo: string; usageplacecode: string; disconnectionDate: string | null }
  | { kind: "telecomdisconnect" | "telecomreconnect"; customernumber: string }
  | { kind: "other"; type: string; summary: string }
);

export interface BalancePoint {
  time: string;
  capital: number;
  interest: number;
  expenses: number;
}

export interface CaseDetailView {
  summary: CaseSummary;
  /** The dataset item as posted, when this portal posted it. */
  job: unknown;
  timeline: TimelineEntry[];
  /** True when the timeline was cut at its bound (the oldest events are shown). */
  timelineTruncated: boolean;
  balance: BalancePoint[];
}
