import path from "node:path";

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getEnv } from "../../env";
import { DOCUMENT_LANGUAGES } from "../../spec/codes";
import { COUNTRIES, environment } from "../../spec/environments";
import { FINNISH_SELLER } from "../../testing/fixtures/einvoice-documents";
import { pdfPageTexts, pdfTextItems } from "../../testing/pdf-reading";
import { validateAgainstXsd } from "../../testing/xml-validation";
import { computeInterest } from "../lifecycle/interest";
import { noticeDue } from "../lifecycle/rules";
import { closeRenderPool, warmRenderPool } from "../render/render-pool";

import { buildFinvoice } from "./einvoice/finvoice";
import { jobDocument, jobDocumentModel, type DocumentJob } from "./job-documents";
import { FONT, mm, newDocument } from "./pdf/pdf-kit";
import { documentTexts } from "./texts";

// Documents are rendered on the render pool; its threads start once, here, not in a timed test.
beforeAll(async () => {
  await warmRenderPool();
}, 60_000);

afterAll(async () => {
  await closeRenderPool();
});

const PROFILE = { creditor: FINNISH_SELLER, name: FINNISH_SELLER.name, businessId: FINNISH_SELLER.businessId, dueDateAgreed: true };
const FIN = environment("fin-test");

function invoiceJob(open: { capital: bigint; interest: bigint; expenses: bigint }, data: Record<string, unknown> = {}): DocumentJob {
  return {
    id: 1001,
    jobtype: 0,
    customertype: 1,
    billnum: "INV-77",
    reference: "12345672",
    paydate: "2026-10-01",
    currentPaydate: "2026-10-01",
    phaseSince: null,
    openCapital: open.capital,
    openInterest: open.interest,
    openExpenses: open.expenses,
    grossAmount: open.capital,
    sentOn: null,
    data: {
      jobtype: 0,
      customertype: 1,
      company: "Velallinen Oy",
      address: "Velkatie 3",
      postcode: "02100",
      city: "Espoo",
      billdate: "2026-09-17",
      paydate: "2026-10-01",
      overdueinterest: 11.5,
      evoice: "003701120389",
      evoiceint: "NDEAFIHH",
      payrow: [{ desc: "Service", count: 1, amount: 100, taxpr: 25.5 }],
      ...data,
    },
  };
}

/**
 * A Finnish consumer's invoice of 2025-04-17, due 2025-05-01, no rate agreed, reminded on 2025-06-20
 * with the due date 2025-07-04 its case took: its interest spans the rate change of 2025-07-01.
 */
function consumerDueMay2025(open: { capital: bigint; interest: bigint; expenses: bigint }) {
  const job = invoiceJob(open, { customertype: 2, person: "Maija Meikäläinen", overdueinterest: undefined, billdate: "2025-04-17", paydate: "2025-05-01" });
  return { ...job, customertype: 2, paydate: "2025-05-01", currentPaydate: "2025-07-04" };
}

