import type { Country } from "../../spec/environments";
import { addBusinessDays, nextBusinessDay } from "../calendar/business-days";
import { addDays, laterOf } from "../calendar/dates";

/*
 * When a case moves on by itself, and what each step costs the debtor, per country. Days are
 * calendar days unless named business days; fees are minor units. The source of each figure is
 * beside it.
 */

export type NoticeKind = "reminder" | "collection";

/**
 * A notice's payment term as the law states it. Every count starts the day after the letter is
 * sent (the day of sending is not counted), and the due date is the later of the counts, moved to
 * the next business day of the country's bank calendar when it is not one: a debtor's payment order
 * cannot reach a bank that is closed, and a later day never shortens the term.
 */
interface NoticeTerm {
  /** Calendar days from the day of sending. */
  daysFromSending: number;
  /**
   * Where the supervisor counts from the day the debtor can at the latest be taken to have the
   * letter: the post's delivery time (business days after sending) and the time then left to pay.
   */
  afterReceipt?: { deliveryBusinessDays: number; days: number; count: "calendar" | "business" };
  /** The rule in words, with its source and the date of the version read. */
  source: string;
}

interface FeeRow {
  /** First day the figures apply. */
  from: string;
  /**
   * The most a written reminder may cost. `requiresAgreement`: only when the debtor agreed to a
   * reminder fee when the debt arose (Sweden), and then at most what was agreed.
   */
  reminder: { consumer: bigint; business: bigint; requiresAgreement?: boolean };
  collection: (capital: bigint, business: boolean) => bigint;
  /**
   * A fixed compensation the law gives a business creditor for late payment, which also covers the
   * costs of reminders, the collection letter and a payment plan (Sweden's förseningsersättning):
   * a business debtor's collection fee is then what is left of it after the fees the case already
   * carries, and `collection` applies to consumers only.
   */
  businessCompensation?: bigint;
}

interface CountryLifecycleRules {
  /** Days after the due date before the reminder (first notice) may go. */
  reminderAfterDays: number;
  /** The payment term each notice gives, as the law (or the guidance that reads it) counts it. */
  terms: Record<NoticeKind, NoticeTerm>;
  /** Days after a notice's due date the service waits for payments still in transit. */
  graceDays: number;
  /** Days after the collection letter's due date before legal collection consideration (16). */
  legalAfterDays: number;
  /** Days an instalment of a payment plan may be late before the plan is not followed (203). */
  paymentPlanGraceDays: number;
  /** How many reminder fees one claim may carry. */
  maxReminderFees: number;
  /** The law of the reminder fee's cap and of their number, as a refusal names it (posted-fee.ts). */
  reminderFeeLaw: string;
  fees: readonly FeeRow[];
  /**
   * Where the due date was not agreed in advance: late-payment interest runs only from this many
   * days after the creditor sent the invoice (decide-step.ts lateInterestStart), with the source.
   */
  unagreedDueInterest: { daysAfterSending: number; source: string };
  /**
   * Where a job posted straight to collection (jobtype 2) may begin it only once the notice before
   * it (its `noticedate`) has given the debtor this many days to pay: the case waits until then
   * and the country's grace days (collectionMayBeginOn). The count is not moved off a weekend or
   * holiday where the law's own reading says so; `source` tells.
   */
  noticeBeforeCollection?: { termDays: number; law: string; source: string };
}

const euro = (cents: number) => BigInt(cents);

