import countries from "i18n-iso-countries";

import type { FinnishCollector } from "../../env";
import { exactCents, invoiceTotals, rowDiscount, type VatLine } from "../../payment-data/amounts";
import { isValidFinnishReference, isValidKid, isValidOcr, isValidRfReference } from "../../payment-data/references";
import type { Jobtype } from "../../spec/codes";
import type { DatasetItem } from "../../spec/dataset-item";
import { COUNTRY_RULES, type Country } from "../../spec/environments";
import { rowInputOf } from "../../spec/payrow-input";
import { daysBetween, laterOf } from "../calendar/dates";
import { dueDateTerms, lateInterestStart, postedNoticeDue } from "../lifecycle/decide-step";
import { computeInterest, splitOverPeriods } from "../lifecycle/interest";
import { agreedRateOf, chargedRateOn } from "../lifecycle/overdue-rate";
import { postedCollectionFee } from "../lifecycle/posted-fee";
import { collectionMayBeginOn } from "../lifecycle/rules";

import type { Creditor } from "./creditor";
import { foretaksregisteretOf } from "./particulars";

/*
 * An invoice, reminder or collection letter as a document: everything the PDF renderer and the
 * e-invoice builders (Finvoice, Peppol UBL) need, in one shape, computed once. Money in cents,
 * dates as YYYY-MM-DD, countries as ISO alpha-2.
 */

export const DOCUMENT_LANGUAGES = ["fin", "swe", "nor", "eng", "est"] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export type DocumentKind = "invoice" | "credit-note" | "reminder" | "collection" | "cutoff";

type ReferenceKind = "fi-national" | "rf" | "se-ocr" | "no-kid" | "message";

export interface Party {
  name: string;
  /** Lines above the street: c/o, department, extra address lines. */
  extraLines: string[];
  street: string | null;
  postcode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  businessId: string | null;
  vatNumber: string | null;
  email: string | null;
  phone: string | null;
  contact: string | null;
}

export interface Buyer extends Party {
  customerNumber: string | null;
  /** Finnish e-invoice address (OVT/IBAN) or Peppol participant id ("0192:988077917"). */
  eInvoiceAddress: string | null;
  /** The e-invoice operator (intermediator) code. */
  eInvoiceOperator: string | null;
}

export interface Seller extends Party {
  /** The registered office (kotipaikka, säte), printed where it is known (particulars.ts). */
  registeredOffice: string | null;
  /** A Norwegian seller registered in Foretaksregisteret, which its documents then state (particulars.ts). */
  foretaksregisteret: boolean;
  www: string | null;
  iban: string | null;
  bic: string | null;
  bankgiro: string | null;
  plusgiro: string | null;
  account: string | null;
}

export interface DocumentRow {
  description: string;
  /** Quantity and unit price exactly as decimals, for printing and for e-invoices. */
  quantity: string;
  unitPrice: string;
  vatRate: number;
  /** The row's discount: its percent, the amount it is taken from (count × price) and what it takes off. */
  discount: { rate: number; base: bigint; amount: bigint } | null;
  /** Net of the discount. */
  net: bigint;
  vat: bigint;
  gross: bigint;
}

