import path from "node:path";

import { describe, expect, it } from "vitest";

import { exactCents, formatCents } from "../../../payment-data/amounts";
import {
  finnishCollection,
  finnishCreditNote,
  finnishDiscountedCreditNote,
  finnishDiscountedInvoice,
  finnishInvoice,
  finnishReminder,
  finnishReverseCharge,
  swedishInvoice,
} from "../../../testing/fixtures/einvoice-documents";
import { COLLECTOR, LONGEST_COLLECTOR } from "../../../testing/fixtures/finnish-collector";
import { validateAgainstXsd } from "../../../testing/xml-validation";
import { documentTexts } from "../texts";

import { buildFinvoice, type FinvoiceOptions } from "./finvoice";
import { EInvoiceError } from "./shared";

const XSD = path.resolve(import.meta.dirname, "../../../testing/fixtures/schemas/finvoice/Finvoice3.0.xsd");
const TIMEOUT = 30_000;

const OPTIONS: FinvoiceOptions = {
  messageIdentifier: "NR-2026-1001-1",
  messageTimeStamp: new Date("2026-11-22T08:00:00Z"),
  senderIntermediator: "NDEAFIHH",
  invoiceUrl: "https://laskut.example.fi/i/3f9a7c",
};

/** The text of every element with this name, in document order (Finvoice has no namespace). */
function texts(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`, "g"))].map((match) => match[1]!);
}
const text = (xml: string, name: string) => texts(xml, name)[0];
/** "-1234,50" → -123450n cents. */
const cents = (value: string | undefined) => exactCents(value!.replace(",", "."));
const sum = (values: string[]) => values.reduce((total, value) => total + cents(value), 0n);

async function expectValid(xml: string) {
  const result = await validateAgainstXsd(xml, XSD);
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

/** Finvoice's own arithmetic, which its XSD cannot check: rows, VAT breakdown and totals agree. */
function expectConsistentTotals(xml: string) {
  const excluded = cents(text(xml, "InvoiceTotalVatExcludedAmount"));
  const vat = cents(text(xml, "InvoiceTotalVatAmount"));
  const included = cents(text(xml, "InvoiceTotalVatIncludedAmount"));
  expect(sum(texts(xml, "RowVatExcludedAmount"))).toBe(excluded);
  expect(sum(texts(xml, "VatBaseAmount"))).toBe(excluded);
  expect(sum(texts(xml, "VatRateAmount"))).toBe(vat);
  expect(excluded + vat).toBe(included);
  expect(cents(text(xml, "EpiInstructedAmount"))).toBe(included);
}

describe("the Finvoice XSD check", () => {
  it(
    "accepts a generated invoice and rejects it when broken",
    async () => {
      const xml = buildFinvoice(finnishInvoice(), OPTIONS);
      await expectValid(xml);

      // Finvoice amounts have a decimal comma; a dot breaks the monetaryAmount pattern.
      const dotted = xml.replace(/(<InvoiceTotalVatIncludedAmount [^>]*>)(\d+),(\d\d)/, "$1$2.$3");
      const withoutNumber = xml.replace(/<InvoiceNumber>[^<]*<\/InvoiceNumber>/, "");
      const unknownElement = xml.replace("<EpiDetails>", "<Unknown/><EpiDetails>");
      for (const broken of [dotted, withoutNumber, unknownElement]) {
        expect(broken).not.toBe(xml);
        const result = await validateAgainstXsd(broken, XSD);
        expect(result.valid).toBe(false);
        expect(result.errors.length).toBeGreaterThan(0);
      }
    },
    TIMEOUT,
  );
});

describe("buildFinvoice", () => {
  it(
    "writes an invoice at several VAT rates that the XSD accepts",
    async () => {
      const doc = finnishInvoice();
      const xml = buildFinvoice(doc, OPTIONS);
      await expectValid(xml);
      expectConsistentTotals(xml);

      expect(xml).toContain('<Finvoice Version="3.0">');
      expect(text(xml, "InvoiceTypeCode")).toBe("INV01");
      expect(text(xml, "InvoiceTypeCodeUN")).toBe("380");
      expect(text(xml, "FromIdentifier")).toBe("003726174164");
      expect(text(xml, "FromIntermediator")).toBe("NDEAFIHH");
      expect(text(xml, "ToIdentifier")).toBe("003701120389");
      expect(text(xml, "ToIntermediator")).toBe("003721291126");
      expect(text(xml, "MessageIdentifier")).toBe("NR-2026-1001-1");
      expect(text(xml, "MessageTimeStamp")).toBe("2026-11-22T08:00:00.000Z");
      expect(text(xml, "SellerPartyIdentifier")).toBe("2617416-4");
      expect(text(xml, "SellerOrganisationTaxCode")).toBe("FI26174164");
      expect(text(xml, "InvoiceNumber")).toBe("2026-1001");
      expect(xml).toContain('<InvoiceDate Format="CCYYMMDD">20261122</InvoiceDate>');
      expect(xml).toContain('<InvoiceTotalVatIncludedAmount AmountCurrencyIdentifier="EUR">365,22</InvoiceTotalVatIncludedAmount>');
      expect(texts(xml, "VatRatePercent")).toEqual(["25,5", "14", "10", "0"]);
      expect(texts(xml, "VatCode")).toEqual(["S", "S", "S", "Z"]);
      expect(texts(xml, "VatRateAmount")).toEqual(["48,45", "4,20", "3,87", "0,00"]);
      expect(texts(xml, "ArticleName")).toEqual(["Konsultointi", "Lounas", "Kirja &lt;Finvoice-opas&gt;", "Jäsenmaksu", "Alennus"]);
      // A negative row keeps a positive unit price; the quantity carries the sign.
      expect(texts(xml, "InvoicedQuantity")).toEqual(["2", "1,5", "3", "1", "-1"]);
      expect(texts(xml, "UnitPriceAmount")).toEqual(["100,00", "20,00", "12,90", "50,00", "10,00"]);
      expect(text(xml, "PaymentOverDueFinePercent")).toBe("11,5");
      expect(xml).toContain('<InvoiceDueDate Format="CCYYMMDD">20261206</InvoiceDueDate>');
      // The date of supply (AVL 209 e § 7 k.), where Finvoice keeps it.
      expect(xml).toMatch(/<DeliveryDetails>\s*<DeliveryDate Format="CCYYMMDD">20261120<\/DeliveryDate>\s*<\/DeliveryDetails>/);

      expect(xml).toContain('<SellerAccountID IdentificationSchemeName="IBAN">FI2112345600000785</SellerAccountID>');
      expect(xml).toContain('<EpiBfiIdentifier IdentificationSchemeName="BIC">NDEAFIHH</EpiBfiIdentifier>');
      expect(xml).toContain('<EpiAccountID IdentificationSchemeName="IBAN">FI2112345600000785</EpiAccountID>');
      expect(xml).toContain(`<EpiRemittanceInfoIdentifier IdentificationSchemeName="SPY">${doc.reference!.value}</EpiRemittanceInfoIdentifier>`);
      expect(xml).toContain('<EpiInstructedAmount AmountCurrencyIdentifier="EUR">365,22</EpiInstructedAmount>');
      expect(xml).toContain('<EpiDateOptionDate Format="CCYYMMDD">20261206</EpiDateOptionDate>');
      expect(text(xml, "InvoiceUrlNameText")).toBe("Laskun kuva");
      expect(text(xml, "InvoiceUrlText")).toBe("https://laskut.example.fi/i/3f9a7c");
    },
    TIMEOUT,
  );

  it(
    "writes row discounts as RowDiscountPercent and RowDiscountAmount, before the row's VAT, with rows and totals net of them",
    async () => {
      const xml = buildFinvoice(finnishDiscountedInvoice(), OPTIONS);
      await expectValid(xml);
      expectConsistentTotals(xml);
      // Only the rows with a discount carry one; 12.5 % of 38.70 is 4.8375, rounded half up to 4.84.
      expect(texts(xml, "RowDiscountPercent")).toEqual(["10", "12,5", "5", "100"]);
      expect(texts(xml, "RowDiscountAmount")).toEqual(["20,00", "4,84", "-0,50", "15,00"]);
      expect(texts(xml, "RowVatExcludedAmount")).toEqual(["180,00", "33,86", "30,00", "-9,50", "0,00"]);
      expect(texts(xml, "RowVatAmount")).toEqual(["45,90", "3,39", "4,20", "-2,42", "0,00"]);
      const rows = [...xml.matchAll(/<InvoiceRow>([\s\S]*?)<\/InvoiceRow>/g)].map((match) => match[1]!);
      for (const row of rows.filter((each) => each.includes("RowDiscountPercent"))) {
        const order = ["UnitPriceAmount", "RowDiscountPercent", "RowDiscountAmount", "RowVatRatePercent"].map((name) => row.indexOf(`<${name}`));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }
      // 25.5 % on 180.00 − 9.50 + 0.00; 10 % on 33.86; 14 % on 30.00.
      expect(texts(xml, "VatBaseAmount")).toEqual(["170,50", "30,00", "33,86"]);
      expect(text(xml, "InvoiceTotalVatIncludedAmount")).toBe("285,43");
    },
    TIMEOUT,
  );

  it(
    "writes a discounted credit note row with the discount's sign",
    async () => {
      const xml = buildFinvoice(finnishDiscountedCreditNote(), OPTIONS);
      await expectValid(xml);
      expectConsistentTotals(xml);
      expect(text(xml, "RowDiscountAmount")).toBe("-10,00");
      expect(text(xml, "RowVatExcludedAmount")).toBe("-90,00");
      expect(text(xml, "InvoiceTotalVatIncludedAmount")).toBe("-112,95");
    },
    TIMEOUT,
  );

  it(
    "writes a credit note with negative totals and an RF reference",
    async () => {
      const doc = finnishCreditNote();
      expect(doc.kind).toBe("credit-note");
      const xml = buildFinvoice(doc, OPTIONS);
      await expectValid(xml);
      expectConsistentTotals(xml);
      expect(text(xml, "InvoiceTypeCode")).toBe("INV02");
      expect(text(xml, "InvoiceTypeCodeUN")).toBe("381");
      expect(text(xml, "InvoiceTypeText")).toBe("HYVITYSLASKU");
      expect(text(xml, "InvoiceTotalVatIncludedAmount")).toBe("-153,88");
      expect(text(xml, "EpiInstructedAmount")).toBe("-153,88");
      expect(texts(xml, "InvoicedQuantity")).toEqual(["-1", "-2"]);
      expect(texts(xml, "UnitPriceAmount")).toEqual(["100,00", "12,90"]);
      expect(xml).toContain(`<EpiRemittanceInfoIdentifier IdentificationSchemeName="ISO">${doc.reference!.value}</EpiRemittanceInfoIdentifier>`);
    },
    TIMEOUT,
  );

  it(
    "marks reverse charge rows AE with the exemption reason",
    async () => {
      const xml = buildFinvoice(finnishReverseCharge(), OPTIONS);
      await expectValid(xml);
      expectConsistentTotals(xml);
      expect(texts(xml, "RowVatCode")).toEqual(["AE", "AE"]);
      expect(texts(xml, "VatCode")).toEqual(["AE"]);
      expect(text(xml, "VatExemptionReasonCode")).toBe("VATEX-EU-AE");
      expect(text(xml, "VatFreeText")).toBe("Käännetty verovelvollisuus");
      expect(text(xml, "InvoiceVatFreeText")).toBe("Käännetty verovelvollisuus");
      expect(text(xml, "InvoiceTotalVatAmount")).toBe("0,00");
      expect(text(xml, "InvoiceTotalVatIncludedAmount")).toBe("2500,00");
    },
    TIMEOUT,
  );

  it(
    "marks 0 % rows exempt (E) when told why",
    async () => {
      const xml = buildFinvoice(finnishInvoice(), { ...OPTIONS, exemption: { reason: "AVL 4 §: yhdistyksen jäsenmaksu" } });
      await expectValid(xml);
      expect(texts(xml, "VatCode")).toEqual(["S", "S", "S", "E"]);
      expect(text(xml, "VatFreeText")).toBe("AVL 4 §: yhdistyksen jäsenmaksu");
    },
    TIMEOUT,
  );

  it(
    "writes a payment reminder (INV08) of the overdue capital, the fee and the interest",
    async () => {
      const doc = finnishReminder();
      expect(doc.kind).toBe("reminder");
      const xml = buildFinvoice(doc, OPTIONS);
      await expectValid(xml);
      expectConsistentTotals(xml);
      expect(text(xml, "InvoiceTypeCode")).toBe("INV08");
      expect(text(xml, "InvoiceTypeText")).toBe("MAKSUMUISTUTUS");
      expect(xml).not.toContain("<InvoiceTypeCodeUN>");
      expect(text(xml, "OriginalInvoiceNumber")).toBe("2026-0950");
      expect(texts(xml, "RowAmount")).toEqual(["250,00", "5,00", money(doc.reminder!.interest)]);
      expect(text(xml, "RowOriginalDueDate")).toBe("20261001");
      expect(text(xml, "RowInterestRate")).toBe("11,5");
      expect(text(xml, "RowInterestStartDate")).toBe("20261002");
      // Interest to the reminder's own due date, not the day it was made (5.11.): paid on the day, nothing is left open.
      expect(text(xml, "RowInterestEndDate")).toBe("20261123");
      expect(text(xml, "RowInterestEndDate")).toBe(doc.dueDate!.replaceAll("-", ""));
      expect(text(xml, "RowInterestDateNumber")).toBe(String(doc.reminder!.interestDays));
      expect(cents(text(xml, "EpiInstructedAmount"))).toBe(doc.amountDue);
      expect(text(xml, "EpiDateOptionDate")).toBe(doc.dueDate!.replaceAll("-", ""));
      expect(xml).toContain(`IdentificationSchemeName="SPY">${doc.reference!.value}<`);
    },
    TIMEOUT,
  );

  it(
    "writes a collection letter (INV05)",
    async () => {
      const doc = finnishCollection();
      expect(doc.kind).toBe("collection");
      const xml = buildFinvoice(doc, OPTIONS);
      await expectValid(xml);
      expectConsistentTotals(xml);
      expect(text(xml, "InvoiceTypeCode")).toBe("INV05");
      expect(text(xml, "RowCollectionDate")).toBe("20260901");
      expect(cents(text(xml, "InvoiceTotalVatIncludedAmount"))).toBe(doc.amountDue);
      expect(xml).toContain(`IdentificationSchemeName="ISO">${doc.reference!.value}<`);
    },
    TIMEOUT,
  );

  /*
   * A Finnish payment demand is the collector's (513/1999 5 §): sent as Finvoice it names the
   * collector, its register entry and where to object as its PDF does, in free text, since the
   * seller stays the creditor whose account is paid.
   */
  it(
    "names the collector of a payment demand, its register entry and where to object, the creditor staying seller and payee",
    async () => {
      const doc = finnishCollection();
      expect(doc.collector).toEqual(COLLECTOR);
      const xml = buildFinvoice(doc, OPTIONS);
      await expectValid(xml);
      expect(texts(xml, "InvoiceFreeText")).toEqual([
        "Perijä (toimeksisaaja): Perintäpalvelu Esimerkki Oy, Y-tunnus 2617416-4, Perijänkatu 5, 00500 Helsinki, +358 9 123 4567, perinta@perija.example",
        "Merkitty perintätoiminnan harjoittajien rekisteriin (laki 411/2018): REK-1234/2024",
        // The objection sentence names the collector itself: a reader may show it apart from the first line.
        expect.stringContaining("ilmoittakaa siitä perijälle ennen eräpäivää: Perintäpalvelu Esimerkki Oy, perinta@perija.example, +358 9 123 4567;"),
        "Jos saatavaa ei makseta eräpäivään mennessä, se voidaan siirtää oikeudelliseen perintään, mistä aiheutuu lisäkuluja; tuomioistuimen ratkaisusta voi seurata merkintä luottotietorekisteriin.",
      ]);
      expect(text(xml, "SellerOrganisationName")).toBe(doc.seller.name);
      expect(text(xml, "EpiNameAddressDetails")).toBe(doc.seller.name);
      expect(texts(buildFinvoice(finnishReminder(), OPTIONS), "InvoiceFreeText")).toEqual([]);
    },
    TIMEOUT,
  );

  /*
   * The seller of the Finvoice is the creditor: its free text sends objections to the collector,
   * named with its contact, not to "us", in each language; and with every setting at its longest, a consumer's notice
   * is split between InvoiceFreeText elements at sentence ends, each whole, none over 512 characters.
   */
  it(
    "sends objections to the collector, not to us, and splits the longest notice between free texts at sentence ends",
    async () => {
      const base = finnishCollection();
      const to = {
        fin: "ilmoittakaa siitä perijälle",
        swe: "meddela indrivaren det",
        nor: "gi innkreveren beskjed",
        eng: "tell the collector",
        est: "teatage sellest sissenõudjale",
      };
      for (const [language, phrase] of Object.entries(to)) {
        const doc = { ...base, language, collector: LONGEST_COLLECTOR, reminder: { ...base.reminder!, consumer: true } } as typeof base;
        const xml = buildFinvoice(doc, OPTIONS);
        const free = texts(xml, "InvoiceFreeText");
        const notice = documentTexts(doc.language, "FIN").collectionNotice(
          `${LONGEST_COLLECTOR.name}, ${LONGEST_COLLECTOR.email}, ${LONGEST_COLLECTOR.phone}`,
          true,
          true,
        );
        expect(notice.length, language).toBeGreaterThan(512);
        expect(notice, language).toContain(phrase);
        expect(free.join(" "), language).not.toMatch(/\b(meille|oss|us|meile)\b/);
        const pieces = free.slice(2);
        expect(pieces.join(" "), language).toBe(notice);
        for (const piece of free) expect(piece.length, language).toBeLessThanOrEqual(512);
        for (const piece of pieces) expect(piece, language).toMatch(/[.!?]$/);
        await expectValid(xml);
      }
    },
    TIMEOUT,
  );

  it("titles a Finnish collection letter as its PDF does, by 513/1999 5 §: a maksuvaatimus, in Swedish a betalningskrav, never an inkassokrav", () => {
    for (const [language, title] of [
      ["fin", "MAKSUVAATIMUS"],
      ["swe", "BETALNINGSKRAV"],
      ["eng", "PAYMENT DEMAND"],
    ] as const) {
      expect(text(buildFinvoice({ ...finnishCollection(), language }, OPTIONS), "InvoiceTypeText")).toBe(title);
    }
  });

  it(
    "takes the receiver's scheme from a scheme:id address",
    async () => {
      const doc = finnishInvoice();
      doc.buyer.eInvoiceAddress = "0216:003701120389";
      const xml = buildFinvoice(doc, OPTIONS);
      await expectValid(xml);
      expect(xml).toContain('<ToIdentifier SchemeID="0216">003701120389</ToIdentifier>');
    },
    TIMEOUT,
  );

  it("refuses what Finvoice cannot carry", () => {
    expect(() => buildFinvoice(swedishInvoice(), OPTIONS)).toThrow(EInvoiceError);
    const noAddress = finnishInvoice();
    noAddress.buyer.eInvoiceAddress = null;
    expect(() => buildFinvoice(noAddress, OPTIONS)).toThrow(/e-invoice address/);
    const noIban = finnishInvoice();
    noIban.seller.iban = null;
    expect(() => buildFinvoice(noIban, OPTIONS)).toThrow(/IBAN/);
    expect(() => buildFinvoice({ ...finnishInvoice(), preview: true }, OPTIONS)).toThrow(/preview/);
    expect(() => buildFinvoice({ ...finnishInvoice(), number: null }, OPTIONS)).toThrow(/number/);
  });
});

function money(value: bigint): string {
  return formatCents(value).replace(".", ",");
}