/*
 * Norway's inkassosats, the base of its statutory fees: inkassoforskriften (FOR-1989-07-14-562)
 * § 1-1 tredje ledd, "Inkassosatsen er kr 700", unchanged since 1 January 2017 (670 kr before)
 * as read at juridika.no on 27 November 2026, and "settes til 700 kroner" in forskrift om
 * inkassosatsen (FOR-2002-12-13-1641, Justis- og beredskapsdepartementet, last amended by
 * FOR-2016-12-14-1635 from 1 January 2017) at lovdata.no, read again 28 November 2026. The
 * government froze it on 20 December 2018 until new rules on collection fees are in place (press
 * release "Inkassosatsen fryses"); the new inkassolov proposed in Prop. 3 L (2025–2026) leaves
 * the rates to a later regulation. A collection agency's news page (kred.no, "Nye satser fra 1.
 * januar 2026") says 750 kr from 1 January 2026, but no amending regulation was found, and the
 * same page credits Finanstilsynet with fixing the forsinkelsesrente, which Finansdepartementet
 * does: 700 stays until a regulation is found. The Ministry of Justice sets it (not the Ministry
 * of Finance); a new figure needs a fee row of its own from the day it applies, and the shares
 * below follow it (750 kr would make the purring 37.50 kr and the betalingsoppfordring 112.50 kr).
 */
const INKASSOSATS_ORE = 70_000n;
/** A share of the inkassosats in øre; every share the regulation names divides it exactly. */
const shareOfInkassosats = (numerator: bigint, denominator: bigint) => (INKASSOSATS_ORE * numerator) / denominator;

/*
 * Finland. Laki saatavien perinnästä (513/1999) 4 § (good collection practice) and 5 § 1 mom. (time
 * to pay and to object) as the Consumer Ombudsman read them on 21 October 2024
 * (KKV/378/14.08.01.05/2022): a collection letter gives at least ten days to pay and object, counted
 * from the day the debtor at the latest receives it by the terms of the delivery used. The post's
 * latest delivery: 97 % of domestic letters by the fifth weekday after posting (postilaki 415/2011,
 * universal-service standard as amended in 2017). Written for consumer claims; the service gives
 * business debtors the same. The 14 days of 10 b § lie between letters, not in the term: the next
 * letter goes at the earliest on the due date + the grace days, always more than 14 days later.
 */
const FINNISH_TERM: NoticeTerm = {
  daysFromSending: 0,
  afterReceipt: { deliveryBusinessDays: 5, days: 10, count: "calendar" },
  source:
    "513/1999 4 §, 5 § 1 mom. as read by the Consumer Ombudsman on 21.10.2024 (KKV/378/14.08.01.05/2022): 10 days from the latest delivery (postilaki 415/2011: 5th weekday)",
};

/*
 * Sweden. Inkassolagen (1974:182) 5 §: an inkassokrav asks for payment "inom viss skälig tid".
 * IMY's general advice on the act (Integritetsskyddsmyndighetens allmänna råd, pp. 25 f., as the
 * Inkassonämnden applied it in 413/2023; IMY's answer updated 21 February 2023): not shorter than
 * eight days counted from the day the demand is sent, and at least four bank days after the debtor
 * can be taken to have received it. Delivery: postförordningen (2010:1049) as from 1 January 2018
 * asks 95 % of letters delivered within two working days; a change to three was proposed in 2023,
 * so the service assumes three, which holds under either.
 */
const SWEDISH_TERM: NoticeTerm = {
  daysFromSending: 8,
  afterReceipt: { deliveryBusinessDays: 3, days: 4, count: "business" },
  source:
    "inkassolagen (1974:182) 5 § with IMY's allmänna råd (pp. 25 f.): 8 days from sending and 4 bank days after delivery (postförordningen 2010:1049: 2 working days, 3 assumed)",
};