interface ReminderPart {
  originalNumber: string | null;
  originalDate: string | null;
  originalDueDate: string | null;
  /** For collection: the day the creditor sent its reminder. */
  noticeDate: string | null;
  /**
   * A reminder (Norway's inkassovarsel) is known to have gone before this letter: its date, the
   * reminder fee posted with the job, the service's own reminder or its fee. A job posted straight
   * to collection with neither a noticedate nor a fee tells of none, and its letter says the claim
   * is unpaid, not unpaid despite a reminder.
   */
  reminded: boolean;
  /** The debtor is a consumer (customertype 2), to whom a Finnish collection letter says more (513/1999 4 c §). */
  consumer: boolean;
  /** What the claim is for: the invoice's rows by their descriptions (the claim's basis, 513/1999 5 a §, inkassolagen 5 §). */
  basis: string | null;
  capital: bigint;
  /** All costs open now (the sum of `fees`). */
  fee: bigint;
  /**
   * The costs one by one, as the laws ask them itemised (513/1999 5 a §, inkassolagen 5 §, inkassoloven
   * § 10): each reminder fee with its notice's date, the collection fee, a fee posted with the job, and
   * what payments took off them.
   */
  fees: NoticeFee[];
  interest: bigint;
  /** Yearly delay interest in percent, as used for `interest`. */
  interestRate: number | null;
  interestDays: number;
  /**
   * `interest` by rate: one line per span of one rate, so a span across a half-year's change of the
   * statutory rate shows each rate with its days and amount, and the lines add up to `interest`.
   */
  interestPeriods: InterestLine[];
  /** The day `interest` is counted to: the notice's due date, so its total settles the claim on that day. */
  interestThrough: string | null;
  /**
   * The day after which interest runs (lifecycle/decide-step.ts lateInterestStart): the original due
   * date, or where the due date was not agreed in advance the day 30 days after the invoice was sent
   * (decide-step.ts invoiceSentOn) when later.
   */
  interestFrom: string | null;
}

interface InterestLine {
  from: string;
  to: string;
  days: number;
  /** Percent a year. */
  rate: number;
  amount: bigint;
}

/** A counted period as a notice's interest line. */
export const periodLine = (period: { from: string; to: string; days: number; basisPoints: number; amount: bigint }): InterestLine => ({
  from: period.from,
  to: period.to,
  days: period.days,
  rate: period.basisPoints / 100,
  amount: period.amount,
});

export interface NoticeFee {
  kind: "reminder" | "collection" | "posted" | "paid";
  /** The day the fee was charged (its notice's date). */
  date: string | null;
  amount: bigint;
}

/**
 * What a cut-off warning (lifecycle code 150) says beyond its claim: the usage place whose supply may
 * be interrupted, the earliest day it may be, and the other unpaid invoices of the same usage place,
 * each of which has its own warning and must be paid as well (lib/service/contracts/evaluate-disconnections.ts).
 */
export interface CutoffPart {
  usagePlaceCode: string;
  contractNumber: string;
  /** The earliest day the supply may be interrupted. */
  disconnectionDate: string;
  /** A consumer (customertype 2): the law's consumer protections are printed. */
  consumer: boolean;
  others: { number: string | null; dueDate: string | null; open: bigint }[];
}

export interface InvoiceDocument {
  kind: DocumentKind;
  jobtype: Jobtype;
  jobid: number | null;
  country: Country;
  language: DocumentLanguage;
  currency: string;
  number: string | null;
  date: string;
  dueDate: string | null;
  deliveryDate: string | null;
  orderNumber: string | null;
  ourReference: string | null;
  yourReference: string | null;
  /** A credit note: the bill number of the invoice it credits (refundtobillnum). */
  creditedNumber: string | null;
  seller: Seller;
  buyer: Buyer;
  rows: DocumentRow[];
  vatBreakdown: VatLine[];
  totals: { net: bigint; vat: bigint; gross: bigint };
  /** What the debtor pays: the gross of an invoice, capital with fee and interest of a reminder. */
  amountDue: bigint;
  reference: { value: string; kind: ReferenceKind } | null;
  reminder: ReminderPart | null;
  /** A cut-off warning's usage place, interruption day and the usage place's other unpaid invoices. */
  cutoff: CutoffPart | null;
  freeText: string | null;
  overdueInterestRate: number | null;
  reverseCharge: boolean;
  /** A preview: not posted, numbers may be missing, never for payment. */
  preview: boolean;
  /** The debtor's own page of the case (lib/service/debtor/link-token.ts), printed with its QR code and in the e-mail. */
  onlineLink: string | null;
  /**
   * A Finnish case's payment demand: the collector who sends it for the creditor (the provider,
   * env FI_COLLECTOR_*). 513/1999 5 § makes the payment demand the letter of one who collects for
   * another, and its fees (10 a §, 10 e §) that collector's; a creditor collecting in its own name
   * may charge for reminders only. Null on every other document (collectorOf); the renderer and the
   * mail read this alone to tell a collector's letter.
   */
  collector: FinnishCollector | null;
}

