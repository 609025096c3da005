import type { Country } from "../../spec/environments";

/*
 * When a case moves on by itself, and what each step costs the debtor, per country. Days are
 * calendar days unless named business days; fees are minor units. The source of each figure is
 * beside it.
 */

interface FeeRow {
  /** First day the figures apply. */
  from: string;
  /**
   * The most a written reminder may cost. `requiresAgreement`: only when the debtor agreed to a
   * reminder fee when the debt arose (Sweden), and then at most what was agreed.
   */
  reminder: { consumer: bigint; business: bigint; requiresAgreement?: boolean };
  collection: (capital: bigint, business: boolean) => bigint;
}

export interface CountryLifecycleRules {
  /** Days after the due date before the reminder (first notice) may go. */
  reminderAfterDays: number;
  /** The reminder's payment term, business days from the day it is made. */
  reminderTermBusinessDays: number;
  /** Days after a notice's due date the service waits for payments still in transit. */
  graceDays: number;
  /** The collection letter's payment term, business days. */
  collectionTermBusinessDays: number;
  /** Days after the collection letter's due date before legal collection consideration (16). */
  legalAfterDays: number;
  /** Days an instalment of a payment plan may be late before the plan is not followed (203). */
  paymentPlanGraceDays: number;
  /** How many reminder fees one claim may carry. */
  maxReminderFees: number;
  fees: readonly FeeRow[];
}

const euro = (cents: number) => BigInt(cents);

export const LIFECYCLE_RULES: Record<Country, CountryLifecycleRules> = {
  FIN: {
    // Laki saatavien perinnästä (513/1999) 10 b §: a reminder whose cost is claimed may go at the
    // earliest 14 days after the due date, and the next letter at the earliest 14 days after it.
    reminderAfterDays: 14,
    // 10 business days is never shorter than the 14 days 10 b § requires between letters.
    reminderTermBusinessDays: 10,
    graceDays: 3,
    // 513/1999 5 §: a payment demand gives at least 14 days to pay.
    collectionTermBusinessDays: 10,
    legalAfterDays: 14,
    paymentPlanGraceDays: 14,
    // 513/1999 10 c §: costs of at most three reminders of one consumer claim.
    maxReminderFees: 3,
    fees: [
      {
        from: "2013-02-01",
        // 513/1999 10 a § 1 mom. 1 kohta: at most 5 € per written reminder (consumer claims); the
        // service charged business debtors the same.
        reminder: { consumer: euro(500), business: euro(500) },
        // 10 a § 1 mom. 2 kohta: a payment demand at most 14 € (capital ≤ 100 €), 24 € (≤ 1 000 €),
        // 50 € (> 1 000 €). Business debtors: the standard compensation of 40 € of laki kaupallisten
        // sopimusten maksuehdoista (30/2013) 10 §.
        collection: (capital, business) => (business ? euro(4000) : capital <= 10_000n ? euro(1400) : capital <= 100_000n ? euro(2400) : euro(5000)),
      },
      {
        from: "2022-05-01",
        // Consumers as before (10 a §). Business debtors since 1 May 2022 (513/1999 10 e §, added
        // on HE 241/2021 vp): a written reminder at most 12 €; a payment demand of a collection
        // business at most 50 € (capital ≤ 500 €), 70 € (≤ 2 500 €), 90 € (≤ 10 000 €), 110 € (more).
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
  },
  SWE: {
    // No statutory waiting time; eight days is the usual Swedish practice before a påminnelse.
    reminderAfterDays: 8,
    reminderTermBusinessDays: 7,
    graceDays: 3,
    // Inkassolagen (1974:182) 5 § and IMY's god inkassosed: at least eight days to pay an inkassokrav.
    collectionTermBusinessDays: 6,
    legalAfterDays: 10,
    paymentPlanGraceDays: 14,
    // Lag (1981:739) om ersättning för inkassokostnader m.m. 2 §: one reminder fee per claim.
    maxReminderFees: 1,
    fees: [
      {
        from: "2013-03-16",
        // Lag (1981:739) 4 § as amended by SFS 2013:56 (the amounts moved there from förordning
        // 1981:1057, repealed on 16 March 2013 by SFS 2013:59): påminnelseavgift at most 60 kr, and
        // only when agreed at the latest when the debt arose (2 §): the job states the agreed fee
        // as `noticefee`. Inkassokrav at most 180 kr (4 § 2). Business debtors:
        // förseningsersättning 450 kr (4 a §), which takes the place of the inkassokrav fee.
        reminder: { consumer: 6000n, business: 6000n, requiresAgreement: true },
        collection: (_capital, business) => (business ? 45_000n : 18_000n),
      },
    ],
  },
  NOR: {
    // Inkassoloven (1988) § 9: an inkassovarsel at the earliest 14 days after the due date, giving
    // at least 14 days to pay; the service's reminder is that inkassovarsel.
    reminderAfterDays: 14,
    reminderTermBusinessDays: 10,
    graceDays: 3,
    collectionTermBusinessDays: 10,
    legalAfterDays: 14,
    paymentPlanGraceDays: 14,
    // Inkassoforskriften § 1-2: reminder fees at most twice for one claim.
    maxReminderFees: 2,
    fees: [
      {
        from: "2017-01-01",
        // Inkassoforskriften (1989) § 1-2 as it read until 30 September 2020: purregebyr 1/10 of
        // the inkassosats (700 kr) = 70 kr; § 1-3: betalingsoppfordring 3/10 = 210 kr.
        reminder: { consumer: 7000n, business: 7000n },
        collection: () => 21_000n,
      },
      {
        from: "2020-10-01",
        // Inkassoforskriften as amended from 1 October 2020: purregebyr and inkassovarsel 1/20 of
        // the inkassosats (700 kr) = 35 kr (§ 1-2), betalingsoppfordring 3/20 = 105 kr (§ 1-3).
        reminder: { consumer: 3500n, business: 3500n },
        collection: () => 10_500n,
      },
    ],
  },
};

function feeRow(country: Country, date: string): FeeRow {
  const rows = LIFECYCLE_RULES[country].fees;
  return rows.findLast((row) => row.from <= date) ?? rows[0]!;
}

/**
 * The reminder fee of a notice made on `date`; 0 once the claim carries the most the law allows.
 * `agreedFee` is the fee the debtor agreed to (the job's `noticefee`), where the law allows one only
 * by agreement: then the smaller of it and the cap, and nothing without it.
 */
export function reminderFee(country: Country, business: boolean, date: string, feesAlreadyCharged: number, agreedFee: bigint | null = null): bigint {
  if (feesAlreadyCharged >= LIFECYCLE_RULES[country].maxReminderFees) return 0n;
  const { reminder } = feeRow(country, date);
  const cap = business ? reminder.business : reminder.consumer;
  if (!reminder.requiresAgreement) return cap;
  if (agreedFee === null || agreedFee <= 0n) return 0n;
  return agreedFee < cap ? agreedFee : cap;
}

/** The fee of the collection letter made on `date` for a claim of `capital` minor units. */
export function collectionFee(country: Country, business: boolean, date: string, capital: bigint): bigint {
  return feeRow(country, date).collection(capital, business);
}

/** Whether any of the country's fee rows allows a reminder fee only by agreement. */
export function feeRequiresAgreement(country: Country): boolean {
  return LIFECYCLE_RULES[country].fees.some((row) => row.reminder.requiresAgreement);
}