export const LIFECYCLE_RULES: Record<Country, CountryLifecycleRules> = {
  FIN: {
    // Laki saatavien perinnästä (513/1999) 10 b §: a reminder whose cost is claimed may go at the
    // earliest 14 days after the due date, and the next letter at the earliest 14 days after it.
    reminderAfterDays: 14,
    terms: { reminder: FINNISH_TERM, collection: FINNISH_TERM },
    graceDays: 3,
    legalAfterDays: 14,
    paymentPlanGraceDays: 14,
    // 513/1999 10 c §: costs of at most three reminders of one consumer claim.
    maxReminderFees: 3,
    // The amending act 299/2022 (given 29 April 2022, in force 1 May 2022, on HE 241/2021 vp;
    // finlex.fi/fi/laki/alkup/2022/20220299, its opening read on 28 November 2026) amended 10 a §
    // 1 mom. 1 kohta (the consumer's written reminder) and 10 e and 10 f § "sellaisina kuin ne ovat
    // laissa 31/2013", and added 10 g–10 j §. The business caps are in 10 e § as so amended (the
    // Helsinki Chamber of Commerce on the act: "Perintälain 10 e §:ssä on yksityiskohtaisesti
    // määrätty eri perintätoimenpiteistä koituvat enimmäiskulut"), their figures as Suomen
    // Yrittäjät's guide "Perintä yritysten välisessä kaupassa" gives them (both read 28 November
    // 2026; the consolidated text at finlex.fi/fi/laki/ajantasa/1999/19990513 was not reached).
    reminderFeeLaw: "laki saatavien perinnästä 513/1999 10 a §, 10 c §, 10 e §",
    fees: [
      {
        from: "2013-02-01",
        // 513/1999 10 a § 1 mom. 1 kohta as amended by 31/2013 (from this row's 1 February 2013,
        // not re-read): at most 5 € per written reminder (consumer claims); the service charged
        // business debtors the same.
        // The temporary business caps of 1 January 2021 – 30 April 2022 are not a row of their own.
        // HE 191/2020 vp brought them in from 1 January 2021; HE 59/2021 vp (eduskunta.fi, read 28
        // November 2026) continued them from 1 July 2021 to 30 April 2022 "sisällöltään, yksittäistä
        // muutosta lukuun ottamatta" as before, and the Helsinki Chamber of Commerce on 299/2022
        // (read 28 November 2026) says 10 e § made those limits permanent. Their exact figures were
        // not read, so this row applies through them: a 5 € reminder and a 40 € demand, no more
        // than 10 e §'s 12 € and lowest 50 €.
        reminder: { consumer: euro(500), business: euro(500) },
        // 10 a § 1 mom. 2 kohta: a payment demand at most 14 € (capital ≤ 100 €), 24 € (≤ 1 000 €),
        // 50 € (> 1 000 €). Business debtors: the standard compensation of 40 € of laki kaupallisten
        // sopimusten maksuehdoista (30/2013) 10 §.
        collection: (capital, business) => (business ? euro(4000) : capital <= 10_000n ? euro(1400) : capital <= 100_000n ? euro(2400) : euro(5000)),
      },
      {
        from: "2022-05-01",
        // Consumers as before (10 a §). Business debtors since 1 May 2022 (513/1999 10 e § as
        // amended by 299/2022): a written reminder at most 12 €; a payment demand of a professional
        // collector, as the service's is, at most 50 € (capital ≤ 500 €), 70 € (≤ 2 500 €), 90 €
        // (≤ 10 000 €), 110 € (more). Two more caps of that section the service has no letter for:
        // a collector's further demand of the same claim, half the first, and a payment demand the
        // creditor sends itself, 12 €.
        reminder: { consumer: euro(500), business: euro(1200) },
        collection: (capital, business) =>
          business
            ? capital <= 50_000n
              ? euro(5000)
              : capital <= 250_000n
                ? euro(7000)
                : capital <= 1_000_000n
                  ? euro(9000)
                  : euro(11_000)
            : capital <= 10_000n
              ? euro(1400)
              : capital <= 100_000n
                ? euro(2400)
                : euro(5000),
      },
    ],
    unagreedDueInterest: {
      daysAfterSending: 30,
      source:
        "korkolaki 633/1982 7 §: from the due date where the time of payment was set in advance, otherwise from the day 30 days have passed since the creditor sent the invoice or otherwise demanded payment stating the amount",
    },
  },
  SWE: {
    // No statutory waiting time; eight days is the usual Swedish practice before a påminnelse.
    reminderAfterDays: 8,
    // A betalningspåminnelse has no statutory term; the service gives it the inkassokrav's, so a
    // debtor never has less time to pay a reminder than the collection letter after it.
    terms: { reminder: SWEDISH_TERM, collection: SWEDISH_TERM },
    graceDays: 3,
    legalAfterDays: 10,
    paymentPlanGraceDays: 14,
    // One reminder fee per claim. The statute does not say one: lag (1981:739) 2 § owes "ersättning
    // för skriftlig betalningspåminnelse" where agreed at the latest when the debt arose, and 4 §
    // first paragraph only costs "skäligen påkallade för att ta till vara borgenärens rätt", at most
    // 60 kr each (4 § second paragraph 1); text as amended to SFS 2013:56, read at riksdagen.se on
    // 28 November 2026. One is the service's reading of 4 § (a second reminder of the same debt is
    // not a cost called for to protect the creditor's right) and of Swedish practice, where one
    // påminnelseavgift is the rule; it asks no more than the statute allows.
    maxReminderFees: 1,
    reminderFeeLaw: "lag (1981:739) om ersättning för inkassokostnader m.m. 2 §, 4 §",
    fees: [
      {
        from: "2013-03-16",
        // Lag (1981:739) 4 § as amended by SFS 2013:56 (the amounts moved there from förordning
        // 1981:1057, repealed on 16 March 2013 by SFS 2013:59): påminnelseavgift at most 60 kr, and
        // only when agreed at the latest when the debt arose (2 §): the job states the agreed fee
        // as `noticefee`. Inkassokrav at most 180 kr (4 § 2).
        reminder: { consumer: 6000n, business: 6000n, requiresAgreement: true },
        collection: () => 18_000n,
        // Business debtors: förseningsersättning 450 kr (4 a §, added by SFS 2013:56, in force 16
        // March 2013). Lag 1981:739 as amended by SFS 2013:56 owes a creditor who has it the
        // reminder, the inkassokrav and the amorteringsplan (2 and 3 §§) only as far as they
        // exceed the förseningsersättning, so a påminnelseavgift already charged is part of the
        // 450 kr, not added to it: 60 kr at the reminder, 390 kr at collection.
        businessCompensation: 45_000n,
      },
    ],
    unagreedDueInterest: {
      daysAfterSending: 30,
      source:
        "räntelagen 1975:635 3 § (förfallodag bestämd i förväg: från förfallodagen) and 4 § första stycket (annars från den dag som infaller trettio dagar efter den dag då borgenären har avsänt räkning eller krav på bestämt belopp med angivande att underlåtenhet att betala medför skyldighet att utge ränta; lag 2002:352, in force 1.7.2002, which replaced the “en månad” of SFS 1991:858)",
    },
  },
  NOR: {
    // Inkassoloven (1988) § 9: an inkassovarsel at the earliest 14 days after the due date, giving
    // at least 14 days to pay; the service's reminder is that inkassovarsel.
    reminderAfterDays: 14,
    terms: {
      reminder: {
        daysFromSending: 14,
        source: "inkassoloven (lov 13. mai 1988 nr. 26) § 9 andre ledd: the inkassovarsel's term at least 14 days from the day it was sent",
      },
      // § 10 første ledd: the betalingsoppfordring gives at least 14 days, counted as § 9 andre ledd.
      collection: {
        daysFromSending: 14,
        source: "inkassoloven § 10 første ledd with § 9 andre ledd: the betalingsoppfordring's term at least 14 days from the day it was sent",
      },
    },
    graceDays: 3,
    legalAfterDays: 14,
    paymentPlanGraceDays: 14,
    // Inkassoforskriften § 1-3: fees for two purringer, or for one purring and an inkassovarsel,
    // before the betalingsoppfordring, whatever else the claim was sent.
    maxReminderFees: 2,
    reminderFeeLaw: "inkassoforskriften (FOR-1989-07-14-562) § 1-2, § 1-3",
    // Inkassoforskriften § 1-2 gives each notice's fee as a share of the inkassosats in force when
    // the notice is sent (its last paragraph), so the amounts are derived, never typed in.
    fees: [
      {
        from: "2017-01-01",
        // § 1-2 as it read until 30 September 2020: purring and inkassovarsel a tenth, the
        // betalingsoppfordring three tenths: 70 and 210 kr.
        reminder: { consumer: shareOfInkassosats(1n, 10n), business: shareOfInkassosats(1n, 10n) },
        collection: () => shareOfInkassosats(3n, 10n),
      },
      {
        from: "2020-10-01",
        // § 1-2 første og andre ledd as amended from 1 October 2020: purring and inkassovarsel a
        // twentieth (35 kr); tredje ledd: a betalingsoppfordring the creditor sends itself three
        // twentieths (105 kr). Read at juridika.no/forskrift/1989-07-14-562 on 27 November 2026; the
        // Ministry of Justice's press release "Regjeringen halverer inkassosalærer" (19 June 2020,
        // purring and inkassovarsel 70 → 35 kr from 1 October 2020) read 28 November 2026.
        reminder: { consumer: shareOfInkassosats(1n, 20n), business: shareOfInkassosats(1n, 20n) },
        collection: () => shareOfInkassosats(3n, 20n),
      },
    ],
    noticeBeforeCollection: {
      termDays: 14,
      law: "inkassoloven § 9",
      source:
        "inkassoloven (LOV-1988-05-13-26) § 9: collection only after the inkassovarsel's term has run out unpaid, a term of at least 14 days from the day it was sent; " +
        "its last day is the same weekday as the sending, even a holiday (Ot.prp. nr. 2 (1997–1998) p. 114, as quoted at jusinfo.no, read 2026-11-28)",
    },
    unagreedDueInterest: {
      daysAfterSending: 30,
      source:
        "forsinkelsesrenteloven (lov 17. desember 1976 nr. 100) § 2 første ledd: fra forfallsdag når denne er fastsatt i forveien, og ellers fra 30 dager etter at fordringshaveren har sendt skyldneren skriftlig påkrav med oppfordring om å betale",
    },
  },
};