describe("notices of a case", () => {
  it("claims the open capital and fees, and the interest charged plus what accrues up to its due date", () => {
    const ledger = { interestChargedTo: "2026-10-20", fees: [] };
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 11n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        (capital, interest, expenses) => {
          const document = jobDocumentModel({
            // The due date its case took when it moved to the reminder phase.
            job: { ...invoiceJob({ capital, interest, expenses }), currentPaydate: "2026-11-03" },
            which: "reminder",
            profile: PROFILE,
            environment: FIN,
            today: "2026-10-20",
            ledger,
          });
          expect(document.kind).toBe("reminder");
          expect(document.dueDate).toBe("2026-11-03");
          // Paid on the due date, the total is exactly what the ledger will have open that day.
          const ahead = computeInterest("FIN", true, capital, "2026-10-20", "2026-11-03", 11.5).amount;
          expect(document.reminder).toMatchObject({ capital, fee: expenses, interest: interest + ahead, interestDays: 33 });
          // A claim with no interest at all (a cent of capital for two weeks) says nothing of a date it runs to.
          expect(document.reminder!.interestThrough).toBe(interest + ahead > 0n ? "2026-11-03" : null);
          // The rate shown is the one the lifecycle charges: the 11.5 % the business debtor agreed.
          expect(document.reminder!.interestRate).toBe(11.5);
          expect(document.amountDue).toBe(capital + interest + ahead + expenses);
          expect(document.rows).toEqual([]);
        },
      ),
      // The smallest claim, where the interest rounds to nothing, is always among the runs.
      { examples: [[1n, 0n, 0n]] },
    );
  });

  it("itemises the fees with their dates, what payments took off them, and a fee posted with the job", () => {
    const fees = [
      { kind: "reminder_fee" as const, date: "2026-10-20", amount: 500n },
      { kind: "collection_fee" as const, date: "2026-11-05", amount: 2400n },
    ];
    const model = (expenses: bigint, withFees = fees) =>
      jobDocumentModel({
        job: invoiceJob({ capital: 10_000n, interest: 0n, expenses }),
        which: "collection",
        profile: PROFILE,
        environment: FIN,
        today: "2026-11-05",
        ledger: { interestChargedTo: "2026-11-05", fees: withFees },
      }).reminder!.fees;
    expect(model(2900n)).toEqual([
      { kind: "reminder", date: "2026-10-20", amount: 500n },
      { kind: "collection", date: "2026-11-05", amount: 2400n },
    ]);
    expect(model(2000n).at(-1)).toEqual({ kind: "paid", date: null, amount: -900n });
    expect(model(700n, [])).toEqual([{ kind: "posted", date: null, amount: 700n }]);
    expect(model(0n, [])).toEqual([]);
  });

  it("itemises the fee its job was posted with as the principal's reminder fee, undated: its row's date is the day intake booked it", () => {
    const fees = (expenses: bigint) =>
      jobDocumentModel({
        job: invoiceJob({ capital: 10_000n, interest: 0n, expenses }),
        which: "collection",
        profile: PROFILE,
        environment: FIN,
        today: "2026-11-05",
        ledger: {
          interestChargedTo: null,
          fees: [
            { kind: "posted_fee", date: "2026-10-01", amount: 500n },
            { kind: "collection_fee", date: "2026-11-05", amount: 2400n },
          ],
        },
      }).reminder!.fees;
    expect(fees(2900n)).toEqual([
      { kind: "posted", date: null, amount: 500n },
      { kind: "collection", date: "2026-11-05", amount: 2400n },
    ]);
    expect(fees(2000n).at(-1)).toEqual({ kind: "paid", date: null, amount: -900n });
  });

  // The collection letter says "despite a reminder" only then (texts.ts collectionIntro).
  it("knows a reminder went before a collection letter by its date, a reminder fee (the case's or one posted with the job) or a job posted as a reminder", () => {
    const reminded = (options: {
      remindedOn?: string;
      fees?: { kind: "reminder_fee"; date: string; amount: bigint }[];
      jobtype?: number;
      noticedate?: string;
      noticefee?: number;
    }) =>
      jobDocumentModel({
        job: {
          // A fee posted with the job is among the case's open costs from intake (its posted_fee row is left out here).
          ...invoiceJob(
            { capital: 10_000n, interest: 0n, expenses: BigInt(Math.round((options.noticefee ?? 0) * 100)) },
            { jobtype: options.jobtype ?? 0, noticedate: options.noticedate, noticefee: options.noticefee },
          ),
          jobtype: options.jobtype ?? 0,
        },
        which: "collection",
        profile: PROFILE,
        environment: environment("swe-test"),
        today: "2026-11-05",
        remindedOn: options.remindedOn ?? null,
        ledger: { interestChargedTo: null, fees: options.fees ?? [] },
      }).reminder!.reminded;
    expect(reminded({})).toBe(false);
    expect(reminded({ jobtype: 2 })).toBe(false);
    expect(reminded({ remindedOn: "2026-10-20" })).toBe(true);
    expect(reminded({ fees: [{ kind: "reminder_fee", date: "2026-10-20", amount: 6_000n }] })).toBe(true);
    expect(reminded({ jobtype: 1 })).toBe(true);
    expect(reminded({ jobtype: 2, noticedate: "2026-10-01" })).toBe(true);
    // A påminnelseavgift posted with the job presupposes the reminder it was charged on.
    expect(reminded({ jobtype: 2, noticefee: 60 })).toBe(true);
  });

  it("gives the law's term from the notice unless the lifecycle set a later due date", () => {
    const open = { capital: 12_550n, interest: 0n, expenses: 500n };
    // Its case's due date (2026-10-01) has passed: the letter handed over on Tuesday 20.10.2026 is
    // sent on the 21st, delivered at the latest on the fifth weekday (28.10.) and due ten days after
    // (513/1999 4 §, 5 §), on Saturday 7.11., so on Monday 9.11.; two weeks (3.11.) were too short.
    for (const which of ["reminder", "collection"] as const) {
      const due = jobDocumentModel({ job: invoiceJob(open), which, profile: PROFILE, environment: FIN, today: "2026-10-20" }).dueDate;
      expect(due).toBe("2026-11-09");
      expect(due).toBe(noticeDue("FIN", which, "2026-10-20"));
    }
    for (const other of [environment("swe-test"), environment("nor-test")]) {
      for (const which of ["reminder", "collection"] as const) {
        expect(jobDocumentModel({ job: invoiceJob(open), which, profile: PROFILE, environment: other, today: "2026-10-20" }).dueDate).toBe(
          noticeDue(other.country, which, "2026-10-20"),
        );
      }
    }
    const later = { ...invoiceJob(open), currentPaydate: "2026-11-10" };
    expect(jobDocumentModel({ job: later, which: "reminder", profile: PROFILE, environment: FIN, today: "2026-10-20" }).dueDate).toBe("2026-11-10");
  });

  it("draws a collection letter with the reminder's date and the costs", async () => {
    const made = await jobDocument({
      job: invoiceJob({ capital: 12_550n, interest: 0n, expenses: 1_500n }),
      which: "collection",
      profile: PROFILE,
      environment: FIN,
      today: "2026-11-05",
      letter: null,
      forPost: true,
      remindedOn: "2026-10-20",
      ledger: {
        interestChargedTo: "2026-11-05",
        fees: [
          { kind: "reminder_fee", date: "2026-10-20", amount: 500n },
          { kind: "collection_fee", date: "2026-11-05", amount: 1_000n },
        ],
      },
    });
    const pages = await pdfPageTexts(made.pdf);
    const text = pages.join(" ");
    // 513/1999 calls it a maksuvaatimus, 5 a § says what it tells: title and text name it alike. A
    // business debtor's cites no 5 §, the payment demand of a consumer claim.
    expect(text).toContain("MAKSUVAATIMUS");
    expect(text).toContain("Tämä on saatavien perinnästä annetun lain (513/1999) mukainen maksuvaatimus.");
    // Each fee on its own line, the reminder's with its date; the claim's basis named.
    for (const expected of ["Muistutusmaksu 20.10.2026 5,00", "Maksuvaatimuskulu 10,00", "Peruste Service"]) expect(text).toContain(expected);
    expect(made.document.amountDue).toBe(12_550n + 1_500n + made.document.reminder!.interest);
    // One page: the claim, the legal notice and the bank form.
    expect(pages).toHaveLength(1);
    // A case's payment demand is the collector's, sent for the creditor (513/1999 5 §), whatever the
    // case began as: the configured collector (the DEMO one here) and the creditor, each named.
    const collector = getEnv().FI_COLLECTOR;
    expect(made.document.collector).toEqual(collector);
    for (const expected of [collector.name, "Perijä (toimeksisaaja)", `Y-tunnus ${collector.businessId}`, "Velkoja (toimeksiantaja)"])
      expect(text).toContain(expected);
    expect(text).toContain(`ilmoittakaa siitä meille ennen eräpäivää: ${collector.email}, ${collector.phone};`);
    expect(made.document.reminder?.noticeDate).toBe("2026-10-20");
    expect(made.filename).toBe("maksuvaatimus-INV-77.pdf");
  }, 30_000);

  // A Finnish payment demand keeps its claim, total, notice and bank form on one page: a consumer's
  // notice, the longest (5 a § and 4 c §), had pushed the total and the notice to a second page.
  it("keeps a reminded consumer's payment demand on one page, its total beside its claim and its notice date's label on one line", async () => {
    for (const customertype of [1, 2]) {
      const made = await jobDocument({
        job: { ...invoiceJob({ capital: 125_050n, interest: 0n, expenses: 5_500n }), customertype, currentPaydate: "2026-12-14", phaseSince: "2026-11-27" },
        which: "collection",
        profile: PROFILE,
        environment: FIN,
        today: "2026-11-27",
        letter: null,
        forPost: true,
        remindedOn: "2026-11-02",
        ledger: {
          interestChargedTo: null,
          fees: [
            { kind: "reminder_fee", date: "2026-11-02", amount: 500n },
            { kind: "collection_fee", date: "2026-11-27", amount: 5_000n },
          ],
        },
      });
      const pages = await pdfPageTexts(made.pdf);
      expect(pages, `customertype ${customertype}`).toHaveLength(1);
      expect(pages[0]).toContain("Muistutus lähetetty 2.11.2026");
      // The page's text joins a wrapped label's lines with a space: a line of its own is the whole label.
      expect((await pdfTextItems(made.pdf)).map((item) => item.text.trim())).toContain("Muistutus lähetetty");
    }
    // Every language's label for every country's reminder fits the claim's label column (render-invoice-pdf.ts claim: 37 mm at 8.5 pt).
    const doc = newDocument({ title: "", author: "" });
    for (const language of DOCUMENT_LANGUAGES)
      for (const country of COUNTRIES) {
        const label = documentTexts(language, country).noticeDate;
        expect(doc.font(FONT.regular).fontSize(8.5).widthOfString(label), `${language} on a ${country} case: ${label}`).toBeLessThanOrEqual(mm(37));
      }
  }, 60_000);

  it("names one late-payment rate, the one charged, in the header and the interest line", async () => {
    const notice = (data: Record<string, unknown>, customertype = 1) =>
      jobDocument({
        job: { ...invoiceJob({ capital: 12_550n, interest: 0n, expenses: 500n }, { customertype, ...data }), customertype },
        which: "reminder",
        profile: PROFILE,
        environment: FIN,
        today: "2026-10-20",
        letter: null,
        forPost: false,
      });
    const shows = async (made: Awaited<ReturnType<typeof notice>>, rate: number) => {
      expect(made.document.reminder!.interestRate).toBe(rate);
      expect(made.document.overdueInterestRate).toBe(rate);
      const text = (await pdfPageTexts(made.pdf)).join(" ");
      const shown = rate.toLocaleString("fi-FI");
      expect(text).toContain(`Viivästyskorko ${shown} %`);
      expect(text).toContain(`Viivästyskorko (${shown} %,`);
      return text;
    };
    // A business debtor agreed 11.5 %: the case charges it, and so the letter says.
    await shows(await notice({}), 11.5);
    // A Finnish consumer who agreed 16 % owes no more than the statutory rate (korkolaki 2 § 2 mom.).
    const statutory = computeInterest("FIN", false, 100n, "2026-11-02", "2026-11-03", null).periods[0]!.basisPoints / 100;
    const capped = await shows(await notice({ overdueinterest: 16, person: "Maija Meikäläinen", company: undefined }, 2), statutory);
    expect(capped).not.toContain("16 %");
    // One who agreed none gets the statutory rate, not the 11.5 % of another job.
    const none = await shows(await notice({ overdueinterest: undefined }, 1), statutory + 1);
    expect(none).not.toContain("11,5 %");
  }, 60_000);

  it("states on an invoice the agreed rate as far as the law lets it apply", () => {
    const invoiceRate = (customertype: number, overdueinterest: number | undefined) =>
      jobDocumentModel({
        job: { ...invoiceJob({ capital: 12_550n, interest: 0n, expenses: 0n }, { customertype, overdueinterest, person: "Maija Meikäläinen" }), customertype },
        which: "original",
        profile: PROFILE,
        environment: FIN,
        today: "2026-09-17",
      }).overdueInterestRate;
    // Finnish statutory rate for a consumer in 2026: 9.5 %.
    expect(invoiceRate(2, 16)).toBe(9.5);
    expect(invoiceRate(2, 4)).toBe(4);
    expect(invoiceRate(1, 16)).toBe(16);
    // None agreed: the invoice names none (the law's applies, as its notices will say).
    expect(invoiceRate(2, undefined)).toBeNull();
  });

  it("shows a line per rate when the interest spans a change of the statutory rate, adding up to the interest claimed", async () => {
    // Finnish consumer rate 10.5 % to 2025-06-30, 9.5 % from 2025-07-01: due 2025-05-01, reminded 2025-06-20, due 2025-07-04.
    const job = consumerDueMay2025({ capital: 100_000n, interest: 0n, expenses: 0n });
    const made = await jobDocument({
      job,
      which: "reminder",
      profile: PROFILE,
      environment: FIN,
      today: "2025-06-20",
      letter: null,
      forPost: false,
      ledger: { interestChargedTo: "2025-05-01", fees: [] },
    });
    const reminder = made.document.reminder!;
    expect(made.document.dueDate).toBe("2025-07-04");
    const first = computeInterest("FIN", false, 100_000n, "2025-05-01", "2025-06-30", null).amount;
    const second = computeInterest("FIN", false, 100_000n, "2025-06-30", "2025-07-04", null).amount;
    expect(reminder.interestPeriods.map((line) => [line.rate, line.days, line.amount])).toEqual([
      [10.5, 60, first],
      [9.5, 4, second],
    ]);
    expect(reminder.interest).toBe(first + second);
    const text = (await pdfPageTexts(made.pdf)).join(" ");
    const euros = (cents: bigint) => (Number(cents) / 100).toLocaleString("fi-FI", { minimumFractionDigits: 2 });
    expect(text).toContain(`Viivästyskorko (10,5 %, 60 pv) ${euros(first)}`);
    expect(text).toContain(`Viivästyskorko (9,5 %, 4 pv) ${euros(second)}`);
    // The e-invoice likewise: a row per rate with its dates, days and amount.
    const xml = buildFinvoice(made.document, {
      messageIdentifier: "dispatch-2",
      messageTimeStamp: new Date("2025-06-20T08:00:00Z"),
      senderIntermediator: "NDEAFIHH",
    });
    expect((await validateAgainstXsd(xml, path.resolve(import.meta.dirname, "../../testing/fixtures/schemas/finvoice/Finvoice3.0.xsd"))).errors).toEqual([]);
    const rows = [
      ...xml.matchAll(
        /<RowInterestRate>([^<]*)<\/RowInterestRate>[\s\S]*?<RowInterestStartDate[^>]*>([^<]*)<[\s\S]*?<RowInterestDateNumber>(\d+)<[\s\S]*?<RowInterestChargeAmount[^>]*>([^<]*)</g,
      ),
    ];
    expect(rows.map((match) => [match[1], match[2], match[3], match[4]])).toEqual([
      ["10,5", "20250502", "60", euros(first)],
      ["9,5", "20250701", "4", euros(second)],
    ]);
  }, 30_000);

  it("gives the interest as one amount when a payment changed the capital, rather than lines of rate × days that would not add up", async () => {
    // As above, but 400 € was paid on 2025-06-20 and the interest charged to that day was left open.
    const charged = computeInterest("FIN", false, 100_000n, "2025-05-01", "2025-06-20", null).amount;
    const job = consumerDueMay2025({ capital: 60_000n, interest: charged, expenses: 0n });
    const made = await jobDocument({
      job,
      which: "reminder",
      profile: PROFILE,
      environment: FIN,
      today: "2025-06-20",
      letter: null,
      forPost: false,
      ledger: { interestChargedTo: "2025-06-20", fees: [] },
    });
    const reminder = made.document.reminder!;
    const ahead = computeInterest("FIN", false, 60_000n, "2025-06-20", "2025-07-04", null).amount;
    expect(reminder.interest).toBe(charged + ahead);
    // 60 days at 10.5 % and 4 at 9.5 % of 600 € is not what the ledger holds: no line may claim it.
    expect(computeInterest("FIN", false, 60_000n, "2025-05-01", "2025-07-04", null).amount).not.toBe(reminder.interest);
    expect(reminder.interestPeriods).toEqual([]);
    // The PDF gives the amount without a rate and day count that would not give it.
    const text = (await pdfPageTexts(made.pdf)).join(" ");
    expect(text).toContain("Viivästyskorko 16,73 EUR");
    expect(text).not.toMatch(/Viivästyskorko \(\d/);
    // The e-invoice likewise: the span and the amount, no rate or day count.
    const xml = buildFinvoice(made.document, {
      messageIdentifier: "dispatch-3",
      messageTimeStamp: new Date("2025-06-20T08:00:00Z"),
      senderIntermediator: "NDEAFIHH",
    });
    expect(xml).toContain("<RowInterestChargeAmount");
    expect(xml).not.toContain("<RowInterestRate>");
    expect(xml).not.toContain("<RowInterestDateNumber>");
  }, 30_000);

  it("keeps the lines by rate when the interest was charged in parts on an unchanged capital, each part rounded on its own", async () => {
    // 1 234,50 € charged to 2025-06-20 (one rounding) and counted ahead to 2025-07-04 (another): a cent from one count over the span.
    const charged = computeInterest("FIN", false, 123_450n, "2025-05-01", "2025-06-20", null).amount;
    const ahead = computeInterest("FIN", false, 123_450n, "2025-06-20", "2025-07-04", null).amount;
    expect(charged + ahead).not.toBe(computeInterest("FIN", false, 123_450n, "2025-05-01", "2025-07-04", null).amount);
    const job = consumerDueMay2025({ capital: 123_450n, interest: charged, expenses: 0n });
    const reminder = jobDocumentModel({
      job,
      which: "reminder",
      profile: PROFILE,
      environment: FIN,
      today: "2025-06-20",
      ledger: { interestChargedTo: "2025-06-20", fees: [] },
    }).reminder!;
    expect(reminder.interest).toBe(charged + ahead);
    expect(reminder.interestPeriods.map((line) => [line.rate, line.days])).toEqual([
      [10.5, 60],
      [9.5, 4],
    ]);
    expect(reminder.interestPeriods.reduce((sum, line) => sum + line.amount, 0n)).toBe(reminder.interest);
  });

  it("gives the days ahead by rate when the interest charged before was paid", () => {
    // Charged to 2026-11-05 and paid; the notice claims 11.5 % from then to its due date, and says so.
    const reminder = jobDocumentModel({
      job: { ...invoiceJob({ capital: 12_550n, interest: 0n, expenses: 0n }), currentPaydate: "2026-11-19" },
      which: "collection",
      profile: PROFILE,
      environment: FIN,
      today: "2026-11-05",
      ledger: { interestChargedTo: "2026-11-05", fees: [] },
    }).reminder!;
    expect(reminder.interest).toBe(computeInterest("FIN", true, 12_550n, "2026-11-05", "2026-11-19", 11.5).amount);
    expect(reminder.interestPeriods.map((line) => [line.rate, line.days, line.amount])).toEqual([[11.5, 14, reminder.interest]]);
  });

  it("counts from 30 days after the invoice was sent where the profile's due dates were not agreed in advance, on the notice and in the Finvoice alike", async () => {
    // Billed and sent 2025-04-17, due 2025-05-01: the 30 days run out on 2025-05-17, the day the case's interest starts.
    const job = { ...consumerDueMay2025({ capital: 100_000n, interest: 0n, expenses: 0n }), sentOn: "2025-04-17" };
    const made = await jobDocument({
      job,
      which: "reminder",
      profile: { ...PROFILE, dueDateAgreed: false },
      environment: FIN,
      today: "2025-06-20",
      letter: null,
      forPost: false,
      ledger: { interestChargedTo: null, fees: [] },
    });
    const reminder = made.document.reminder!;
    const first = computeInterest("FIN", false, 100_000n, "2025-05-17", "2025-06-30", null).amount;
    const second = computeInterest("FIN", false, 100_000n, "2025-06-30", "2025-07-04", null).amount;
    expect(reminder).toMatchObject({ originalDueDate: "2025-05-01", interestFrom: "2025-05-17", interestDays: 48, interest: first + second });
    expect(reminder.interestPeriods.map((line) => [line.from, line.rate, line.days])).toEqual([
      ["2025-05-18", 10.5, 44],
      ["2025-07-01", 9.5, 4],
    ]);
    // The same job of a profile with agreed due dates counts from the due date, 16 days more.
    const agreed = jobDocumentModel({
      job,
      which: "reminder",
      profile: PROFILE,
      environment: FIN,
      today: "2025-06-20",
      ledger: { interestChargedTo: null, fees: [] },
    });
    expect(agreed.reminder).toMatchObject({ interestFrom: "2025-05-01", interestDays: 64 });
    const xml = buildFinvoice(made.document, {
      messageIdentifier: "dispatch-4",
      messageTimeStamp: new Date("2025-06-20T08:00:00Z"),
      senderIntermediator: "NDEAFIHH",
    });
    expect([...xml.matchAll(/<RowInterestStartDate[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(["20250518", "20250701"]);
    expect(xml).toContain("<RowOriginalDueDate");
  }, 30_000);

  it("prints on a posted reminder of such a profile the interest from the later day too", () => {
    const posted = invoiceJob(
      { capital: 100_000n, interest: 0n, expenses: 0n },
      {
        jobtype: 1,
        amount: 1000,
        billnum: "INV-77",
        billcode: "12345672",
        customertype: 2,
        person: "Maija Meikäläinen",
        overdueinterest: undefined,
        billdate: "2026-09-17",
        paydate: "2026-10-01",
      },
    );
    const job = { ...posted, jobtype: 1, customertype: 2, phaseSince: "2026-10-20", currentPaydate: "2026-11-04" };
    const printed = (dueDateAgreed: boolean) =>
      jobDocumentModel({ job, which: "original", profile: { ...PROFILE, dueDateAgreed }, environment: FIN, today: "2026-10-20" }).reminder!;
    // 2026-09-17 + 30 days = 2026-10-17, after the due date of 2026-10-01.
    expect(printed(false)).toMatchObject({
      interestFrom: "2026-10-17",
      interest: computeInterest("FIN", false, 100_000n, "2026-10-17", "2026-11-04", null).amount,
    });
    expect(printed(true)).toMatchObject({
      interestFrom: "2026-10-01",
      interest: computeInterest("FIN", false, 100_000n, "2026-10-01", "2026-11-04", null).amount,
    });
  });

  it("counts from 30 days after the day the service sent the invoice, not its bill date, and a posted reminder from its bill date", () => {
    // Billed 2025-04-17 but sent on 2025-05-06 (a draft approved then, or a resend): 30 days run out on 2025-06-05.
    const job = { ...consumerDueMay2025({ capital: 100_000n, interest: 0n, expenses: 0n }), sentOn: "2025-05-06" };
    const document = jobDocumentModel({
      job,
      which: "reminder",
      profile: { ...PROFILE, dueDateAgreed: false },
      environment: FIN,
      today: "2025-06-20",
      ledger: { interestChargedTo: null, fees: [] },
    });
    expect(document.reminder).toMatchObject({ originalDueDate: "2025-05-01", interestFrom: "2025-06-05" });
    expect(document.reminder!.interest).toBe(computeInterest("FIN", false, 100_000n, "2025-06-05", document.dueDate!, null).amount);
    const xml = buildFinvoice(document, {
      messageIdentifier: "dispatch-5",
      messageTimeStamp: new Date("2025-06-20T08:00:00Z"),
      senderIntermediator: "NDEAFIHH",
    });
    expect([...xml.matchAll(/<RowInterestStartDate[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(["20250606", "20250701"]);

    // A job posted as a reminder: the customer sent the invoice itself, and a send of the service's letter does not move the start.
    const posted = { ...job, jobtype: 1, phaseSince: "2025-06-20", currentPaydate: "2025-07-04", data: { ...(job.data as object), jobtype: 1, amount: 1000 } };
    const own = jobDocumentModel({ job: posted, which: "reminder", profile: { ...PROFILE, dueDateAgreed: false }, environment: FIN, today: "2025-06-20" });
    expect(own.reminder).toMatchObject({ interestFrom: "2025-05-17" });

    // An invoice the service never sent (sentOn null): no interest on its notice, and no interest row in the Finvoice.
    const unsent = jobDocumentModel({
      job: { ...job, sentOn: null },
      which: "reminder",
      profile: { ...PROFILE, dueDateAgreed: false },
      environment: FIN,
      today: "2025-06-20",
      ledger: { interestChargedTo: null, fees: [] },
    });
    expect(unsent.reminder).toMatchObject({ interestFrom: null, interest: 0n, interestDays: 0, interestThrough: null });
    const unsentXml = buildFinvoice(unsent, {
      messageIdentifier: "dispatch-6",
      messageTimeStamp: new Date("2025-06-20T08:00:00Z"),
      senderIntermediator: "NDEAFIHH",
    });
    expect(unsentXml).not.toContain("RowInterestStartDate");
  });

  it("makes a Finvoice payment reminder valid against the XSD", async () => {
    const document = jobDocumentModel({
      job: invoiceJob({ capital: 12_550n, interest: 37n, expenses: 500n }),
      which: "reminder",
      profile: PROFILE,
      environment: FIN,
      today: "2026-10-20",
    });
    const xml = buildFinvoice(document, {
      messageIdentifier: "dispatch-1",
      messageTimeStamp: new Date("2026-10-20T08:00:00Z"),
      senderIntermediator: "NDEAFIHH",
    });
    const result = await validateAgainstXsd(xml, path.resolve(import.meta.dirname, "../../testing/fixtures/schemas/finvoice/Finvoice3.0.xsd"));
    expect(result.errors).toEqual([]);
    expect(xml).toContain("<InvoiceTypeCode>INV08</InvoiceTypeCode>");
  }, 30_000);
});
