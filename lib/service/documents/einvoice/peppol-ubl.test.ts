import { readFileSync } from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { isValidBusinessId } from "../../../spec/national-ids";
import {
  finnishCreditNote,
  finnishDiscountedCreditNote,
  finnishDiscountedInvoice,
  finnishInvoice,
  finnishReminder,
  finnishReverseCharge,
  norwegianCreditNote,
  norwegianInvoice,
  swedishCreditNote,
  swedishInvoice,
} from "../../../testing/fixtures/einvoice-documents";
import {
  portedGln,
  portedMod11,
  portedMod97,
  portedSwedishOrgnr,
  prevalidateAgainstXsd,
  schematronFailures,
  validateAgainstXsd,
  type SchematronReport,
} from "../../../testing/xml-validation";
import type { InvoiceDocument } from "../invoice-document";
import { documentTexts } from "../texts";

import { buildPeppolInvoice, type PeppolOptions } from "./peppol-ubl";
import { EInvoiceError } from "./shared";

/*
 * Peppol BIS Billing 3.0 against the OASIS UBL 2.1 XSD and the Peppol Schematron (the EN 16931 core
 * rules and the Peppol rules). Schematron runs in node-schematron, which cannot run every rule (see
 * lib/testing/xml-validation.ts): the tests first show on the official examples what it does run,
 * and that it catches broken documents, then hold the generated messages to it.
 */

const SCHEMAS = path.resolve(import.meta.dirname, "../../../testing/fixtures/schemas");
const INVOICE_XSD = `${SCHEMAS}/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd`;
const CREDIT_NOTE_XSD = `${SCHEMAS}/ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd`;
const CEN = `${SCHEMAS}/peppol-bis-3/sch/CEN-EN16931-UBL.sch`;
const PEPPOL = `${SCHEMAS}/peppol-bis-3/sch/PEPPOL-EN16931-UBL.sch`;
const example = (name: string) => readFileSync(`${SCHEMAS}/peppol-bis-3/examples/${name}`, "utf8");
/** A second or two per document and rule file, several times that on a busy machine. */
const SLOW = 60_000;

/** The XSLT functions of the Peppol rule file that xml-validation.ts does not port, and so cannot run. */
const UNPORTED = /Q\{utils\}(checkCodiceIPA|checkCF|checkPIVAseIT|abn|TinVerification) /;

const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

const xsdOf = (xml: string) => (xml.includes("<CreditNote") ? CREDIT_NOTE_XSD : INVOICE_XSD);