/**
 * The day a letter handed to distribution on `handedOver` counts as sent: the next business day.
 * E-mails and e-invoices leave within seconds, but the day's print batch goes into the post the
 * next working day at the earliest, and a letter made late in the evening leaves after midnight;
 * counting from the later day, no letter's term is short by the day it waited. The letter is dated
 * `handedOver` (the sweep's day), so its printed term is a day or more longer than the minimum.
 * An invoice posted by the service counts as sent on the same day (distribution/record-outcomes.ts).
 */
export function sendingDay(country: Country, handedOver: string): string {
  return nextBusinessDay(country, addDays(handedOver, 1));
}

/** The due date a notice handed to distribution on `handedOver` prints, and the case escalates from. */
export function noticeDue(country: Country, kind: NoticeKind, handedOver: string): string {
  const term = LIFECYCLE_RULES[country].terms[kind];
  const sent = sendingDay(country, handedOver);
  let due = addDays(sent, term.daysFromSending);
  if (term.afterReceipt) {
    const { deliveryBusinessDays, days, count } = term.afterReceipt;
    const received = addBusinessDays(country, sent, deliveryBusinessDays);
    due = laterOf(due, count === "business" ? addBusinessDays(country, received, days) : addDays(received, days));
  }
  return nextBusinessDay(country, due);
}