function referenceKind(reference: string, country: Country): ReferenceKind {
  if (isValidRfReference(reference)) return "rf";
  if (country === "FIN" && isValidFinnishReference(reference)) return "fi-national";
  if (country === "SWE" && isValidOcr(reference)) return "se-ocr";
  if (country === "NOR" && isValidKid(reference)) return "no-kid";
  return "message";
}

/** Simple yearly interest in cents over days (actual/365), rounded half away from zero. */
interface DocumentSource {
  item: DatasetItem;
  jobid: number | null;
  billnum: string | null;
  reference: string | null;
  country: Country;
  creditor: Creditor;
  /** The calendar day the document is made on (reminder date, preview date). */
  today: string;
  /**
   * A job posted as reminder or collection: the due date its case uses (Job.currentPaydate, set at
   * intake). Without it (a preview) the same rule computes it from today.
   */
  noticeDueDate?: string | null;
  preview?: boolean;
  /** The debtor's link of a stored case; none on a preview. */
  onlineLink?: string | null;
  /** The profile's `duedateagreed` (Profile.dueDateAgreed): where a posted notice's interest starts. */
  dueDateAgreed: boolean;
  /** The configured collector of Finnish cases (env FI_COLLECTOR), whom a Finnish payment demand names. */
  finnishCollector: FinnishCollector;
}