async function expectXsdValid(xml: string) {
  const result = await validateAgainstXsd(xml, xsdOf(xml));
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

const fatal = (report: SchematronReport) => report.failures.filter((failure) => failure.flag === "fatal");

/** Runs both rule files; every assert either ran or is one of the known unsupported ones, and none errored. */
function schematron(xml: string) {
  const cen = schematronFailures(xml, CEN);
  const peppol = schematronFailures(xml, PEPPOL);
  // fontoxpath compiles every EN 16931 assert; of the Peppol ones only those calling unported functions fail.
  expect(cen.unsupported).toEqual([]);
  expect(peppol.unsupported.length).toBe(11);
  for (const { reason } of peppol.unsupported) expect(reason).toMatch(UNPORTED);
  expect(cen.errors).toEqual([]);
  expect(peppol.errors).toEqual([]);
  // Most EN 16931 asserts apply to any invoice; most Peppol ones are national rules of other countries.
  expect(cen.evaluated.length).toBeGreaterThan(800);
  expect(peppol.evaluated.length).toBeGreaterThanOrEqual(20);
  return { cen, peppol };
}

/** The text of every element with this qualified name, in document order. */
function texts(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`, "g"))].map((match) => match[1]!);
}
const text = (xml: string, name: string) => texts(xml, name)[0];
const cents = (value: string | undefined) => Math.round(Number(value) * 100);
const blocks = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, "g"))].map((match) => match[1]!);

/**
 * The EN 16931 arithmetic rules re-checked in plain TypeScript over the generated XML: a second
 * opinion on the rules node-schematron evaluates with JavaScript numbers. No document-level
 * allowances, charges or prepaid amounts are generated, so those terms are zero; a row's discount is
 * a line allowance, and its line's amount is quantity × price less it (PEPPOL-EN16931-R120, R040).
 */
function expectEn16931Arithmetic(xml: string) {
  const lines = blocks(xml, "cac:InvoiceLine").concat(blocks(xml, "cac:CreditNoteLine"));
  const total = blocks(xml, "cac:LegalMonetaryTotal")[0]!;
  const taxTotal = blocks(xml, "cac:TaxTotal")[0]!;
  const subtotals = blocks(xml, "cac:TaxSubtotal");
  const lineSum = lines.reduce((sum, line) => sum + cents(text(line, "cbc:LineExtensionAmount")), 0);
  const lineExtension = cents(text(total, "cbc:LineExtensionAmount"));
  const taxExclusive = cents(text(total, "cbc:TaxExclusiveAmount"));
  const taxInclusive = cents(text(total, "cbc:TaxInclusiveAmount"));
  const tax = cents(text(taxTotal, "cbc:TaxAmount"));
  expect(lineExtension, "BR-CO-10").toBe(lineSum);
  expect(taxExclusive, "BR-CO-13").toBe(lineExtension);
  expect(tax, "BR-CO-14").toBe(subtotals.reduce((sum, subtotal) => sum + cents(text(subtotal, "cbc:TaxAmount")), 0));
  expect(taxInclusive, "BR-CO-15").toBe(taxExclusive + tax);
  expect(cents(text(total, "cbc:PayableAmount")), "BR-CO-16").toBe(taxInclusive);
  for (const line of lines) {
    const quantity = Number(text(line, "cbc:InvoicedQuantity") ?? text(line, "cbc:CreditedQuantity"));
    const price = cents(text(line, "cbc:PriceAmount"));
    const allowances = blocks(line, "cac:AllowanceCharge");
    const allowed = allowances.reduce((sum, allowance) => sum + cents(text(allowance, "cbc:Amount")), 0);
    expect(cents(text(line, "cbc:LineExtensionAmount")), "line net").toBe(Math.round(quantity * price) - allowed);
    for (const allowance of allowances) {
      expect(text(allowance, "cbc:ChargeIndicator")).toBe("false");
      const base = cents(text(allowance, "cbc:BaseAmount"));
      expect(base, "allowance base").toBe(Math.round(quantity * price));
      expect(
        Math.abs(cents(text(allowance, "cbc:Amount")) - (base * Number(text(allowance, "cbc:MultiplierFactorNumeric"))) / 100),
        "R040",
      ).toBeLessThanOrEqual(0.5);
    }
  }
  for (const subtotal of subtotals) {
    const category = text(subtotal, "cbc:ID");
    const rate = Number(text(subtotal, "cbc:Percent"));
    const taxable = cents(text(subtotal, "cbc:TaxableAmount"));
    const inCategory = lines.filter((line) =>
      blocks(line, "cac:ClassifiedTaxCategory").some(
        (taxCategory) => text(taxCategory, "cbc:ID") === category && Number(text(taxCategory, "cbc:Percent")) === rate,
      ),
    );
    // Exactly, where the rule file's BR-x-08 tolerates a difference of 1.
    expect(taxable, `BR-${category}-08 at ${rate} %`).toBe(inCategory.reduce((sum, line) => sum + cents(text(line, "cbc:LineExtensionAmount")), 0));
    expect(cents(text(subtotal, "cbc:TaxAmount")), `BR-CO-17 at ${rate} %`).toBe(Math.round((taxable * rate) / 100));
  }
}

const EXAMPLES = ["base-example.xml", "Norwegian-example-1.xml", "base-creditnote-correction.xml"];

describe("the validators, on the official Peppol examples", () => {
  it.each(EXAMPLES)(
    "%s passes the UBL XSD and the Schematron rules that can be evaluated",
    async (name) => {
      const xml = example(name);
      await expectXsdValid(xml);
      const { cen, peppol } = schematron(xml);
      expect(fatal(cen)).toEqual([]);
      expect(fatal(peppol)).toEqual([]);
    },
    SLOW,
  );

  it(
    "rejects a document that breaks the XSD",
    async () => {
      const xml = example("base-example.xml");
      const result = await validateAgainstXsd(
        xml.replace("<cbc:IssueDate>2017-11-13</cbc:IssueDate>", "<cbc:IssueDate>13.11.2017</cbc:IssueDate>"),
        INVOICE_XSD,
      );
      expect(result.valid).toBe(false);
      expect(result.errors.join("\n")).toMatch(/IssueDate/);
      const misplaced = await validateAgainstXsd(
        xml
          .replace("<cbc:BuyerReference>0150abc</cbc:BuyerReference>", "")
          .replace("</cac:LegalMonetaryTotal>", "</cac:LegalMonetaryTotal><cbc:BuyerReference>0150abc</cbc:BuyerReference>"),
        INVOICE_XSD,
      );
      expect(misplaced.valid).toBe(false);
    },
    SLOW,
  );

  it(
    "reports a wrong total (BR-CO-16) as a fatal failure",
    () => {
      const xml = example("base-example.xml").replace(
        '<cbc:PayableAmount currencyID="EUR">1656.25</cbc:PayableAmount>',
        '<cbc:PayableAmount currencyID="EUR">1656.26</cbc:PayableAmount>',
      );
      expect(fatal(schematronFailures(xml, CEN)).map((failure) => failure.id)).toEqual(["BR-CO-16"]);
    },
    SLOW,
  );

  it(
    "reports broken Peppol rules: a missing buyer reference, a wrong Norwegian check digit",
    () => {
      const noReference = example("base-example.xml").replace("<cbc:BuyerReference>0150abc</cbc:BuyerReference>", "");
      expect(fatal(schematronFailures(noReference, PEPPOL)).map((failure) => failure.id)).toEqual(["PEPPOL-EN16931-R003"]);
      const norwegian = buildPeppolInvoice(norwegianInvoice(), { profile: "ehf" });
      const wrongOrgnr = norwegian.replace(
        '<cbc:EndpointID schemeID="0192">123456785</cbc:EndpointID>',
        '<cbc:EndpointID schemeID="0192">123456784</cbc:EndpointID>',
      );
      expect(wrongOrgnr).not.toBe(norwegian);
      const failures = fatal(schematronFailures(wrongOrgnr, PEPPOL));
      expect(failures.map((failure) => failure.id)).toEqual(["PEPPOL-COMMON-R041"]);
      expect(failures[0]!.location).toBe("/Invoice/cac:AccountingSupplierParty/cac:Party/cbc:EndpointID");
    },
    SLOW,
  );

  it(
    "reports a line amount that is not quantity × price, in both rule files",
    () => {
      const xml = buildPeppolInvoice(finnishInvoice(), { profile: "peppol" });
      const wrongLine = xml.replace(
        '<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>',
        '<cbc:LineExtensionAmount currencyID="EUR">200.10</cbc:LineExtensionAmount>',
      );
      expect(wrongLine).not.toBe(xml);
      // BR-S-08 allows the VAT base to differ from the lines by up to 1, so only BR-CO-10 catches 0.10.
      expect(fatal(schematronFailures(wrongLine, CEN)).map((failure) => failure.id)).toEqual(["BR-CO-10"]);
      const peppol = fatal(schematronFailures(wrongLine, PEPPOL));
      expect(peppol.map((failure) => failure.id)).toEqual(["PEPPOL-EN16931-R120"]);
      expect(peppol[0]!.location).toBe("/Invoice/cac:InvoiceLine[1]");
    },
    SLOW,
  );

  it("ports the rule file's check-digit functions faithfully", () => {
    expect(portedGln("1238764941386")).toBe(true);
    expect(portedGln("1238764941387")).toBe(false);
    expect(portedMod97("0403170701")).toBe(true);
    expect(portedMod97("0403170702")).toBe(false);
    // Held to the service's own (stdnum) organisation number checks over a range of numbers.
    for (let n = 0; n < 2000; n++) {
      const norwegian = String(812345000 + n * 37);
      expect(portedMod11(norwegian), norwegian).toBe(isValidBusinessId("NOR", norwegian));
      const swedish = String(5560360000 + n * 41);
      expect(portedSwedishOrgnr(swedish), swedish).toBe(isValidBusinessId("SWE", swedish));
    }
  });
});

interface Case {
  name: string;
  doc: () => InvoiceDocument;
  options: PeppolOptions;
  /** Rules that must have been evaluated on this message, beyond the common ones. */
  rules: string[];
}

const COMMON_RULES = ["BR-CO-10", "BR-CO-13", "BR-CO-14", "BR-CO-15", "BR-CO-16", "BR-CO-17", "PEPPOL-EN16931-R003", "PEPPOL-EN16931-R120"];

const CASES: Case[] = [
  { name: "Finnish invoice, four VAT rates, PDF", doc: finnishInvoice, options: { profile: "peppol", pdf: PDF }, rules: ["BR-S-08", "BR-Z-08"] },
  {
    name: "Finnish invoice with exempt 0 % row",
    doc: finnishInvoice,
    options: { profile: "peppol", exemption: { reason: "Exempt under section 4 of the VAT Act" } },
    rules: ["BR-S-08", "BR-E-08", "BR-E-10"],
  },
  { name: "Finnish credit note", doc: finnishCreditNote, options: { profile: "peppol" }, rules: ["BR-S-08"] },
  {
    name: "Finnish invoice with row discounts",
    doc: finnishDiscountedInvoice,
    options: { profile: "peppol", pdf: PDF },
    rules: ["BR-S-08", "BR-41", "BR-42", "PEPPOL-EN16931-R040"],
  },
  {
    name: "Finnish credit note of a discounted row",
    doc: finnishDiscountedCreditNote,
    options: { profile: "peppol" },
    rules: ["BR-S-08", "PEPPOL-EN16931-R040"],
  },
  { name: "Finnish reverse charge", doc: finnishReverseCharge, options: { profile: "peppol", pdf: PDF }, rules: ["BR-AE-08", "BR-AE-10", "BR-AE-02"] },
  {
    name: "Swedish invoice",
    doc: swedishInvoice,
    options: { profile: "peppol" },
    rules: ["BR-S-08", "PEPPOL-COMMON-R049", "SE-R-001", "SE-R-006", "SE-R-013", "SE-R-009"],
  },
  { name: "Swedish credit note", doc: swedishCreditNote, options: { profile: "peppol" }, rules: ["BR-S-08", "SE-R-013"] },
  {
    name: "Norwegian EHF invoice, PDF",
    doc: norwegianInvoice,
    options: { profile: "ehf", pdf: PDF },
    rules: ["BR-S-08", "PEPPOL-COMMON-R041", "NO-R-001", "NO-R-002", "BR-57"],
  },
  { name: "Norwegian EHF credit note", doc: norwegianCreditNote, options: { profile: "ehf" }, rules: ["BR-S-08", "NO-R-001", "NO-R-002", "BR-57"] },
];

/** The Swedish invoice in English, whose payment terms are checked below. */
const englishSwedishInvoice = () => buildPeppolInvoice({ ...swedishInvoice(), language: "eng" }, { profile: "peppol" });

// The documents the tests hold to the XSD, validated together: one xmllint run per schema instead of
// one per document. The tests still validate each one; a document that did not pass is run again alone.
beforeAll(async () => {
  const documents = [...EXAMPLES.map(example), ...CASES.map(({ doc, options }) => buildPeppolInvoice(doc(), options)), englishSwedishInvoice()];
  await Promise.all(
    [INVOICE_XSD, CREDIT_NOTE_XSD].map((xsd) =>
      prevalidateAgainstXsd(
        documents.filter((xml) => xsdOf(xml) === xsd),
        xsd,
      ),
    ),
  );
}, SLOW);

describe("buildPeppolInvoice", () => {
  it.each(CASES)(
    "$name: valid against the XSD, no Schematron failure",
    async ({ doc, options, rules }) => {
      const xml = buildPeppolInvoice(doc(), options);
      await expectXsdValid(xml);
      expectEn16931Arithmetic(xml);
      const { cen, peppol } = schematron(xml);
      expect(fatal(cen)).toEqual([]);
      expect(fatal(peppol)).toEqual([]);
      // Not even warnings: the generated messages are meant to be clean.
      expect([...cen.failures, ...peppol.failures]).toEqual([]);
      const evaluated = new Set([...cen.evaluated, ...peppol.evaluated]);
      for (const rule of [...COMMON_RULES, ...rules]) expect(evaluated.has(rule), `${rule} evaluated`).toBe(true);
    },
    SLOW,
  );

  it("writes the Finnish invoice's parties, totals, payment and attachment", () => {
    const doc = finnishInvoice();
    const xml = buildPeppolInvoice(doc, { profile: "peppol", pdf: PDF });
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
    expect(text(xml, "cbc:CustomizationID")).toBe("urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0");
    expect(text(xml, "cbc:ProfileID")).toBe("urn:fdc:peppol.eu:2017:poacc:billing:01:1.0");
    expect(text(xml, "cbc:InvoiceTypeCode")).toBe("380");
    expect(xml).toContain('<cbc:EndpointID schemeID="0216">003726174164</cbc:EndpointID>');
    expect(xml).toContain('<cbc:EndpointID schemeID="0216">003701120389</cbc:EndpointID>');
    expect(xml).toContain('<cbc:CompanyID schemeID="0212">2617416-4</cbc:CompanyID>');
    expect(text(xml, "cbc:BuyerReference")).toBe("PO-77 / Matti");
    expect(text(xml, "cbc:Note")).toBe("Kiitos tilauksestanne &amp; tervetuloa uudelleen!");
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">365.22</cbc:PayableAmount>');
    expect(xml).toContain('<cbc:TaxAmount currencyID="EUR">56.52</cbc:TaxAmount>');
    expect(text(xml, "cbc:PaymentMeansCode")).toBe("58");
    expect(text(xml, "cbc:PaymentID")).toBe(doc.reference!.value);
    expect(xml).toMatch(/<cac:PayeeFinancialAccount>\s*<cbc:ID>FI2112345600000785<\/cbc:ID>\s*<cac:FinancialInstitutionBranch>\s*<cbc:ID>NDEAFIHH<\/cbc:ID>/);
    expect(texts(xml, "cbc:InvoicedQuantity")).toEqual(["2", "1.5", "3", "1", "-1"]);
    expect(texts(xml, "cbc:PriceAmount")).toEqual(["100", "20", "12.9", "50", "10"]);
    const attachment = /<cbc:EmbeddedDocumentBinaryObject mimeCode="application\/pdf" filename="2026-1001.pdf">([^<]+)</.exec(xml);
    expect(Buffer.from(attachment![1]!, "base64")).toEqual(PDF);
  });

  it("writes a credit note as a CreditNote with positive amounts", () => {
    const xml = buildPeppolInvoice(finnishCreditNote(), { profile: "peppol" });
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(text(xml, "cbc:CreditNoteTypeCode")).toBe("381");
    expect(xml).not.toContain("<cbc:DueDate>");
    expect(text(xml, "cbc:PaymentDueDate")).toBe("2026-12-07");
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">153.88</cbc:PayableAmount>');
    expect(texts(xml, "cbc:CreditedQuantity")).toEqual(["1", "2"]);
    expect(texts(xml, "cbc:PriceAmount")).toEqual(["100", "12.9"]);
    expect(texts(xml, "cbc:LineExtensionAmount")).toEqual(["125.80", "100.00", "25.80"]);
  });

  it("writes a row's discount as a line allowance, reason 95, and the line's amount net of it", () => {
    const xml = buildPeppolInvoice(finnishDiscountedInvoice(), { profile: "peppol" });
    const lines = blocks(xml, "cac:InvoiceLine");
    expect(lines.map((line) => blocks(line, "cac:AllowanceCharge").length)).toEqual([1, 1, 0, 1, 1]);
    const allowance = blocks(lines[1]!, "cac:AllowanceCharge")[0]!;
    expect(allowance).toMatch(
      /^\s*<cbc:ChargeIndicator>false<\/cbc:ChargeIndicator>\s*<cbc:AllowanceChargeReasonCode>95<\/cbc:AllowanceChargeReasonCode>\s*<cbc:MultiplierFactorNumeric>12.5<\/cbc:MultiplierFactorNumeric>\s*<cbc:Amount currencyID="EUR">4.84<\/cbc:Amount>\s*<cbc:BaseAmount currencyID="EUR">38.70<\/cbc:BaseAmount>\s*$/,
    );
    // UBL's order: the allowance after the line's amount, before its item.
    expect(lines[1]!.indexOf("<cbc:LineExtensionAmount")).toBeLessThan(lines[1]!.indexOf("<cac:AllowanceCharge>"));
    expect(lines[1]!.indexOf("</cac:AllowanceCharge>")).toBeLessThan(lines[1]!.indexOf("<cac:Item>"));
    expect(lines.map((line) => text(line, "cbc:LineExtensionAmount"))).toEqual(["180.00", "33.86", "30.00", "-9.50", "0.00"]);
    const totals = blocks(xml, "cac:LegalMonetaryTotal")[0]!;
    expect(text(totals, "cbc:LineExtensionAmount")).toBe("234.36");
    expect(text(totals, "cbc:PayableAmount")).toBe("285.43");
    expect(totals).not.toContain("AllowanceTotalAmount");

    const credit = buildPeppolInvoice(finnishDiscountedCreditNote(), { profile: "peppol" });
    expect(text(credit, "cbc:Amount")).toBe("10.00");
    expect(text(credit, "cbc:BaseAmount")).toBe("100.00");
    expect(texts(credit, "cbc:LineExtensionAmount")).toEqual(["90.00", "90.00"]);
  });

  it("writes reverse charge as category AE with its reason", () => {
    const xml = buildPeppolInvoice(finnishReverseCharge(), { profile: "peppol" });
    expect(texts(xml, "cbc:ID").filter((id) => id === "AE").length).toBe(3); // the subtotal and both lines
    expect(text(xml, "cbc:TaxExemptionReasonCode")).toBe("VATEX-EU-AE");
    expect(text(xml, "cbc:TaxExemptionReason")).toBe("Käännetty verovelvollisuus");
    expect(xml).toContain('<cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount>');
    expect(xml).toContain("<cbc:CompanyID>FI01120389</cbc:CompanyID>");
  });

  it("writes Swedish endpoints, Bankgiro and the OCR reference", () => {
    const doc = swedishInvoice();
    const xml = buildPeppolInvoice(doc, { profile: "peppol" });
    expect(xml).toContain('<cbc:EndpointID schemeID="0007">5560360793</cbc:EndpointID>');
    expect(xml).toContain('<cbc:EndpointID schemeID="0007">2021005489</cbc:EndpointID>');
    expect(text(xml, "cbc:DocumentCurrencyCode")).toBe("SEK");
    expect(texts(xml, "cbc:PaymentMeansCode")).toEqual(["30", "30"]);
    expect(texts(xml, "cbc:PaymentID")).toEqual([doc.reference!.value, doc.reference!.value]);
    expect(xml).toMatch(/<cbc:ID>50501055<\/cbc:ID>\s*<cac:FinancialInstitutionBranch>\s*<cbc:ID>SE:BANKGIRO<\/cbc:ID>/);
    expect(xml).toContain('<cbc:PayableAmount currencyID="SEK">12803.84</cbc:PayableAmount>');
  });

  it(
    "carries a Swedish case's word on late-payment interest in its one payment terms note, as its PDF prints it (räntelagen 4 §)",
    async () => {
      const paymentTerms = (xml: string) => blocks(xml, "cac:PaymentTerms");
      const swedish = buildPeppolInvoice(swedishInvoice(), { profile: "peppol" });
      expect(paymentTerms(swedish)).toHaveLength(1);
      expect(texts(paymentTerms(swedish)[0]!, "cbc:Note")).toEqual([
        "Förfallodag 2026-12-22\nBetalas fakturan inte i tid är ni skyldig att betala dröjsmålsränta enligt räntelagen (1975:635).",
      ]);
      // In the invoice's language, whatever it is.
      const english = englishSwedishInvoice();
      expect(texts(paymentTerms(english)[0]!, "cbc:Note")).toEqual([`Due date 2026-12-22\n${documentTexts("eng", "SWE").interestNotice}`]);
      await expectXsdValid(english);
      const { cen, peppol } = schematron(english);
      expect([...cen.failures, ...peppol.failures]).toEqual([]);
      expect(cen.evaluated).toContain("UBL-SR-05");

      // Korkolaki and forsinkelsesrenteloven ask no such words; a credit note has nothing to be late with.
      for (const xml of [
        buildPeppolInvoice(finnishInvoice(), { profile: "peppol" }),
        buildPeppolInvoice({ ...finnishInvoice(), language: "swe" }, { profile: "peppol" }),
        buildPeppolInvoice(norwegianInvoice(), { profile: "ehf" }),
        buildPeppolInvoice(swedishCreditNote(), { profile: "peppol" }),
      ]) {
        expect(xml).not.toMatch(/räntelagen|1975:635/);
      }
      const finnish = finnishInvoice();
      expect(texts(paymentTerms(buildPeppolInvoice(finnish, { profile: "peppol" }))[0]!, "cbc:Note")).toEqual([`Eräpäivä ${finnish.dueDate}`]);
    },
    SLOW,
  );

  it("writes EHF with the organisation number and Foretaksregisteret", () => {
    const doc = norwegianInvoice();
    const xml = buildPeppolInvoice(doc, { profile: "ehf" });
    expect(xml).toContain('<cbc:EndpointID schemeID="0192">123456785</cbc:EndpointID>');
    expect(xml).toContain('<cbc:CompanyID schemeID="0192">123456785</cbc:CompanyID>');
    expect(xml).toMatch(/<cbc:CompanyID>Foretaksregisteret<\/cbc:CompanyID>\s*<cac:TaxScheme>\s*<cbc:ID>TAX<\/cbc:ID>/);
    expect(text(xml, "cbc:CompanyLegalForm")).toBe("Foretaksregisteret");
    expect(text(xml, "cbc:PaymentID")).toBe(doc.reference!.value);
    expect(xml).toContain('<cbc:PayableAmount currencyID="NOK">13176.09</cbc:PayableAmount>');
    // Only a registered company states it.
    expect(buildPeppolInvoice(doc, { profile: "ehf", foretaksregisteret: false })).not.toContain("Foretaksregisteret");
  });

  it("states Foretaksregisteret as the seller's document does: an AS by its name, a sole trader not", () => {
    const doc = norwegianInvoice();
    expect(doc.seller.foretaksregisteret).toBe(true);
    const soleTrader = { ...doc, seller: { ...doc.seller, name: "Kari Nordmann Rørlegger", foretaksregisteret: false } };
    expect(buildPeppolInvoice(soleTrader, { profile: "ehf" })).not.toContain("Foretaksregisteret");
  });

  it("carries the date of supply as the actual delivery date", () => {
    const xml = buildPeppolInvoice(finnishInvoice(), { profile: "peppol" });
    expect(xml).toMatch(/<cac:Delivery>\s*<cbc:ActualDeliveryDate>2026-11-20<\/cbc:ActualDeliveryDate>/);
    expect(buildPeppolInvoice({ ...finnishInvoice(), deliveryDate: null }, { profile: "peppol" })).not.toContain("cac:Delivery>");
  });

  it("names the date and place of delivery on every Norwegian EHF invoice and credit note (bokføringsforskriften § 5-1-1 nr. 4)", () => {
    for (const doc of [
      { ...norwegianInvoice(), deliveryDate: null },
      { ...norwegianCreditNote(), deliveryDate: null },
    ]) {
      const xml = buildPeppolInvoice(doc, { profile: "ehf" });
      expect(text(xml, "cbc:ActualDeliveryDate")).toBe(doc.date);
      const location = xml.slice(xml.indexOf("<cac:DeliveryLocation>"), xml.indexOf("</cac:DeliveryLocation>"));
      expect(location).toContain(`<cbc:StreetName>${doc.buyer.street}</cbc:StreetName>`);
      expect(location).toContain(`<cbc:PostalZone>${doc.buyer.postcode}</cbc:PostalZone>`);
      expect(location).toContain(`<cbc:IdentificationCode>${doc.buyer.country}</cbc:IdentificationCode>`);
    }
  });

  it("refuses what Peppol cannot carry", () => {
    expect(() => buildPeppolInvoice(finnishReminder(), { profile: "peppol" })).toThrow(EInvoiceError);
    expect(() => buildPeppolInvoice(finnishInvoice(), { profile: "ehf" })).toThrow(/Norwegian/);
    const noReference = { ...finnishInvoice(), yourReference: null, orderNumber: null };
    noReference.buyer = { ...noReference.buyer, customerNumber: null };
    expect(() => buildPeppolInvoice(noReference, { profile: "peppol" })).toThrow(/reference/);
    const noAddress = finnishInvoice();
    noAddress.buyer = { ...noAddress.buyer, eInvoiceAddress: null, businessId: null };
    expect(() => buildPeppolInvoice(noAddress, { profile: "peppol" })).toThrow(/electronic address/);
  });
});