/**
 * The first day a job posted straight to collection (jobtype 2) whose notice went on `noticeDate`
 * may begin it: the day after the notice's least term, plus the grace days the service gives its own
 * reminder's payments in transit, so a posted collection goes no sooner than one the service would
 * have moved on by itself. Null where the country sets no such term (or no date is known): the case
 * starts when it is taken in. Norway: a betalingsoppfordring sent before the inkassovarsel's 14
 * days have run is an inkassotiltak the law forbids, so the case is held, not refused, and its
 * letter goes when the day comes (intake/case-start.ts, decide-step.ts).
 */
export function collectionMayBeginOn(country: Country, noticeDate: string | null | undefined): string | null {
  const rule = LIFECYCLE_RULES[country];
  if (!rule.noticeBeforeCollection || !noticeDate) return null;
  return addDays(noticeDate, rule.noticeBeforeCollection.termDays + rule.graceDays + 1);
}

function feeRow(country: Country, date: string): FeeRow {
  const rows = LIFECYCLE_RULES[country].fees;
  return rows.findLast((row) => row.from <= date) ?? rows[0]!;
}

/** One written reminder's fee cap for the debtor's kind, in the fee row in force on its date. */
function reminderFeeCapOn(country: Country, business: boolean, date: string): bigint {
  const { reminder } = feeRow(country, date);
  return business ? reminder.business : reminder.consumer;
}