const text = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/** The document of a job: from its item as accepted, the numbers intake gave it, and the creditor. */
export function buildInvoiceDocument(source: DocumentSource): InvoiceDocument {
  const { item, country, creditor } = source;
  const jobtype = (item.jobtype ?? 0) as Jobtype;
  const rules = COUNTRY_RULES[country];
  const language = (item.language && (DOCUMENT_LANGUAGES as readonly string[]).includes(item.language) ? item.language : rules.language) as DocumentLanguage;
  const currency = item.currency ?? rules.currency;

  const rowInputs = (item.payrow ?? []).map(rowInputOf);
  const totals = invoiceTotals(rowInputs);
  const rows: DocumentRow[] = (item.payrow ?? []).map((row, index) => {
    const { base, discount } = rowDiscount(rowInputs[index]!);
    return {
      description: row.desc ?? "",
      quantity: String(row.count ?? 0),
      unitPrice: String(row.amount ?? 0),
      vatRate: Number(row.taxpr ?? 0),
      // A 0 % discount is no discount: nothing to print or send.
      discount: row.discountpr ? { rate: Number(row.discountpr), base, amount: discount } : null,
      ...totals.rows[index]!,
    };
  });

  let reminder: ReminderPart | null = null;
  let kind: DocumentKind = totals.gross < 0n ? "credit-note" : "invoice";
  let amountDue = totals.gross;
  let dueDate = item.paydate ?? null;
  let date = item.billdate ?? source.today;
  if (jobtype === 1 || jobtype === 2) {
    kind = jobtype === 1 ? "reminder" : "collection";
    const capital = exactCents(item.amount ?? 0);
    const fee = exactCents(item.noticefee ?? 0);
    // A collection posted before it may begin (Norway: the inkassovarsel's term, lifecycle/rules.ts
    // collectionMayBeginOn) goes on that day: its letter, shown before, is dated and counted from it,
    // and never dated before it.
    const from = jobtype === 2 ? collectionMayBeginOn(country, item.noticedate) : null;
    const letterDay = from ? laterOf(source.today, from) : source.today;
    // The date the case escalates from, on a business day (lifecycle/decide-step.ts postedNoticeDue).
    dueDate = source.noticeDueDate ?? postedNoticeDue(country, jobtype, item.paydate ?? null, letterDay);
    // A collection's own fee, which its case is charged the day the letter is made available
    // (lifecycle/posted-fee.ts postedCollectionFee): by the same rule on the letter's own day.
    const collectionCharge = postedCollectionFee(country, jobtype, item, capital, letterDay);
    // Interest runs from the day after the original due date to this notice's own due date, as a
    // case notice counts it (job-documents.ts noticeDocument): a debtor who pays the total on the day
    // asked has paid the interest to that day, and no residue brings another letter and its fee. It
    // runs at the rate the case charges (lifecycle/overdue-rate.ts: the agreed rate within each
    // country's limits, else the law's own), and the notice says so even when none was agreed: a
    // claim with no interest line tells the debtor none runs, while the case accrues it.
    const interestTo = dueDate && dueDate > source.today ? dueDate : source.today;
    // From the day the case's interest starts (lifecycle/decide-step.ts), the one rule the case charges by:
    // a posted notice's invoice was sent by the customer, on its bill date (no send of the service's counts).
    const sending = { jobtype, billdate: item.billdate ?? null, sentOn: null };
    const interestFrom = lateInterestStart(item.paydate ?? null, dueDateTerms(source.dueDateAgreed, country, sending));
    const interestDays = interestFrom ? Math.max(0, daysBetween(interestFrom, interestTo)) : 0;
    const business = item.customertype === 1;
    const counted = interestFrom && interestDays > 0 ? computeInterest(country, business, capital, interestFrom, interestTo, agreedRateOf(item)) : null;
    const interest = counted?.amount ?? 0n;
    const lastPeriod = counted?.periods.at(-1);
    const interestRate = lastPeriod ? lastPeriod.basisPoints / 100 : chargedRateOn(country, business, agreedRateOf(item), interestTo);
    reminder = {
      originalNumber: source.billnum,
      originalDate: item.billdate ?? null,
      originalDueDate: item.paydate ?? null,
      noticeDate: item.noticedate ?? null,
      // A reminder fee the principal posted presupposes the reminder it was charged on.
      reminded: item.noticedate != null || fee > 0n,
      consumer: item.customertype === 2,
      basis: basisOf(rows.map((row) => row.description)),
      capital,
      fee: fee + collectionCharge,
      // The fee the principal posted with the job: the reminder fee it charged before. Intake books the
      // same amount on the case (lifecycle/posted-fee.ts) and refuses one above the law's caps, so the
      // total printed here is what the case holds open; and a collection's own fee.
      fees: [
        ...(fee > 0n ? [{ kind: "posted" as const, date: null, amount: fee }] : []),
        ...(collectionCharge > 0n ? [{ kind: "collection" as const, date: letterDay, amount: collectionCharge }] : []),
      ],
      interest,
      interestRate,
      interestDays,
      interestPeriods: counted ? splitOverPeriods(interest, counted.periods).map(periodLine) : [],
      interestThrough: interest > 0n ? interestTo : null,
      interestFrom,
    };
    amountDue = capital + fee + collectionCharge + interest;
    date = from ? laterOf(item.xmldate ?? letterDay, from) : (item.xmldate ?? source.today);
  }

  return {
    kind,
    jobtype,
    jobid: source.jobid,
    country,
    language,
    currency,
    number: source.billnum,
    date,
    dueDate,
    deliveryDate: item.deliverydate ?? null,
    orderNumber: item.ordernumber != null ? String(item.ordernumber) : null,
    ourReference: text(item.ourcode),
    creditedNumber: text(item.refundtobillnum),
    yourReference: text(item.yourcode),
    seller: {
      name: creditor.name,
      extraLines: [],
      street: creditor.street ?? null,
      postcode: creditor.postcode ?? null,
      city: creditor.city ?? null,
      country: creditor.country,
      businessId: creditor.businessId,
      vatNumber: creditor.vatNumber ?? null,
      registeredOffice: text(creditor.registeredOffice),
      foretaksregisteret: foretaksregisteretOf(creditor),
      email: creditor.email ?? null,
      phone: creditor.phone ?? null,
      contact: null,
      www: creditor.www ?? null,
      iban: creditor.iban ?? null,
      bic: creditor.bic ?? null,
      bankgiro: creditor.bankgiro ?? null,
      plusgiro: creditor.plusgiro ?? null,
      account: creditor.account ?? null,
    },
    buyer: {
      name: (item.customertype === 1 ? item.company : item.person) ?? item.company ?? item.person ?? "",
      extraLines: [item.addressaddline1, item.addressaddline2, item.addressaddline3, item.department].flatMap((line) => (text(line) ? [text(line)!] : [])),
      street: text(item.address),
      postcode: text(item.postcode),
      city: text(item.city),
      country: item.addresscountry?.length === 2 ? item.addresscountry : (alpha2Of(item.addresscountry) ?? rules.alpha2),
      businessId: text(item.govid),
      vatNumber: text(item.vatid),
      email: text(item.email),
      phone: text(item.phone),
      contact: text(item.contactperson),
      customerNumber: text(item.custnum),
      eInvoiceAddress: text(item.evoice) ?? text(item.ovt),
      eInvoiceOperator: text(item.evoiceint),
    },
    rows,
    vatBreakdown: totals.vatBreakdown,
    totals: { net: totals.net, vat: totals.vat, gross: totals.gross },
    amountDue,
    reference: source.reference ? { value: source.reference, kind: referenceKind(source.reference, country) } : null,
    reminder,
    cutoff: null,
    freeText: text(item.freetext),
    // A notice's header names the rate its interest line is counted at (the law's when none was agreed);
    // an invoice names the agreed rate as the law lets it apply from its due date (a Finnish or
    // Norwegian consumer's above the statutory rate is capped, lifecycle/overdue-rate.ts).
    overdueInterestRate: reminder
      ? reminder.interestRate
      : agreedRateOf(item) === null
        ? null
        : chargedRateOn(country, item.customertype === 1, agreedRateOf(item), dueDate ?? date),
    reverseCharge: item.negvat === 1,
    preview: source.preview ?? false,
    onlineLink: source.preview ? null : (source.onlineLink ?? null),
    collector: collectorOf(kind, country, source.finnishCollector),
  };
}