/**
 * The reminder fee of a notice made on `date`; 0 once the claim carries the most the law allows.
 * `agreedFee` is the fee the debtor agreed to (the job's `noticefee`), where the law allows one only
 * by agreement: then the smaller of it and the cap, and nothing without it.
 */
export function reminderFee(country: Country, business: boolean, date: string, feesAlreadyCharged: number, agreedFee: bigint | null = null): bigint {
  if (feesAlreadyCharged >= LIFECYCLE_RULES[country].maxReminderFees) return 0n;
  const cap = reminderFeeCapOn(country, business, date);
  if (!feeRow(country, date).reminder.requiresAgreement) return cap;
  if (agreedFee === null || agreedFee <= 0n) return 0n;
  return agreedFee < cap ? agreedFee : cap;
}

/**
 * The most the reminder fees of written reminders made on `dates` (one date a reminder) may come to:
 * each reminder's cap for the debtor in the fee row in force on its own date (reminderFeeCapOn, as reminderFee's), for no
 * more of them than one claim may carry fees of. Where more were sent than may carry a fee, those
 * counted are the ones of the highest caps: the law limits how many fees, not which of the
 * reminders bore them. Reminders on both sides of a change of the table (Finland's business fee of
 * 1 May 2022, Norway's of 1 October 2020) each keep their own day's cap. The caps of the fees a
 * principal charged before posting the claim (lifecycle/posted-fee.ts), the same the service's own
 * reminder fees obey; where a fee is owed only by agreement (Sweden), the principal's posting of it
 * states that it was agreed.
 */
export function reminderFeesCap(country: Country, business: boolean, dates: readonly string[]): bigint {
  const caps = dates.map((date) => reminderFeeCapOn(country, business, date));
  caps.sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
  return caps.slice(0, LIFECYCLE_RULES[country].maxReminderFees).reduce((sum, cap) => sum + cap, 0n);
}

/** What the collection fee depends on, by name: two amounts and two flags a call could otherwise swap unseen. */
interface CollectionFeeClaim {
  country: Country;
  business: boolean;
  date: string;
  capital: bigint;
  feesCarried: bigint;
  interestOwed: boolean;
}

/**
 * The fee of the collection letter made on `date` for a claim of `capital` minor units.
 * `feesCarried` is the sum of the fees the case was already charged (reminder fees, and a payment
 * plan's where one is charged): where the law's fixed compensation of a business debtor covers
 * them (`businessCompensation`), the collection fee is what is left of it, never below nothing.
 * That compensation is owed only to a creditor owed late-payment interest (lag 1981:739 4 a §:
 * "har rätt till dröjsmålsränta"): with `interestOwed` false (an agreed 0 %), the claim's ordinary
 * collection fee applies instead.
 * The sweep charges by this function, and so does a job posted as collection (posted-fee.ts
 * postedCollectionFee), whose letter prints it by the same call on its own day; a notice of the
 * sweep's prints the fees the case's ledger holds (documents/job-documents.ts).
 */
export function collectionFee({ country, business, date, capital, feesCarried, interestOwed }: CollectionFeeClaim): bigint {
  const row = feeRow(country, date);
  if (business && interestOwed && row.businessCompensation !== undefined) {
    const rest = row.businessCompensation - feesCarried;
    return rest > 0n ? rest : 0n;
  }
  return row.collection(capital, business);
}

/** Whether any of the country's fee rows allows a reminder fee only by agreement. */
export function feeRequiresAgreement(country: Country): boolean {
  return LIFECYCLE_RULES[country].fees.some((row) => row.reminder.requiresAgreement);
}