/**
 * Who sends a document as collector: a Finnish case's payment demand only. Reminders stay the
 * creditor's (513/1999 allows the creditor its own, with their 5 € or 12 € fee); a Swedish
 * inkassokrav or Norwegian betalingsoppfordring is the creditor's own letter under its own law.
 */
export function collectorOf(kind: DocumentKind, country: Country, configured: FinnishCollector): FinnishCollector | null {
  return kind === "collection" && country === "FIN" ? configured : null;
}

function alpha2Of(code: string | null | undefined): string | null {
  return code ? (countries.alpha3ToAlpha2(code) ?? null) : null;
}

/**
 * A claim's basis as a notice names it: the first rows' descriptions, each by its first line. A
 * description of many lines was named whole, and its lines stood one under another in the claim's
 * column, pushing the letter's legal notice and bank form onto a second page.
 */
export function basisOf(descriptions: readonly (string | null | undefined)[]): string | null {
  const firstLine = (text: string | null | undefined) =>
    (text ?? "")
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line !== "") ?? "";
  const named = descriptions.map(firstLine).filter((text) => text !== "");
  if (named.length === 0) return null;
  return named.length > 3 ? `${named.slice(0, 3).join(", ")} …` : named.join(", ");
}

/** A credit note is paid to nobody: it gets no payment part, whatever its country, and no notice of interest. */
export function isCreditNote(document: Pick<InvoiceDocument, "kind" | "amountDue">): boolean {
  return document.kind === "credit-note" || document.amountDue < 0n;
}

/**
 * The country a document is posted from and whose bank form it carries: the environment's, not the
 * creditor's, which may be abroad. An address in this country takes no country line (UPU: the name
 * of the country of destination only on international mail).
 */
export function postedFrom(document: Pick<InvoiceDocument, "country">): string {
  return COUNTRY_RULES[document.country].alpha2;
}
