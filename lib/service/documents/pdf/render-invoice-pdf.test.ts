import { describe, expect, it } from "vitest";

import type { FinnishCollector } from "../../../env";
import { buildBankgiroReadingLine } from "../../../payment-data/bankgiro-reading-line";
import { parseFinnishBarcode } from "../../../payment-data/finnish-barcode";
import { createRfReference } from "../../../payment-data/references";
import { datasetItemSchema } from "../../../spec/dataset-item";
import { COUNTRIES, type Country } from "../../../spec/environments";
import { readBankgiroReadingLine } from "../../../testing/bankgiro-reading-line-reader";
import { COLLECTOR, LONGEST_COLLECTOR } from "../../../testing/fixtures/finnish-collector";
import { collection, invoice, reminder } from "../../../testing/jobs";
import { pdfBarcodes, pdfPageTexts, pdfQrCodes, pdfTextItems } from "../../../testing/pdf-reading";
import { computeInterest } from "../../lifecycle/interest";
import type { Creditor } from "../creditor";
import { buildInvoiceDocument, isCreditNote, type InvoiceDocument, type NoticeFee } from "../invoice-document";
import { documentTexts } from "../texts";

import { QR_QUIET_MODULES } from "./draw-codes";
import { loadFontFile } from "./font-coverage";
import { formatDate, formatDecimal, formatMoney, formatPercent } from "./format";
import { FINNISH_FORM, NORWEGIAN_FORM, paymentPartHeight, qrModule, readingLineRuns, SWEDISH_FORM } from "./payment-parts";
import { fittingSize, FONT, mm, newDocument, OCR_B_FILE, PAGE } from "./pdf-kit";
import { renderInvoicePdf } from "./render-invoice-pdf";

/* The invoice image, read back: its text, its page count, and what its barcode and QR code say. */

const CREDITORS: Record<Country, Creditor> = {
  FIN: {
    name: "Demo Oy",
    street: "Mannerheimintie 1",
    postcode: "00100",
    city: "Helsinki",
    country: "FI",
    businessId: "2617416-4",
    vatNumber: "FI26174164",
    iban: "FI2112345600000785",
    bic: "NDEAFIHH",
  },
  SWE: { name: "Demo AB", street: "Drottninggatan 1", postcode: "111 51", city: "Stockholm", country: "SE", businessId: "556703-7485", bankgiro: "5050-1055" },
  NOR: { name: "Demo AS", street: "Karl Johans gate 1", postcode: "0154", city: "Oslo", country: "NO", businessId: "988077917", account: "86011117947" },
};

type DocumentOptions = {
  reference?: string | null;
  billnum?: string;
  preview?: boolean;
  onlineLink?: string;
  creditor?: Creditor;
  collector?: FinnishCollector;
};

/** The document of a job as the tests post it: job 100001 of 22 November 2026, the country's creditor, the test collector. */
function documentOf(country: Country, item: Record<string, unknown>, options: DocumentOptions = {}) {
  return buildInvoiceDocument({
    item: datasetItemSchema.parse(item),
    jobid: 100_001,
    billnum: options.billnum ?? "1001",
    reference: options.reference === undefined ? "12345672" : options.reference,
    country,
    creditor: options.creditor ?? CREDITORS[country],
    today: "2026-11-22",
    dueDateAgreed: true,
    finnishCollector: options.collector ?? COLLECTOR,
    preview: options.preview,
    onlineLink: options.onlineLink,
  });
}

async function render(country: Country, item: Record<string, unknown>, options: DocumentOptions = {}) {
  const pdf = await renderInvoicePdf(documentOf(country, item, options));
  return { pdf, texts: await pdfPageTexts(pdf) };
}

/** Payment references longer than a notice's details' values column: RF of 23 and 25 characters, a 20-digit Finnish one. */
const LONG_REFERENCES = [createRfReference("1234567890123456789"), createRfReference("123456789012345678901"), "12345678901234567894"];

/**
 * The payment reference in a letter's details (right of the envelope window, above the body): one
 * text run, whole, at the details' 8.5 pt, inside the text's width, with no other run of the details
 * on its line nor less than a line over or under it.
 */
async function expectReferenceWhole(pdf: Buffer, reference: string, label: string) {
  const toMm = (points: number) => (points * 25.4) / 72;
  const items = (await pdfTextItems(pdf, 1)).map((run) => ({ ...run, left: toMm(run.x), right: toMm(run.x + run.width), top: 297 - toMm(run.y) }));
  const intro = items.filter((run) => run.left < 21 && run.top > 85).reduce((first, run) => (run.top < first.top ? run : first));
  const details = items.filter((run) => run.left >= 119.5 && run.top > 44 && run.top < intro.top - toMm(intro.size));
  const compact = (text: string) => text.replace(/\s/g, "");
  const whole = details.filter((run) => compact(run.text) === reference);
  expect(whole, label).toHaveLength(1);
  const run = whole[0]!;
  // No piece of it anywhere else in the details.
  expect(
    details.filter((other) => other !== run && /^[0-9A-Z]+$/.test(compact(other.text)) && reference.includes(compact(other.text)) && other.text !== "1001"),
    label,
  ).toEqual([]);
  expect(run.size, label).toBeGreaterThanOrEqual(8.45);
  expect(run.right, label).toBeLessThanOrEqual(190.1);
  for (const other of details.filter((candidate) => candidate !== run && candidate.left < run.right && candidate.right > run.left))
    expect(Math.abs(other.top - run.top), `${label}: "${other.text}"`).toBeGreaterThanOrEqual(toMm(8.5) - 0.05);
}

describe("the Finnish invoice", () => {
  it("shows the reference, IBAN, amount and due date, on one page", async () => {
    const { texts } = await render("FIN", invoice());
    expect(texts).toHaveLength(1);
    for (const expected of [
      "LASKU",
      "123 45672",
      "IBAN FI21 1234 5600 0007 85",
      "BIC NDEAFIHH",
      "273,00",
      "6.12.2026",
      "Maija Meikäläinen",
      "Y-tunnus 2617416-4",
    ]) {
      expect(texts[0]).toContain(expected);
    }
  });

  it("carries a bank barcode that decodes to the account, amount, reference and due date, and prints it as text too", async () => {
    const { pdf, texts } = await render("FIN", invoice());
    const [code] = await pdfBarcodes(pdf);
    expect(code).toHaveLength(54);
    expect(parseFinnishBarcode(code!)).toMatchObject({ version: 4, iban: "FI2112345600000785", cents: 27_300n, reference: "12345672", dueDate: "2026-12-06" });
    expect(texts[0]).toContain(code);
  });

  it("uses barcode version 5 for an RF reference", async () => {
    const { pdf } = await render("FIN", invoice(), { reference: "RF18539007547034" });
    expect(parseFinnishBarcode((await pdfBarcodes(pdf))[0]!)).toMatchObject({ version: 5, reference: "RF18539007547034" });
  });

  it("carries an EPC QR code with the payee, IBAN, amount and the reference in RF form", async () => {
    const { pdf } = await render("FIN", invoice());
    const [payload] = await pdfQrCodes(pdf);
    expect(payload?.split("\n").slice(0, 10)).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "NDEAFIHH",
      "Demo Oy",
      "FI2112345600000785",
      "EUR273.00",
      "",
      expect.stringMatching(/^RF\d{2}12345672$/),
    ]);
  });

  it("prints the debtor's link as text to type and as a QR code to scan, beside the EPC code and on the same one page", async () => {
    const link = "https://pay.example.fi/d/3k8f2x7h4m2qprt9kz3va5cd";
    const { pdf, texts } = await render("FIN", invoice(), { onlineLink: link });
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain("Katso ja maksa verkossa:");
    expect(texts[0]).toContain("https://pay.example.fi/d/");
    expect(texts[0]).toContain("3k8f2x7h4m2qprt9kz3va5cd");
    const codes = await pdfQrCodes(pdf);
    expect(codes).toContain(link);
    expect(codes.some((code) => code.startsWith("BCD\n"))).toBe(true);
  });

  it("prints no link on a preview or a credit note", async () => {
    const link = "https://pay.example.fi/d/3k8f2x7h4m2qprt9kz3va5cd";
    const preview = await render("FIN", invoice(), { onlineLink: link, preview: true });
    expect(preview.texts[0]).not.toContain("/d/");
    const credit = await render("FIN", invoice({ payrow: [{ desc: "Refund", count: "1", amount: "-10.00", taxpr: "0" }] }), { onlineLink: link });
    expect(credit.texts[0]).not.toContain("/d/");
  });

  it("writes Nordic and Sámi letters as text, not as missing glyphs", async () => {
    const { texts } = await render("FIN", invoice({ person: "Áilu Čohkkiid-Ŋåŧđø", freetext: "Giitu! Æ ø å ä ö ž š" }));
    expect(texts[0]).toContain("Áilu Čohkkiid-Ŋåŧđø");
    expect(texts[0]).toContain("Giitu! Æ ø å ä ö ž š");
  });

  it("reads back a bill number, a name and a row as they were sent, with no ligature glyph for fi or fl", async () => {
    const { texts } = await render("FIN", invoice({ person: "Fiia Flinkman", payrow: [{ desc: "Official fluff", count: "1", amount: "10.00", taxpr: "0" }] }), {
      billnum: "R-fin-fl-1",
    });
    for (const sent of ["R-fin-fl-1", "Fiia Flinkman", "Official fluff"]) expect(texts[0]).toContain(sent);
    expect(texts[0]).not.toMatch(/[\uFB00-\uFB06]/);
  });
});

describe("the word on late-payment interest", () => {
  const flat = (texts: string[]) => texts.join(" ").replace(/\s+/g, " ");

  it("is under a Swedish case's invoice total, in its language, and under no Finnish or Norwegian one", async () => {
    const swedish = await render("SWE", invoice({ currency: "SEK", language: "swe", postcode: "111 22", city: "Stockholm" }), { reference: "10007" });
    expect(flat(swedish.texts)).toContain(documentTexts("swe", "SWE").interestNotice);
    const english = await render("SWE", invoice({ currency: "SEK", language: "eng", postcode: "111 22", city: "Stockholm" }), { reference: "10007" });
    expect(flat(english.texts)).toContain(documentTexts("eng", "SWE").interestNotice);
    for (const country of ["FIN", "NOR"] as const) {
      const other = await render(country, invoice(country === "NOR" ? { currency: "NOK", language: "nor", postcode: "0154", city: "Oslo" } : {}), {
        reference: country === "NOR" ? "12345674" : "12345672",
      });
      expect(flat(other.texts)).not.toMatch(/räntelagen|1975:635/);
    }
  });
});

describe("the Swedish and Norwegian payment parts", () => {
  it("pays a Swedish profile without a bankgiro or plusgiro to its bank account or IBAN, never to a blank account", async () => {
    const item = { ...invoice(), language: "swe", postcode: "111 22", city: "Stockholm" };
    const { bankgiro: _, ...withoutGiro } = CREDITORS.SWE;
    const account = await render("SWE", item, { reference: "1234567897", creditor: { ...withoutGiro, account: "5000-1234567" } });
    expect(account.texts[0]).toMatch(/Bankkonto\s+5000-1234567/);
    expect(account.texts[0]).not.toMatch(/IBAN/);
    const iban = await render("SWE", item, { reference: "1234567897", creditor: { ...withoutGiro, iban: "SE4550000000058398257466" } });
    expect(iban.texts[0]).toMatch(/IBAN\s+SE45 5000 0000 0583 9825 7466/);
  });

  it("gives the Bankgiro, OCR number and amount in kronor", async () => {
    const { pdf, texts } = await render("SWE", invoice({ currency: "SEK", language: "swe", postcode: "111 22", city: "Stockholm" }), { reference: "10007" });
    for (const expected of ["FAKTURA", "Bankgiro", "5050-1055", "OCR-nummer", "10007", "273,00 SEK", "2026-12-06"]) expect(texts[0]).toContain(expected);
    expect(await pdfBarcodes(pdf)).toEqual([]);
  });

  it("is Bankgirot's inbetalningskort: its boxes, and the OCR reading line that reads back as the reference, amount and bankgiro", async () => {
    const { texts } = await render("SWE", invoice({ currency: "SEK", language: "swe", postcode: "111 22", city: "Stockholm" }), { reference: "1234567897" });
    for (const expected of [
      "INBETALNINGSKORT",
      "Bankgironummer 5050-1055",
      "Förfallodag 2026-12-06",
      "Betalningsmottagare Demo AB",
      "OCR-nummer 1234567897",
      "Kronor 273 Öre 00",
      "Inbetalare Maija Meikäläinen",
    ])
      expect(texts[0]).toContain(expected);
    const line = /# \d[\d #>]*#41#/.exec(texts[0]!)?.[0];
    expect(line).toBeDefined();
    expect(readBankgiroReadingLine(line!)).toEqual({ reference: "1234567897", amountOre: 27_300n, bankgiro: "50501055", formType: "41" });
  });

  it("prints the reading line in OCR-B, each character in its 2.54 mm cell, on its baseline, alone in its zone", async () => {
    const { pdf, texts } = await render("SWE", invoice({ currency: "SEK", language: "eng" }), { reference: "1234567897" });
    const line = /# \d[\d #>]*#41#/.exec(texts[0]!)![0];
    const items = await pdfTextItems(pdf);
    const toMm = (points: number) => (points * 25.4) / 72;
    const zoneTop = SWEDISH_FORM.height - SWEDISH_FORM.readingZone.y;
    const inZone = items.filter((item) => toMm(item.y) < zoneTop);
    const expected = readingLineRuns(buildBankgiroReadingLine({ reference: "1234567897", amountOre: 27_300n, currency: "SEK", bankgiro: "5050-1055" })!);
    expect(inZone.map((item) => item.text)).toEqual(expected.map((run) => run.text));
    expect(line.replace(/\s+/g, "")).toBe(expected.map((run) => run.text).join(""));
    inZone.forEach((item, index) => {
      expect(toMm(item.x)).toBeCloseTo(expected[index]!.x, 1);
      expect(toMm(item.y)).toBeCloseTo(SWEDISH_FORM.height - SWEDISH_FORM.readingLine.baseline, 1);
    });
    // One font for the whole line, and not the one the rest of the form is set in.
    const fonts = new Set(inZone.map((item) => item.fontName));
    expect(fonts.size).toBe(1);
    expect(items.filter((item) => toMm(item.y) >= zoneTop).some((item) => fonts.has(item.fontName))).toBe(false);
  });

  it("carries a reminder's whole amount due in the reading line, fees included", async () => {
    const { texts } = await render("SWE", { ...reminder({ noticefee: "60.00" }), language: "swe" }, { reference: "1234567897" });
    const read = readBankgiroReadingLine(/# \d[\d #>]*#41#/.exec(texts[0]!)![0])!;
    const kronor = /Kronor ([\d\s]+) Öre (\d{2})/u.exec(texts[0]!)!;
    expect(read.amountOre).toBe(BigInt(kronor[1]!.replace(/\s/g, "")) * 100n + BigInt(kronor[2]!));
    expect(read.amountOre).toBeGreaterThan(6_000n);
  });

  it("leaves the reading line off, and keeps the boxes, where the line cannot be made", async () => {
    const base = invoice({ currency: "SEK", language: "swe" });
    const cases = [
      [
        "a Plusgiro creditor",
        await render("SWE", base, { reference: "1234567897", creditor: { ...CREDITORS.SWE, bankgiro: undefined, plusgiro: "286543-4" } }),
        "Plusgironummer 286543-4",
      ],
      ["an amount in euros", await render("SWE", invoice({ currency: "EUR", language: "swe" }), { reference: "1234567897" }), "Belopp 273,00 EUR"],
      ["a reference that is no OCR number", await render("SWE", base, { reference: "INV 1001" }), "Referens INV 1001"],
      ["a preview", await render("SWE", base, { reference: "1234567897", preview: true }), "OCR-nummer"],
    ] as const;
    for (const [, { texts }, shown] of cases) {
      expect(texts[0]).toContain("INBETALNINGSKORT");
      expect(texts[0]).toContain(shown);
      expect(texts[0]).not.toContain("#41#");
      expect(texts[0]).not.toContain("avläses maskinellt");
    }
  });

  it("gives the account, KID and amount in kroner, after rows that run over several pages", async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ desc: `Linje ${i + 1}`, count: "1", amount: "10.00", taxpr: "25" }));
    const { texts } = await render("NOR", invoice({ currency: "NOK", language: "nor", payrow: rows }), { reference: "00100008" });
    expect(texts.length).toBeGreaterThan(1);
    const last = texts.at(-1)!;
    for (const expected of ["8601 11 17947", "KID", "00100008", "750,00 NOK", `Side ${texts.length}/${texts.length}`]) expect(last).toContain(expected);
    expect(texts.join(" ")).toContain("Linje 60");
    // Dates as Norwegian invoices write them, two digits each (dd.mm.åååå).
    expect(texts[0]).toMatch(/\b\d{2}\.\d{2}\.\d{4}\b/);
    expect(texts.join(" ")).not.toMatch(/(^|[^\d.])\d\.\d{1,2}\.\d{4}\b|(^|[^\d.])\d{1,2}\.\d\.\d{4}\b/);
  });

  it("captions the Norwegian giro in Norwegian whatever the letter's language, as the Finnish and Swedish forms keep theirs", async () => {
    for (const language of ["nor", "eng", "fin"]) {
      const { texts } = await render("NOR", invoice({ currency: "NOK", language }), { reference: "00100008" });
      for (const caption of ["Betalt av", "Betalt til", "Til konto", "Betalingsfrist", "Kundeidentifikasjon (KID)", "Beløp"])
        expect(texts[0], `${language}: ${caption}`).toContain(caption);
      expect(texts[0]).not.toMatch(/Paid by|Pay to|Maksaja|Maksun saaja/);
    }
  });
});

/*
 * The payer's box of each country's payment part, as its geometry places it (mm from the page's top
 * left): the lines a bank clerk and the debtor read to see who pays. The postcode and city are
 * always its last line; a long name, c/o line and street give up words, never a word's letters.
 */
describe("the payer's box of the payment part", () => {
  const boxes = {
    FIN: (top: number) => ({ ...FINNISH_FORM.payer, y: top + FINNISH_FORM.payer.y }),
    SWE: (top: number) => {
      const box = SWEDISH_FORM.boxes.payer;
      return { x: box.x + 1.5, y: top + box.y + 4.3, width: box.width - 3, height: box.height - 5 };
    },
    NOR: (top: number) => {
      const box = NORWEGIAN_FORM.boxes.payer;
      return { x: box.x + 1.5, y: top + box.y + 4.5, width: box.width - 3, height: box.height - 5.5 };
    },
  };
  const toMm = (points: number) => (points * 25.4) / 72;
  const payer = {
    person: "Maija Marjatta Meikäläinen-Virtanen de la Cruz Henriksson",
    addressaddline1: "c/o Oy Pitkänimisen Isännöintitoimiston Palvelut Ab",
    address: "Pohjoisesplanadin ja Mannerheimintien kulmaus 123 A 45 (sisäpiha, porraskäytävä C)",
  };

  async function payerLines(country: Country, item: Record<string, unknown>, options: DocumentOptions = {}) {
    const document = documentOf(country, invoice(item), { reference: { FIN: "12345672", SWE: "1234567897", NOR: "1234567890" }[country], ...options });
    const pdf = await renderInvoicePdf(document);
    const top = 297 - toMm(paymentPartHeight(document));
    // The payer's lines are the payment part's only text in 9 pt.
    const lines = (await pdfTextItems(pdf, 1))
      .filter((run) => 297 - toMm(run.y) > top && Math.abs(run.size - 9) < 0.01)
      .map((run) => ({
        text: run.text,
        left: toMm(run.x),
        right: toMm(run.x + run.width),
        top: 297 - toMm(run.y + run.size * 0.93),
        bottom: 297 - toMm(run.y - run.size * 0.24),
      }));
    return { lines, box: boxes[country](top) };
  }

  it.each([
    ["FIN", "fin", "00100", "Helsinki"],
    ["SWE", "swe", "111 22", "Stockholm"],
    ["NOR", "nor", "0154", "Oslo"],
  ] as const)(
    "keeps a long name, c/o line and street inside the box, at spaces, and the postcode and city under them, %s",
    async (country, language, postcode, city) => {
      const { lines, box } = await payerLines(country, { ...payer, language, postcode, city });
      const texts = lines.map((line) => line.text);
      expect(texts.at(-1)).toBe(`${postcode} ${city}`);
      expect(texts[0]).toMatch(/^Maija Marjatta/);
      expect(texts).toContainEqual(expect.stringMatching(/^c\/o Oy Pitkänimisen/));
      expect(texts).toContainEqual(expect.stringMatching(/^Pohjoisesplanadin/));
      // Every word as the job wrote it: a line is whole words, the last of a shortened part followed by "…".
      const words = new Set(Object.values(payer).flatMap((text) => text.split(" ")));
      for (const text of texts.slice(0, -1)) for (const word of text.replace(/ …$/, "").split(" ")) expect(words, text).toContain(word);
      for (const line of lines) {
        expect(line.left).toBeGreaterThanOrEqual(box.x - 0.01);
        expect(line.right, line.text).toBeLessThanOrEqual(box.x + box.width + 0.01);
        expect(line.top).toBeGreaterThanOrEqual(box.y - 0.01);
        expect(line.bottom, line.text).toBeLessThanOrEqual(box.y + box.height + 0.01);
      }
    },
  );

  it.each(["FIN", "SWE", "NOR"] as const)("prints an address that fits as it is, %s", async (country) => {
    const { lines } = await payerLines(country, { addressaddline1: "c/o Virtanen" });
    expect(lines.map((line) => line.text)).toEqual(["Maija Meikäläinen", "c/o Virtanen", "Esimerkkikatu 1", "00100 Helsinki"]);
  });

  it.each([
    ["FIN", "fin", "SE", "111 22", "Stockholm", "RUOTSI"],
    ["FIN", "eng", "SE", "111 22", "Stockholm", "SWEDEN"],
    ["SWE", "swe", "FI", "00100", "Helsinki", "FINLAND"],
    ["SWE", "eng", "NO", "0154", "Oslo", "NORWAY"],
    ["NOR", "nor", "SE", "111 22", "Stockholm", "SVERIGE"],
    ["NOR", "eng", "FI", "00100", "Helsinki", "FINLAND"],
  ] as const)(
    "names a payer's country abroad under the postcode and city, in the document's language, %s %s",
    async (country, language, addresscountry, postcode, city, name) => {
      const plain = await payerLines(country, { language, addresscountry, postcode, city });
      expect(plain.lines.map((line) => line.text)).toEqual(["Maija Meikäläinen", "Esimerkkikatu 1", `${postcode} ${city}`, name]);
      // A long address abroad keeps the box's rules: the postcode and city, then the country, inside the box.
      const { lines, box } = await payerLines(country, { ...payer, language, addresscountry, postcode, city });
      expect(lines.map((line) => line.text).slice(-2)).toEqual([`${postcode} ${city}`, name]);
      expect(lines[0]!.text).toMatch(/^Maija Marjatta/);
      for (const line of lines) {
        expect(line.left).toBeGreaterThanOrEqual(box.x - 0.01);
        expect(line.right, line.text).toBeLessThanOrEqual(box.x + box.width + 0.01);
        expect(line.top).toBeGreaterThanOrEqual(box.y - 0.01);
        expect(line.bottom, line.text).toBeLessThanOrEqual(box.y + box.height + 0.01);
      }
    },
  );

  it.each([
    ["FIN", "FI"],
    ["SWE", "SE"],
    ["NOR", "NO"],
  ] as const)("names no country for a payer at home, %s", async (country, addresscountry) => {
    const { lines } = await payerLines(country, { addresscountry });
    expect(lines.map((line) => line.text)).toEqual(["Maija Meikäläinen", "Esimerkkikatu 1", "00100 Helsinki"]);
  });
  it("tells home from abroad by the country the letter is posted from, not by a creditor abroad's", async () => {
    // A Finnish environment's creditor registered in Sweden: the letter still goes by Finnish post with a Finnish bank form.
    const options = { creditor: { ...CREDITORS.FIN, country: "SE" } };
    const home = await payerLines("FIN", {}, options);
    expect(home.lines.map((line) => line.text)).toEqual(["Maija Meikäläinen", "Esimerkkikatu 1", "00100 Helsinki"]);
    const abroad = await payerLines("FIN", { addresscountry: "SE", postcode: "111 22", city: "Stockholm" }, options);
    expect(abroad.lines.map((line) => line.text)).toEqual(["Maija Meikäläinen", "Esimerkkikatu 1", "111 22 Stockholm", "RUOTSI"]);
    // The envelope's address block the same way.
    expect((await render("FIN", invoice({}), options)).texts[0]).not.toContain("SUOMI");
    expect((await render("FIN", invoice({ addresscountry: "SE", postcode: "111 22", city: "Stockholm" }), options)).texts[0]).toContain("RUOTSI");
  });
});

describe("reminders and collection letters", () => {
  it("list a posted notice's rows as the claim's basis, each at the invoice's total, with no VAT column, breakdown, totals or reverse charge", async () => {
    // A notice is no VAT invoice: the VAT was invoiced once, on the invoice the claim is for.
    const payrow = [{ desc: "Konsultointi", count: "1", amount: "150.50", taxpr: "25.5" }];
    for (const country of COUNTRIES)
      for (const language of ["fin", "swe", "nor", "eng"])
        for (const [make, customertype] of [
          [reminder, "2"],
          [collection, "2"],
          [collection, "1"],
        ] as const) {
          const item = make({ language, customertype, person: "Maija Meikäläinen", noticefee: "5.00", overdueinterest: "9.5", negvat: "1", payrow });
          const { texts: pages } = await render(country, item, { reference: { FIN: "12345672", SWE: "1234567897", NOR: "1234567890" }[country] });
          const texts = documentTexts(language as "fin", country);
          const pair = `${language} ${item.jobtype === "1" ? "reminder" : "collection"} of a ${country} case`;
          const text = pages.join(" ");
          // The row as the invoice charged for it, 150.50 and its 25.5 % VAT, with no unit price, rate or VAT between.
          const listed = `${texts.description} ${texts.quantity} ${texts.gross} Konsultointi 1 ${formatMoney(18888n, texts.locale)} `;
          // A Finnish payment demand keeps one page with its bank form: where the rows would take the form to
          // a second page (its collector's particulars, the creditor's, the posted reminder fee and its own
          // fee each take lines), its basis line names them alone.
          if (country === "FIN" && item.jobtype === "2") {
            expect(pages, pair).toHaveLength(1);
            expect(text, pair).toContain(`${texts.basis} Konsultointi`);
          } else expect(text, pair).toContain(listed);
          for (const vat of [texts.totalNet, texts.totalVat, `${texts.vatRate} `, texts.vatPercent, texts.reverseCharge])
            expect(text, `${pair}: ${vat}`).not.toContain(vat);
          expect(text, pair).toContain(texts.totalToPay);
        }
    // The invoice itself keeps its VAT columns and says the buyer accounts for the VAT.
    const { texts: pages } = await render("FIN", invoice({ language: "fin", negvat: "1", payrow }));
    const texts = documentTexts("fin", "FIN");
    for (const expected of [texts.vatPercent, texts.totalVat, texts.reverseCharge]) expect(pages.join(" ")).toContain(expected);
  }, 120_000);

  // An invoice's rows, which it always lists, and a notice's where a long free text takes it to a
  // second page anyway (elsewhere its basis line names the rows it leaves off).
  it("never leave the rows' header alone at a page's foot: it goes to the page its first row goes to", async () => {
    // A row long enough that it, the totals and the payment part do not fit under the header on page one;
    // from some lines on, not even on an empty page, where the totals go on alone to a page after the row's.
    let summaryAfterRow = false;
    for (const lines of [3, 10, 20, 30, 40, 50, 60]) {
      const desc = `Konsultointi${"\nsuunnittelu".repeat(lines)}`;
      const { texts: pages } = await render("FIN", invoice({ language: "fin", payrow: [{ desc, count: "1", amount: "150.50", taxpr: "25.5" }] }));
      const headed = pages.flatMap((page, index) => (page.includes("Kuvaus Määrä") ? [index] : []));
      expect(headed, `${lines} lines`).toHaveLength(1);
      expect(pages[headed[0]!]!.indexOf("Konsultointi"), `${lines} lines`).toBeGreaterThan(pages[headed[0]!]!.indexOf("Kuvaus Määrä"));
      if (pages.findIndex((page) => page.includes("Maksettava yhteensä")) > headed[0]!) summaryAfterRow = true;
    }
    expect(summaryAfterRow).toBe(true);
    // A notice lists its rows where its free text takes the letter to a second page anyway; a row too
    // long for the room under the claim takes its header to the next page with it.
    const freetext = Array.from(
      { length: 40 },
      (_, index) => `Toimitus ${index + 1}: tilaus toimitettiin osissa, ja tämä muistutus koskee sen viimeistä erää.`,
    ).join(" ");
    let headerMoved = false;
    for (const lines of [10, 20, 30, 40]) {
      const desc = `Konsultointi${"\nsuunnittelu".repeat(lines)}`;
      const item = reminder({ language: "fin", freetext, payrow: [{ desc, count: "1", amount: "150.50", taxpr: "25.5" }] });
      const { texts: pages } = await render("FIN", item);
      const headed = pages.flatMap((page, index) => (page.includes("Kuvaus Määrä") ? [index] : []));
      expect(headed, `notice, ${lines} lines`).toHaveLength(1);
      expect(pages[headed[0]!]!.indexOf("Konsultointi", pages[headed[0]!]!.indexOf("Kuvaus Määrä")), `notice, ${lines} lines`).toBeGreaterThan(-1);
      if (headed[0]! > 0) headerMoved = true;
      // The basis line names the row by its first line, not by all its lines down the claim's column.
      expect(pages[0], `notice, ${lines} lines`).toMatch(/Peruste Konsultointi (?!suunnittelu)/);
    }
    expect(headerMoved).toBe(true);
  }, 60_000);

  // A notice's free text (up to 4000 characters) is measured as drawn: 20 mm were reserved for it,
  // and a long one ran over the footer and the legal notice into the bank form.
  it("keep a long free text and the legal notice above the footer and the payment part, the text whole and in order", async () => {
    const toTop = (y: number) => PAGE.height - y;
    const sentences = (count: number) =>
      Array.from({ length: count }, (_, index) => `Toimitus ${index + 1}: tilaus toimitettiin osissa, ja tämä muistutus koskee sen viimeistä erää.`).join(" ");
    const cases: [Country, string, string][] = [
      ["FIN", "fin", sentences(14)],
      ["FIN", "fin", sentences(40)],
      ["FIN", "fin", sentences(60).slice(0, 4000)],
      ["SWE", "swe", sentences(40)],
    ];
    for (const [country, language, freetext] of cases) {
      const options = { reference: { FIN: "12345672", SWE: "1234567897", NOR: "1234567890" }[country] };
      const document = documentOf(country, reminder({ language, freetext }), options);
      const { pdf, texts: pages } = await render(country, reminder({ language, freetext }), options);
      const creditor = CREDITORS[country];
      const notice = documentTexts(language as "fin", country).reminderNotice(`${creditor.name}, ${creditor.street}, ${creditor.postcode} ${creditor.city}`);
      const label = `${country}, ${freetext.length} characters`;
      const drawn: string[] = [];
      for (let page = 1; page <= pages.length; page++) {
        const last = page === pages.length;
        // Above the payment part and its footer on the last page; above the footer on the others.
        const bottom = PAGE.height - (last ? paymentPartHeight(document) + mm(14) : mm(20));
        const items = await pdfTextItems(pdf, page);
        const of = (text: string) => items.filter((item) => item.text.trim().length > 20 && text.includes(item.text.trim()));
        for (const item of [...of(freetext), ...of(notice)]) expect(toTop(item.y), `${label}, page ${page}: "${item.text}"`).toBeLessThan(bottom);
        drawn.push(...of(freetext).map((item) => item.text.trim()));
        if (last)
          expect(
            of(notice)
              .map((item) => item.text.trim())
              .join(" "),
            label,
          ).toBe(notice);
      }
      expect(drawn.join(" "), label).toBe(freetext);
      // None of these fits on the first page with the claim: the summary went on, not over the form.
      expect(pages.length, label).toBeGreaterThan(1);
    }
  }, 60_000);

  it("show the original invoice, the fee, the interest and what to pay", async () => {
    const { texts } = await render("FIN", reminder({ noticefee: "5.00", overdueinterest: "11.5", language: "fin" }), { billnum: "INV-1001" });
    const text = texts[0]!;
    // Due: made Sunday 22.11.2026, sent Monday, delivered by 30.11 at the latest, ten days after it
    // (lifecycle/rules.ts): the term the case escalates from.
    // Interest to the reminder's own due date (15.9. to 10.12.2026, 86 days), so that paying the total
    // on the day asked leaves nothing open for the case to dun again: 150,50 × 11,5 % × 86 / 365 = 4,08.
    for (const expected of ["MAKSUMUISTUTUS", "INV-1001", "15.9.2026", "150,50", "5,00", "Viivästyskorko (11,5 %, 86 pv)", "4,08", "159,58", "10.12.2026"])
      expect(text).toContain(expected);
    // The period the interest was counted for, from its first day, and what paying on another day means.
    expect(text).toContain("Viivästyskorko (korkolaki 633/1982) on laskettu ajalta 16.9.–10.12.2026.");
    expect(text).toContain("jos maksatte aiemmin, liikaa maksettu palautetaan teille pyytämättä.");
  });

  it("show the law's late-payment interest when the job agreed no rate", async () => {
    // korkolaki 633/1982 4 a §: a business debtor owes the reference rate + 8 points from the due date.
    const { texts } = await render("FIN", reminder({ noticefee: "5.00", language: "fin" }), { billnum: "INV-1001" });
    // To the reminder's due date, 10.12.2026: what the case will have charged if the debtor pays then.
    const statutory = computeInterest("FIN", true, 15_050n, "2026-09-15", "2026-12-10", null);
    const rate = formatPercent(statutory.periods.at(-1)!.basisPoints / 100, "fi-FI");
    const interest = formatMoney(statutory.amount, "fi-FI");
    expect(statutory.amount).toBeGreaterThan(0n);
    for (const expected of [`Viivästyskorko (${rate} %, 86 pv) ${interest}`, formatMoney(15_050n + 500n + statutory.amount, "fi-FI")])
      expect(texts[0]).toContain(expected);
    expect(texts[0]).toContain("Viivästyskorko (korkolaki 633/1982) on laskettu ajalta 16.9.–10.12.2026.");
  });

  it("cite the law of the case's country in Swedish: a Finnish case's betalningskrav is no Swedish inkassokrav", async () => {
    const { texts } = await render("FIN", collection({ language: "swe" }), { billnum: "INV-1001" });
    const finnish = texts.join(" ");
    for (const expected of [
      "BETALNINGSKRAV",
      // A business debtor's: 513/1999 5 § is the payment demand of a consumer claim.
      "betalningskrav enligt lagen om indrivning av fordringar (513/1999)",
      "Referensnummer 12345672",
      "Förfallodag 10.12.2026",
    ])
      expect(finnish).toContain(expected);
    for (const foreign of ["inkassolagen", "Kronofogde", "betalningsanmärkning", "OCR-nummer", "INKASSOKRAV"]) expect(finnish).not.toContain(foreign);
    const swedish = (
      await render("SWE", collection({ language: "swe", postcode: "11122", city: "Stockholm" }), { billnum: "INV-1001", reference: "1234567897" })
    ).texts.join(" ");
    for (const expected of ["INKASSOKRAV", "inkassolagen (1974:182)", "OCR-nummer 1234567897"]) expect(swedish).toContain(expected);
    expect(swedish).not.toContain("513/1999");
  });

  it("address the debtor in one register in Swedish: ni, as the credit note does", async () => {
    for (const item of [reminder({ language: "swe" }), collection({ language: "swe" })]) {
      const text = (await render("SWE", { ...item, postcode: "11122", city: "Stockholm" }, { reference: "1234567897" })).texts.join(" ");
      expect(text).toMatch(/\bni\b/);
      expect(text).not.toMatch(/\b(du|din|dig)\b/i);
    }
  });

  /*
   * A Finnish payment demand is the collector's (513/1999 5 §: the letter of one who collects for
   * another as a business, whose fees 10 a § and 10 e § cap): it comes from the collector, names the
   * creditor it collects for apart, by name, business id and address (5 a §), and sends objections
   * to the collector. A reminder stays the creditor's, and so do a Swedish inkassokrav and a
   * Norwegian betalingsoppfordring.
   */
  it("name the collector who sends a Finnish payment demand and the creditor it collects for", async () => {
    const collector = COLLECTOR;
    for (const customertype of ["1", "2"]) {
      const { texts } = await render("FIN", collection({ customertype, company: "Velallinen Oy" }), { collector });
      const text = texts.join(" ");
      for (const expected of [
        collector.name,
        "Perijä (toimeksisaaja) · Y-tunnus 2617416-4",
        "Perijänkatu 5, 00500 Helsinki",
        "Merkitty perintätoiminnan harjoittajien rekisteriin (laki 411/2018): REK-1234/2024",
        "Velkoja (toimeksiantaja) Demo Oy Y-tunnus 2617416-4 Mannerheimintie 1, 00100 Helsinki",
        "Toimeksiantajamme saatava on edelleen maksamatta",
        "ilmoittakaa siitä meille ennen eräpäivää: perinta@perija.example, +358 9 123 4567;",
      ])
        expect(text, `customertype ${customertype}`).toContain(expected);
      // The letterhead is the collector's: the creditor is named under the details, not as the sender.
      expect(text.indexOf(collector.name)).toBeLessThan(text.indexOf("Velkoja (toimeksiantaja)"));
    }
    for (const language of ["swe", "nor", "eng", "est"]) {
      const text = (await render("FIN", collection({ language }), { collector })).texts.join(" ");
      expect(text, language).toContain(collector.name);
      expect(text, language).toContain(
        `(${language === "eng" ? "Act" : language === "fin" ? "laki" : language === "swe" ? "lag" : language === "nor" ? "lov" : "seadus"} 411/2018): REK-1234/2024`,
      );
      expect(text, language).toContain("perinta@perija.example, +358 9 123 4567;");
    }
    const reminderText = (await render("FIN", reminder(), { collector })).texts.join(" ");
    expect(reminderText).not.toContain(collector.name);
    for (const country of ["SWE", "NOR"] as const) {
      const text = (await render(country, collection({ language: country === "SWE" ? "swe" : "nor" }), { collector })).texts.join(" ");
      expect(text, country).not.toContain(collector.name);
    }
  });

  // The letterhead stands above the envelope window however long the collector's settings are (lib/env.ts caps them).
  it("keep the longest collector's letterhead above the envelope window", async () => {
    const toMm = (points: number) => (points * 25.4) / 72;
    for (const language of ["fin", "swe", "nor", "eng", "est"]) {
      const { pdf } = await render("FIN", collection({ language }), { collector: LONGEST_COLLECTOR });
      const items = await pdfTextItems(pdf);
      // The window: 20 mm from the left, 45 mm from the top, 90 × 40 mm; a baseline inside it is text shown in it.
      const inWindow = items.filter((item) => toMm(item.x) < 110 && 297 - toMm(item.y) > 45 && 297 - toMm(item.y) < 85);
      const letterhead = items.filter((item) => toMm(item.x) < 110 && 297 - toMm(item.y) <= 44);
      expect(letterhead.length, language).toBeGreaterThanOrEqual(5);
      // The register line keeps the entry whole, shortening the register's name before it.
      expect(letterhead.map((item) => item.text).join(" "), language).toContain(LONGEST_COLLECTOR.registerEntry);
      const buyer = "Velallinen Oy Velkatie 3 02100 Espoo";
      for (const item of inWindow) expect(buyer, `${language}: ${item.text}`).toContain(item.text.trim());
    }
  });

  // The foot of the collector's letter is the collector's: its particulars, not the creditor's VAT number.
  it("print the collector's particulars at the foot of a Finnish payment demand", async () => {
    const text = (await render("FIN", collection())).texts.join(" ");
    expect(text).toContain("Perintäpalvelu Esimerkki Oy · Y-tunnus 2617416-4 · Kotipaikka Espoo");
    expect(text).toContain("+358 9 123 4567 · perinta@perija.example");
    expect(text).not.toContain("FI26174164");
    expect((await render("FIN", reminder())).texts.join(" ")).toContain("Demo Oy · Y-tunnus 2617416-4 · ALV-numero FI26174164");
  });

  // The collector collects, the creditor is paid: the demand says so, and its bank form is the creditor's.
  it("pay a Finnish payment demand to the creditor's account, with the creditor as payee and its reference", async () => {
    const texts = {
      fin: "Pyydämme maksamaan saatavan viimeistään eräpäivänä toimeksiantajamme tilille alla olevalla tilisiirrolla, jotta välttyisitte lisäkuluilta.",
      swe: "Vänligen betala senast på förfallodagen till uppdragsgivarens konto med gireringsblanketten nedan, så undviker ni ytterligare kostnader.",
      nor: "Vennligst betal innen forfallsdatoen til vår oppdragsgivers konto med giroen nedenfor, for å unngå ytterligere kostnader.",
      eng: "Please pay by the due date into our client's account using the bank transfer form below, to avoid further costs.",
      est: "Palun tasuge see hiljemalt maksetähtajaks meie kliendi kontole alloleva pangaülekande andmetega, et vältida lisakulusid.",
    };
    for (const [language, sentence] of Object.entries(texts))
      expect((await render("FIN", collection({ language }))).texts.join(" "), language).toContain(sentence);
    const { pdf } = await render("FIN", collection());
    const [code] = await pdfBarcodes(pdf);
    expect(parseFinnishBarcode(code!)).toMatchObject({ iban: "FI2112345600000785", reference: "12345672" });
    const [payload] = await pdfQrCodes(pdf);
    expect(payload?.split("\n").slice(5, 7)).toEqual(["Demo Oy", "FI2112345600000785"]);
    expect((await render("FIN", reminder())).texts.join(" ")).not.toContain(texts.fin);
  });

  /*
   * A payment demand is read with its bank form: Finnish debtors and banks expect one sheet with
   * the tilisiirtolomake at its foot. Posted as jobtype 2 with its invoice's rows, the header lines
   * a job may add (customer number, our and your reference) and a consumer's notice, the longest
   * (513/1999 5 and 5 a §, 4 c §), it ran onto a second page: the creditor stood under the details
   * in the header's column, which then reached far below the envelope window.
   */
  it("keep a posted consumer's payment demand with rows and the header's optional lines on one page, the bank form at its foot", async () => {
    const toMm = (points: number) => (points * 25.4) / 72;
    const formTop = 297 - FINNISH_FORM.height;
    const item = collection({
      customertype: "2",
      person: "Maija Meikäläinen",
      company: null,
      amount: "150.60",
      noticefee: "5.00",
      custnum: "C-4711",
      ourcode: "Perintä 2026/77",
      yourcode: "Maija M.",
      payrow: [
        { desc: "Konsultointi", count: "1", amount: "100.00", taxpr: "25.5" },
        { desc: "Matkakulut", count: "1", amount: "20.00", taxpr: "25.5" },
      ],
    });
    for (const collector of [COLLECTOR, LONGEST_COLLECTOR]) {
      const label = collector.name;
      const { pdf, texts } = await render("FIN", item, { collector, onlineLink: "https://pay.example.fi/d/3k8f2x7h4m2qprt9kz3va5cd" });
      expect(texts[0]!.replaceAll(" ,", ","), label).toContain("Velkoja (toimeksiantaja) Demo Oy, Y-tunnus 2617416-4, Mannerheimintie 1, 00100 Helsinki");
      const items = (await pdfTextItems(pdf, 1)).map((run) => ({ ...run, left: toMm(run.x), right: toMm(run.x + run.width), top: 297 - toMm(run.y) }));
      // Where the details leave it no room under them, the creditor stands at the top of the body: at
      // its left edge, under the envelope window (the body starts 92 mm down), above the intro.
      const creditor = items.find((run) => run.text === "Velkoja (toimeksiantaja)");
      const intro = items.find((run) => run.text.startsWith("Toimeksiantajamme saatava"));
      expect(creditor!.top - toMm(creditor!.size) * 0.72, label).toBeGreaterThanOrEqual(92);
      expect(Math.abs(creditor!.left - 20), label).toBeLessThan(0.5);
      expect(creditor!.top, label).toBeLessThan(intro!.top);
      expect(texts, label).toHaveLength(1);
      // Each part of the form in its field: x across the sheet, y down from the form's top line (payment-parts.ts).
      const fields: [string, number, number, number, number][] = [
        ["IBAN FI21 1234 5600 0007 85", 20, 105, 0, 16.9],
        ["Demo Oy", 20, 105, 16.9, 33.9],
        ["Maija Meikäläinen", 0, 105, 33.9, 59.3],
        ["123 45672", 121, 210, 59.3, 72],
        ["10.12.2026", FINNISH_FORM.dueDate.x, FINNISH_FORM.dueDate.x + FINNISH_FORM.dueDate.width, 72, 84.7],
        ["TILISIIRTO. GIRERING", 105, 210, 84.7, FINNISH_FORM.height],
      ];
      for (const [text, left, right, top, bottom] of fields) {
        const run = items.find((candidate) => candidate.text.trim() === text && candidate.top > formTop);
        expect(run, `${label}: ${text}`).toBeDefined();
        expect(run!.left, `${label}: ${text}`).toBeGreaterThanOrEqual(left);
        expect(run!.right, `${label}: ${text}`).toBeLessThanOrEqual(right);
        expect(run!.top - formTop, `${label}: ${text}`).toBeGreaterThan(top);
        expect(run!.top - formTop, `${label}: ${text}`).toBeLessThan(bottom);
      }
      const [code] = await pdfBarcodes(pdf, 1);
      expect(parseFinnishBarcode(code!), label).toMatchObject({ iban: "FI2112345600000785", reference: "12345672", dueDate: "2026-12-10" });
      // The letter ends above its footer and the footer's rule, which end above the form: the runs
      // above the form's top line, wherever they were drawn, the letter's keep 14 mm clear of it,
      // and no two of them, the footer's included, touch.
      const above = items.filter((run) => run.top < formTop);
      const footerTop = items.find((run) => run.text === "Sivu 1/1")!.top - toMm(7) - 1.5;
      const letter = above.filter((run) => run.top < footerTop);
      expect(letter.length, label).toBeGreaterThan(30);
      expect(above.length - letter.length, label).toBeGreaterThanOrEqual(3);
      for (const run of letter) expect(run.top + toMm(run.size) * 0.2, `${label}: ${run.text}`).toBeLessThan(Math.min(footerTop, formTop - 14));
      for (const run of above) expect(run.top + toMm(run.size) * 0.2, `${label}: ${run.text}`).toBeLessThan(formTop);
      const box = (run: (typeof above)[number]) => ({
        left: run.left,
        right: run.right,
        top: run.top - toMm(run.size) * 0.72,
        bottom: run.top + toMm(run.size) * 0.2,
      });
      above.forEach((run, index) => {
        for (const other of above.slice(index + 1)) {
          const [a, b] = [box(run), box(other)];
          const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          expect(apart, `${label}: "${run.text}" and "${other.text}"`).toBe(true);
        }
      });
    }
  });

  /*
   * The commonest shape of a demand the service sends for a business with a long name: its name
   * takes two lines of the creditor's line at the top of the body, the job brings its customer
   * number, our and your reference, and the invoice had five rows. The demand ran about 1.5 mm onto a
   * second page, its notice and the bank form alone there: the claim named the invoice's number a
   * second time ("Alkuperäinen lasku") beside the amounts, though the details name it.
   */
  it("keep a payment demand on one page when the creditor's name takes two lines, the job brings its header lines and the invoice five rows", async () => {
    const toMm = (points: number) => (points * 25.4) / 72;
    const formTop = 297 - FINNISH_FORM.height;
    const name = "Pohjois-Pohjanmaan Kiinteistönhuolto- ja Rakennuspalvelut Osakeyhtiö";
    const payrow = ["Konsultointi", "Matkakulut", "Materiaalit", "Asennustyö", "Käsittelymaksu"].map((desc) => ({
      desc,
      count: "1",
      amount: "20.00",
      taxpr: "25.5",
    }));
    for (const customertype of ["2", "1"]) {
      const consumer = customertype === "2";
      const label = consumer ? "consumer" : "business";
      const item = collection({
        customertype,
        person: consumer ? "Maija Meikäläinen" : null,
        company: consumer ? null : "Velallinen Oy",
        amount: "150.60",
        noticefee: "5.00",
        custnum: "C-4711",
        ourcode: "Perintä 2026/77",
        yourcode: "Maija M.",
        payrow,
      });
      const document = documentOf("FIN", item, { creditor: { ...CREDITORS.FIN, name }, onlineLink: "https://pay.example.fi/d/3k8f2x7h4m2qprt9kz3va5cd" });
      const pdf = await renderInvoicePdf(document);
      const pages = await pdfPageTexts(pdf);
      expect(pages, label).toHaveLength(1);
      const page = pages[0]!.replaceAll(" ,", ",");
      const texts = documentTexts("fin", "FIN");
      // The creditor on two lines in the body, or under the details where a closer layout puts it there
      // (its particulars a line each), the collector, the invoice, the claim and the law's notice: nothing left off.
      expect(page, `${label}: the creditor`).toMatch(
        new RegExp(`Velkoja \\(toimeksiantaja\\) ${name},? Y-tunnus 2617416-4,? Mannerheimintie 1, 00100 Helsinki`),
      );
      for (const expected of [
        COLLECTOR.name,
        `${texts.number} 1001`,
        `${texts.originalDate} 1.9.2026`,
        `${texts.originalDueDate} 15.9.2026`,
        `${texts.customerNumber} C-4711`,
        `${texts.ourReference} Perintä 2026/77`,
        `${texts.yourReference} Maija M.`,
        `${texts.capital} 150,60 EUR`,
        `${texts.totalToPay} ${formatMoney(document.amountDue, "fi-FI")} EUR`,
        `${texts.dueDate} 10.12.2026`,
        consumer
          ? "Tämä on saatavien perinnästä annetun lain (513/1999) 5 ja 5 a §:n mukainen maksuvaatimus."
          : "Tämä on saatavien perinnästä annetun lain (513/1999) mukainen maksuvaatimus.",
        ...(consumer ? ["(513/1999 4 c §)"] : []),
      ])
        expect(page, `${label}: ${expected}`).toContain(expected);
      const items = (await pdfTextItems(pdf, 1)).map((run) => ({ ...run, top: 297 - toMm(run.y) }));
      // The body at its sizes: the intro at 9.5 pt, the claim's amounts at 9, the notice at 9.
      const size = (start: string) => items.find((run) => run.text.startsWith(start))!.size;
      expect(size("Toimeksiantajamme saatava"), label).toBeCloseTo(9.5, 1);
      expect(size(texts.capital), label).toBeCloseTo(9, 1);
      expect(size("Tämä on saatavien perinnästä"), label).toBeCloseTo(9, 1);
      // The letter ends above its footer, 14 mm over the bank form, which stands whole at the sheet's foot.
      const footerTop = items.find((run) => run.text === "Sivu 1/1")!.top - toMm(7) - 1.5;
      for (const run of items.filter((candidate) => candidate.top < footerTop))
        expect(run.top + toMm(run.size) * 0.2, `${label}: ${run.text}`).toBeLessThan(Math.min(footerTop, formTop - 14));
      const receiver = items.find((run) => run.text === "Pohjois-Pohjanmaan Kiinteistönhuolto- ja" && run.top > formTop);
      expect(receiver!.top - formTop, label).toBeGreaterThan(16.9);
      expect(receiver!.top - formTop, label).toBeLessThan(33.9);
      expect(parseFinnishBarcode((await pdfBarcodes(pdf, 1))[0]!), label).toMatchObject({
        reference: "12345672",
        dueDate: "2026-12-10",
        cents: document.amountDue,
      });
    }
  });

  it("print a payment demand's long payment reference whole on one line at full size, clear of the lines beside it", async () => {
    for (const customertype of ["2", "1"])
      for (const reference of LONG_REFERENCES) {
        const item = collection({
          customertype,
          person: customertype === "2" ? "Maija Meikäläinen" : null,
          company: customertype === "2" ? null : "Velallinen Oy",
          custnum: "C-4711",
          ourcode: "Perintä 2026/77",
          yourcode: "Maija M.",
        });
        const pdf = await renderInvoicePdf(documentOf("FIN", item, { reference }));
        const label = `${customertype}, ${reference}`;
        expect(await pdfPageTexts(pdf), label).toHaveLength(1);
        await expectReferenceWhole(pdf, reference, label);
        expect(parseFinnishBarcode((await pdfBarcodes(pdf, 1))[0]!).reference, label).toBe(reference);
      }
  });

  // A long creditor's name takes the creditor's line at the top of the body to a second line: it
  // broke at the hyphen of the business id's label, "…Osakeyhtiö, Y-" over "tunnus 2617416-4".
  it("break a payment demand's creditor line between its particulars, never inside its business id", async () => {
    const name = "Pohjois-Pohjanmaan Kiinteistönhuolto- ja Rakennuspalvelut Osakeyhtiö";
    const item = collection({
      customertype: "2",
      person: "Maija Meikäläinen",
      company: null,
      custnum: "C-4711",
      ourcode: "Perintä 2026/77",
      yourcode: "Maija M.",
    });
    const pdf = await renderInvoicePdf(documentOf("FIN", item, { creditor: { ...CREDITORS.FIN, name } }));
    const lines = new Map<number, string[]>();
    for (const run of await pdfTextItems(pdf, 1)) lines.set(Math.round(run.y), [...(lines.get(Math.round(run.y)) ?? []), run.text]);
    const texts = [...lines.values()].map((runs) => runs.join(""));
    const first = texts.findIndex((line) => line.startsWith("Velkoja (toimeksiantaja)"));
    expect(texts[first]).toContain(name);
    expect(texts[first + 1]).toMatch(/^,? ?Y-tunnus 2617416-4, Mannerheimintie 1, 00100 Helsinki$/);
  });

  // Party.businessId may be null (a buyer's always may); the creditor's line then prints none.
  it("name a creditor without a business id under a payment demand without printing an empty one", async () => {
    const document = documentOf("FIN", collection());
    const text = (await pdfPageTexts(await renderInvoicePdf({ ...document, seller: { ...document.seller, businessId: null } }))).join(" ");
    expect(text).toContain("Velkoja (toimeksiantaja) Demo Oy Mannerheimintie 1, 00100 Helsinki");
    expect(text).not.toContain("null");
  });

  // A job posted straight to collection (jobtype 2) without a noticedate tells of no reminder: the
  // letter may not say one was sent. Finland asks the noticedate at intake; Sweden and Norway do not.
  it("say that a reminder went before a collection letter only where one is known", async () => {
    const references: Record<Country, string> = { FIN: "12345672", SWE: "1234567897", NOR: "1234567890" };
    const despite = /huolimatta|trots (påminnelse|inkassovarning)|etter (påminnelsen|inkassovarselet)|despite|hoolimata/;
    for (const country of COUNTRIES)
      for (const language of ["fin", "swe", "nor", "eng", "est"]) {
        const letter = async (noticedate: string | null) =>
          (await render(country, collection({ language, noticedate }), { reference: references[country] })).texts.join(" ");
        const pair = `${language} letter of a ${country} case`;
        expect(await letter(null), pair).not.toMatch(despite);
        expect(await letter("2026-09-30"), pair).toMatch(despite);
        // A reminder fee posted with the job presupposes the reminder it was charged on.
        const feeOnly = (await render(country, collection({ language, noticedate: null, noticefee: "60.00" }), { reference: references[country] })).texts.join(
          " ",
        );
        expect(feeOnly, pair).toMatch(despite);
      }
    const sweden = (await render("SWE", collection({ language: "swe", noticedate: null }), { reference: "1234567897" })).texts.join(" ");
    expect(sweden).toContain("Vår fordran är fortfarande obetald. Vänligen betala senast på förfallodagen för att undvika ytterligare kostnader.");
    const swedenWithFee = (await render("SWE", collection({ language: "swe", noticedate: null, noticefee: "60.00" }), { reference: "1234567897" })).texts.join(
      " ",
    );
    // A business debtor's (customertype 1) reminder fee is part of the förseningsersättning (lag 1981:739 4 a §, 6 §).
    expect(swedenWithFee).toContain("Förseningsersättning, del vid påminnelse 60,00 SEK");
    expect(swedenWithFee).not.toContain("Påminnelseavgift");
    expect(swedenWithFee).toContain("Vår fordran är trots påminnelse fortfarande obetald.");
    const norway = (await render("NOR", collection({ language: "nor", noticedate: null }), { reference: "1234567890" })).texts.join(" ");
    expect(norway).toContain("Kravet vårt er fortsatt ikke betalt. Vennligst betal innen forfallsdatoen");
  }, 120_000);

  it("name a Swedish business debtor's reminder fee part of the förseningsersättning, and a consumer's the påminnelseavgift", async () => {
    const consumer = { customertype: "2", person: "Anna Svensson", company: null, postcode: "111 22", city: "Stockholm" };
    const business = { postcode: "111 22", city: "Stockholm" };
    const letter = async (debtor: Record<string, string | null>, language: string) =>
      (await render("SWE", reminder({ language, noticefee: "60.00", ...debtor }), { reference: "1234567897" })).texts.join(" ");
    expect(await letter(business, "swe")).toContain("Förseningsersättning, del vid påminnelse 60,00 SEK");
    expect(await letter(consumer, "swe")).toContain("Påminnelseavgift 60,00 SEK");
    expect(await letter(consumer, "swe")).not.toContain("Förseningsersättning");
    const english = await letter(business, "eng");
    expect(english).toMatch(/Late payment compensation \(förseningsersättning\), part charged with the\s+reminder/u);
    expect(await letter(consumer, "eng")).toContain("Reminder fee");
  }, 60_000);

  it("name a collection letter as one, with its reminder's date", async () => {
    const { texts } = await render("FIN", reminder({ jobtype: "2", noticedate: "2026-09-30", language: "eng" }), { billnum: "INV-1001" });
    for (const expected of ["PAYMENT DEMAND", "This is a payment demand", "Reminder sent", "30/09/2026"]) expect(texts[0]).toContain(expected);
  });
});

/*
 * Every letter of the lifecycle (reminder, collection letter, cut-off warning) in every language for
 * a case of every country, with every kind of cost line and interest: what a debtor reads of the
 * claim is not set smaller to fit, and the law a letter cites is the case's country's.
 */
describe("letters in every language for a case of every country", () => {
  const LANGUAGES = ["fin", "swe", "nor", "eng", "est"] as const;
  const KINDS = ["reminder", "collection", "cutoff"] as const;
  const REFERENCES: Record<Country, string> = { FIN: "12345672", SWE: "1234567897", NOR: "1234567890" };
  const BUYERS: Record<Country, Record<string, string>> = {
    FIN: { postcode: "02100", city: "Espoo" },
    SWE: { postcode: "111 22", city: "Stockholm" },
    NOR: { postcode: "0155", city: "Oslo" },
  };

  /** `interestFrom`: a later start of interest than the original due date (a due date not agreed in advance). */
  async function letterOf(country: Country, language: string, kind: (typeof KINDS)[number], interestFrom?: string) {
    const base = buildInvoiceDocument({
      item: datasetItemSchema.parse(collection({ language, overdueinterest: "11.5", ...BUYERS[country] })),
      jobid: 100_001,
      billnum: "INV-1001",
      reference: REFERENCES[country],
      country,
      creditor: CREDITORS[country],
      today: "2026-11-22",
      dueDateAgreed: true,
      finnishCollector: COLLECTOR,
    });
    // Each kind of cost line a case notice prints (job-documents.ts itemisedFees), a seven-digit capital beside them.
    const fees: NoticeFee[] = [
      { kind: "posted", date: null, amount: 500n },
      { kind: "reminder", date: "2026-09-30", amount: 500n },
      ...(kind === "reminder" ? [] : [{ kind: "collection" as const, date: "2026-10-20", amount: 3_000n }]),
      { kind: "paid", date: null, amount: -200n },
    ];
    const document: InvoiceDocument = {
      ...base,
      kind,
      reminder: { ...base.reminder!, capital: 123_456_789n, fees, ...(interestFrom ? { interestFrom } : {}) },
      cutoff:
        kind === "cutoff"
          ? {
              usagePlaceCode: "UP-9",
              contractNumber: "EL-9",
              disconnectionDate: "2026-12-14",
              consumer: true,
              others: [{ number: "E-2", dueDate: "2026-10-15", open: 12_050n }],
            }
          : null,
    };
    expect(document.reminder!.interest).toBeGreaterThan(0n);
    const pdf = await renderInvoicePdf(document);
    const pages = await pdfPageTexts(pdf);
    const items = (await Promise.all(pages.map((_, page) => pdfTextItems(pdf, page + 1)))).flat();
    return { items, texts: documentTexts(document.language, country), text: pages.join(" "), consumer: document.reminder!.consumer };
  }

  // The invoice a notice is for is named once, in its details: a second "Ursprunglig faktura" /
  // "Opprinnelig faktura" line beside the amounts named it again.
  it("name a Swedish or Norwegian reminder's and collection letter's invoice by its number once", async () => {
    for (const country of ["SWE", "NOR"] as const)
      for (const language of LANGUAGES)
        for (const kind of ["reminder", "collection"] as const) {
          const { texts, text } = await letterOf(country, language, kind);
          const label = `${country}, ${language}, ${kind}`;
          const flat = text.replace(/\s+/g, " ");
          expect(flat.split(`${texts.number} INV-1001`), label).toHaveLength(2);
          expect(flat, label).not.toMatch(/Ursprunglig faktura|Opprinnelig faktura|Original invoice|Algne arve|Alkuperäinen lasku/);
        }
  }, 60_000);

  // A reminder's and a collection letter's explanation of the interest stands across the page under
  // the claim: set in the claim's 84 mm column beside the amounts, a Swedish reminder's took six
  // lines there, though the letter had room for it across the page.
  it("explain a reminder's and a collection letter's interest across the page under the claim, not in the claim's column", async () => {
    for (const country of COUNTRIES)
      for (const language of LANGUAGES)
        for (const kind of ["reminder", "collection"] as const) {
          const { items, texts } = await letterOf(country, language, kind);
          const pair = `${language} letter of a ${country} case (${kind})`;
          const capital = items.find((item) => item.text.startsWith(texts.capital))!;
          const total = items.find((item) => item.text.startsWith(texts.totalToPay))!;
          // Beside the amounts, at the left margin: only the claim's labels, no wider than their 37 mm.
          const beside = items.filter((item) => Math.abs(item.x - mm(20)) < 1 && item.y <= capital.y + 0.5 && item.y >= total.y - 0.5);
          for (const item of beside) expect(item.width, `${pair}: "${item.text}"`).toBeLessThanOrEqual(mm(37.5));
          // Under the total, its lines wider than the claim's column.
          expect(
            items.some((item) => Math.abs(item.x - mm(20)) < 1 && item.y < total.y && item.width > mm(84)),
            pair,
          ).toBe(true);
        }
  }, 120_000);

  it("print every cost line's label, and the header's, at full size: a long one wraps, none is shrunk below 9 pt", async () => {
    // amountLine: the claim's labels start 88 mm in, the total's 70 mm; the header's at 120 mm (8.5 pt).
    const claimX = [mm(20 + 88), mm(20 + 70)];
    for (const country of COUNTRIES)
      for (const language of LANGUAGES)
        for (const kind of KINDS) {
          const { items, texts, consumer } = await letterOf(country, language, kind);
          const near = (x: number, at: number) => Math.abs(x - at) < 0.5;
          const labels = items.filter((item) => claimX.some((x) => near(item.x, x)));
          const pair = `${language} letter of a ${country} case (${kind})`;
          // Capital, the fees, what was paid, the interest and the total, each found where the claim is.
          // A Swedish business debtor's reminder fee, posted or charged, is part of the förseningsersättning, and says so.
          const reminderFees = !consumer && texts.businessReminderFee ? [] : [texts.postedFee, texts.reminderFee];
          for (const label of [texts.capital, ...reminderFees, texts.paidCosts, texts.interest, texts.totalToPay])
            expect(
              labels.some((item) => item.text.startsWith(label)),
              `${pair}: ${label}`,
            ).toBe(true);
          // That longer name wraps: read from its lines joined, once for the posted fee and once for the reminder's.
          if (!consumer && texts.businessReminderFee)
            expect(
              labels
                .map((item) => item.text)
                .join(" ")
                .split(texts.businessReminderFee).length - 1,
              pair,
            ).toBe(2);
          // A Swedish business debtor's collection fee is the förseningsersättning, and says so.
          const collectionFee = consumer ? texts.collectionFee : texts.businessCollectionFee;
          // A long label wraps at its column: the label is read from its lines joined.
          if (kind !== "reminder") expect(labels.map((item) => item.text).join(" "), pair).toContain(collectionFee);
          for (const item of labels) expect(item.size, `${pair}: "${item.text}"`).toBeGreaterThanOrEqual(9);
          for (const item of items.filter((item) => near(item.x, mm(120)))) expect(item.size, `${pair}: "${item.text}"`).toBeGreaterThanOrEqual(8.5);
        }
  }, 120_000);

  it("cite the law of the case's country, in the letter's language and at 9 pt, and name the letter as its title does", async () => {
    // What names each country's acts in every language: the act's number, or its Norwegian name
    // beside the translation; Kronofogden and the Finnish electricity act for the cut-off warning.
    const acts: Record<Country, { collection: string[]; interest: string; cutoff: string; foreign: string[] }> = {
      FIN: { collection: ["513/1999"], interest: "633/1982", cutoff: "588/2013", foreign: ["513/1999", "633/1982", "588/2013"] },
      SWE: {
        collection: ["1974:182", "Kronofogdemyndigheten"],
        interest: "1975:635",
        cutoff: "1997:857",
        foreign: ["1974:182", "1975:635", "1997:857", "Kronofogde"],
      },
      NOR: { collection: ["inkassoloven"], interest: "forsinkelsesrenteloven", cutoff: "NAV", foreign: ["inkassoloven", "forsinkelsesrenteloven"] },
    };
    for (const country of COUNTRIES)
      for (const language of LANGUAGES)
        for (const kind of KINDS) {
          const { text, texts, items } = await letterOf(country, language, kind);
          const pair = `${language} letter of a ${country} case (${kind})`;
          const own = acts[country];
          const expected = [own.interest, ...(kind === "collection" ? own.collection : []), ...(kind === "cutoff" ? [own.cutoff] : [])];
          // A Norwegian case's first notice is the inkassovarsel of inkassoloven § 9, in every language.
          if (kind === "reminder" && country === "NOR") expected.push("inkassoloven");
          for (const phrase of expected) {
            expect(text, `${pair}: ${phrase}`).toContain(phrase);
            // The lines that cite the law are read at the claim's size, not as fine print.
            const lines = items.filter((item) => item.text.includes(phrase));
            expect(lines.length, `${pair}: ${phrase}`).toBeGreaterThan(0);
            for (const line of lines) expect(line.size, `${pair}: "${line.text}"`).toBeGreaterThanOrEqual(9);
          }
          for (const other of COUNTRIES.filter((other) => other !== country))
            for (const phrase of acts[other].foreign) expect(text, `${pair}: ${phrase}`).not.toContain(phrase);
          // One name: the collection letter's text calls it what its title does, besides the title.
          if (kind === "collection") {
            const name = texts.title.collection.toLocaleLowerCase(texts.locale);
            expect(text.toLocaleLowerCase(texts.locale).split(name).length - 1, `${pair}: ${name}`).toBeGreaterThanOrEqual(2);
          }
        }
  }, 120_000);

  it("date a notice under the name its title gives the letter: an inkassovarsel's date is no reminder's", async () => {
    // The words a label may name a letter by, in each language; a label that names one must name the title's.
    const letterWords = ["påminnelse", "varning", "varsel", "reminder", "warning", "muistutus", "varoitus", "meeldetuletus", "hoiatus"];
    for (const country of COUNTRIES)
      for (const language of LANGUAGES) {
        const { text, texts } = await letterOf(country, language, "reminder");
        const pair = `${language} letter of a ${country} case`;
        const label = texts.date.reminder;
        expect(text, pair).toContain(`${label} ${formatDate("2026-11-22", texts.locale)}`);
        const title = texts.title.reminder.toLocaleLowerCase(texts.locale);
        for (const word of letterWords.filter((word) => label.toLocaleLowerCase(texts.locale).includes(word)))
          expect(title, `${pair}: "${label}" under ${texts.title.reminder}`).toContain(word);
      }
  }, 60_000);

  it("tell a Norwegian case's debtor from which day interest is counted, as inkassoloven § 10 asks, in every language", async () => {
    // The original due date (15.9.2026) and the day the interest is counted to (the due date), in one sentence.
    const from: Record<(typeof LANGUAGES)[number], (date: string) => string> = {
      fin: (date) => `laskettu alkuperäisestä eräpäivästä ${date} lähtien`,
      swe: (date) => `beräknad från den ursprungliga förfallodagen ${date} till och med`,
      nor: (date) => `beregnet fra opprinnelig forfallsdato ${date} frem til`,
      eng: (date) => `calculated from the original due date, ${date}, up to`,
      est: (date) => `alusel alates algsest maksetähtajast ${date} kuni`,
    };
    for (const language of LANGUAGES) {
      const { text, texts } = await letterOf("NOR", language, "collection");
      expect(text, language).toContain(from[language](formatDate("2026-09-15", texts.locale)));
    }
    // Interest that starts after the original due date (a due date not agreed in advance): that day, not called the due date.
    const later: Record<(typeof LANGUAGES)[number], (date: string) => string> = {
      fin: (date) => `laskettu ${date} lähtien`,
      swe: (date) => `beräknad från ${date} till och med`,
      nor: (date) => `beregnet fra ${date} frem til`,
      eng: (date) => `calculated from ${date} up to`,
      est: (date) => `alusel alates ${date} kuni`,
    };
    for (const language of LANGUAGES) {
      const { text, texts } = await letterOf("NOR", language, "collection", "2026-10-15");
      expect(text, language).toContain(later[language](formatDate("2026-10-15", texts.locale)));
    }
    // A Finnish or Swedish case's letter gives the period from its first day instead (the next test).
    expect((await letterOf("FIN", "fin", "collection")).text).not.toContain("alkuperäisestä eräpäivästä 15.9.2026");
  }, 60_000);

  it("tell a Finnish or Swedish case's debtor the period interest is counted for, from its first day, in every language", async () => {
    // 513/1999 5 a § and inkassolagen 5 §: the rate and the period. Interest runs from the day after
    // the original due date (15.9.2026), or after the later day where the due date was not agreed.
    const from: Record<(typeof LANGUAGES)[number], (day: string, locale: string) => string> = {
      fin: (day, locale) => `laskettu ajalta ${formatDate(day, locale).replace(/\d{4}$/, "")}–`,
      swe: (day, locale) => `beräknad från och med ${formatDate(day, locale)} till och med`,
      nor: (day, locale) => `beregnet fra og med ${formatDate(day, locale)} til og med`,
      eng: (day, locale) => `calculated from ${formatDate(day, locale)} up to`,
      est: (day, locale) => `alusel alates ${formatDate(day, locale)} kuni`,
    };
    for (const country of ["FIN", "SWE"] as const)
      for (const language of LANGUAGES)
        for (const kind of ["reminder", "collection"] as const) {
          const pair = `${language} ${kind} of a ${country} case`;
          const { text, texts } = await letterOf(country, language, kind);
          expect(text, pair).toContain(from[language]("2026-09-16", texts.locale));
          const later = await letterOf(country, language, kind, "2026-10-15");
          expect(later.text, pair).toContain(from[language]("2026-10-16", texts.locale));
        }
  }, 120_000);

  it("never ask the debtor to request back what he overpaid", async () => {
    for (const country of COUNTRIES)
      for (const language of LANGUAGES) {
        const { text } = await letterOf(country, language, "collection");
        expect(text, `${language} letter of a ${country} case`).not.toMatch(/pyynnöstä|på begäran|på forespørsel|on request|taotluse korral/);
        expect(text, `${language} letter of a ${country} case`).toMatch(
          /pyytämättä|utan att ni behöver begära det|uten at du må be om det|without you having to ask|ilma et peaksite seda küsima/,
        );
      }
  }, 60_000);

  it("cite 513/1999 5 § only to a Finnish consumer, whom it tells that he may ask the claim be taken to court (4 c §)", async () => {
    // 5 § is the payment demand in collecting a consumer claim: a business debtor's cites the act alone.
    const consumerCitation: Record<(typeof LANGUAGES)[number], string> = {
      fin: "Tämä on saatavien perinnästä annetun lain (513/1999) 5 ja 5 a §:n mukainen maksuvaatimus.",
      swe: "Detta är ett betalningskrav enligt 5 och 5 a § i lagen om indrivning av fordringar (513/1999).",
      nor: "Dette er et betalingskrav etter §§ 5 og 5 a i den finske loven om inndriving av fordringer (laki saatavien perinnästä 513/1999).",
      eng: "This is a payment demand (maksuvaatimus) under sections 5 and 5 a of the Finnish Act on the Collection of Debts (513/1999).",
      est: "See on Soome inkassoseaduse (laki saatavien perinnästä 513/1999) § 5 ja § 5 a kohane maksenõue (maksuvaatimus).",
    };
    const businessCitation: Record<(typeof LANGUAGES)[number], string> = {
      fin: "Tämä on saatavien perinnästä annetun lain (513/1999) mukainen maksuvaatimus.",
      swe: "Detta är ett betalningskrav enligt lagen om indrivning av fordringar (513/1999).",
      nor: "Dette er et betalingskrav etter den finske loven om inndriving av fordringer (laki saatavien perinnästä 513/1999).",
      eng: "This is a payment demand (maksuvaatimus) under the Finnish Act on the Collection of Debts (513/1999).",
      est: "See on Soome inkassoseaduse (laki saatavien perinnästä 513/1999) kohane maksenõue (maksuvaatimus).",
    };
    // 4 c § gives a right to ask that collection be suspended, not to have it ended.
    const court: Record<(typeof LANGUAGES)[number], string> = {
      fin: "Voitte myös pyytää, että vapaaehtoinen perintä keskeytetään ja asia siirretään tuomioistuimen ratkaistavaksi (513/1999 4 c §).",
      swe: "Ni kan också begära att den frivilliga indrivningen avbryts och att saken förs till domstol (513/1999 4 c §).",
      nor: "Du kan også be om at den frivillige innkrevingen stilles i bero og at saken bringes inn for domstolen (513/1999 § 4 c).",
      eng: "You may also ask that voluntary collection be suspended and the claim be taken to court (section 4 c of 513/1999).",
      est: "Samuti võite taotleda, et vabatahtlik sissenõudmine peatataks ja asi antaks lahendamiseks kohtule (513/1999 § 4 c).",
    };
    const demand = async (language: string, customertype: string) => {
      const document = buildInvoiceDocument({
        item: datasetItemSchema.parse(collection({ language, customertype, person: "Maija Meikäläinen", company: null })),
        jobid: 100_001,
        billnum: "INV-1001",
        reference: "12345672",
        country: "FIN",
        creditor: CREDITORS.FIN,
        today: "2026-11-22",
        dueDateAgreed: true,
        finnishCollector: COLLECTOR,
      });
      return (await pdfPageTexts(await renderInvoicePdf(document))).join(" ");
    };
    for (const language of LANGUAGES) {
      const consumer = await demand(language, "2");
      expect(consumer, language).toContain(consumerCitation[language]);
      expect(consumer, language).toContain(court[language]);
      expect(consumer, language).not.toMatch(/lopetetaan|kräva att|kreve at|demand that|lõpetataks/);
      const company = await demand(language, "1");
      expect(company, language).toContain(businessCitation[language]);
      expect(company, language).not.toMatch(/\b5 ja 5 a\b|\b5 och 5 a\b|§§ 5 og 5 a|sections 5 and 5 a|§ 5 ja § 5 a/);
      expect(company, language).not.toContain("4 c");
    }
  }, 60_000);
});

describe("cut-off warnings", () => {
  const warning = (country: Country, language: string, consumer = true) => {
    const base = buildInvoiceDocument({
      item: datasetItemSchema.parse(reminder({ jobtype: "2", noticedate: "2026-10-30", language })),
      jobid: 100_001,
      billnum: "E-1",
      reference: country === "FIN" ? "12345672" : null,
      country,
      creditor: CREDITORS[country],
      today: "2026-11-23",
      dueDateAgreed: true,
      finnishCollector: COLLECTOR,
    });
    const cutoff = {
      usagePlaceCode: "UP-9",
      contractNumber: "EL-9",
      disconnectionDate: "2026-12-14",
      consumer,
      others: [{ number: "E-2", dueDate: "2026-10-15", open: 12_050n }],
    };
    return renderInvoicePdf({ ...base, kind: "cutoff", cutoff }).then(pdfPageTexts);
  };

  it("name the usage place, the day, the other invoices and what the supply's country's law wants said", async () => {
    // A line may end after the dash of "102–103 §", which the page's text joins with a space.
    const fin = (await warning("FIN", "fin")).join(" ").replaceAll("– ", "–");
    for (const expected of ["KATKAISUVAROITUS", "Käyttöpaikan UP-9", "14.12.2026 alkaen", "E-2", "120,50", "588/2013, 102–103 §", "kolme kuukautta"])
      expect(fin).toContain(expected);
    const swe = (await warning("SWE", "swe")).join(" ");
    for (const expected of ["AVSTÄNGNINGSVARNING", "anläggningen UP-9", "Socialnämnden i er kommun underrättas", "1997:857"]) expect(swe).toContain(expected);
    expect(swe).not.toMatch(/\b(du|din|dig)\b/i);
    expect(swe).not.toContain("588/2013");
    const nor = (await warning("NOR", "nor")).join(" ");
    for (const expected of ["STENGEVARSEL", "NAV-kontoret"]) expect(nor).toContain(expected);
    // The law follows the supply's country, not the letter's language.
    const english = (await warning("SWE", "eng")).join(" ");
    expect(english).toContain("social welfare board");
    // A company has none of a consumer's protections: none are printed, the objection is.
    const company = (await warning("FIN", "fin", false)).join(" ");
    expect(company).not.toContain("588/2013");
    expect(company).toContain("ilmoittakaa siitä ennen keskeytyspäivää");
    // Every invoice of the place must be paid, not this one only.
    expect(fin).toContain("ja käyttöpaikan muita alla lueteltuja laskuja");
  });

  // As a case's cut-off warning is made (job-documents.ts): the creditor's own letter, without the invoice's rows.
  // A consumer's notice is the longest of all (sähkömarkkinalaki 588/2013 102–103 §, Kela): with the total
  // under the other invoices the notice and the bank form went onto a second page, the first half empty.
  // Its invoice had rows (the common case), so the claim has a basis line, and the case was reminded
  // twice, each reminder with its fee: with the invoice's number, date and due date and the day it
  // was reminded in the claim's column, the notice ran about 3 mm onto a second page in Finnish,
  // English and Estonian with no fee, and 7 mm with the two.
  it("keep a Finnish consumer's warning on one page with its bank form, its total under the claim's amounts, above the other invoices", async () => {
    const payrow = [
      { desc: "Sähköenergia 8/2026", count: "1", amount: "100.00", taxpr: "25.5" },
      { desc: "Perusmaksu 8/2026", count: "1", amount: "20.00", taxpr: "25.5" },
    ];
    const reminders: NoticeFee[] = [
      { kind: "reminder", date: "2026-10-01", amount: 500n },
      { kind: "reminder", date: "2026-10-30", amount: 500n },
    ];
    for (const language of ["fin", "swe", "nor", "eng", "est"])
      for (const invoiceRows of [[], payrow])
        for (const fees of [[], reminders]) {
          const label = `${language}, ${invoiceRows.length} rows, ${fees.length} fees`;
          const base = documentOf(
            "FIN",
            reminder({ jobtype: "2", noticedate: "2026-10-30", language, customertype: "2", person: "Maija Meikäläinen", company: null, payrow: invoiceRows }),
          );
          const fee = fees.reduce((sum, line) => sum + line.amount, 0n);
          const claim = { ...base.reminder!, fees, fee };
          const cutoff = {
            usagePlaceCode: "UP-9",
            contractNumber: "EL-9",
            disconnectionDate: "2026-12-14",
            consumer: true,
            others: [{ number: "E-2", dueDate: "2026-10-15", open: 12_050n }],
          };
          const amountDue = claim.capital + fee + claim.interest;
          const pdf = await renderInvoicePdf({ ...base, kind: "cutoff", cutoff, collector: null, rows: [], reminder: claim, amountDue });
          const pages = await pdfPageTexts(pdf);
          expect(pages, label).toHaveLength(1);
          const texts = documentTexts(language as "fin", "FIN");
          const page = pages[0]!;
          // Where each stands, not the order it was drawn in: a total drawn over the other invoices
          // reads back after the capital and before their heading all the same.
          const runs = await pdfTextItems(pdf, 1);
          const find = (text: string) => runs.find((run) => run.text.startsWith(text));
          const [total, capital, others] = [find(texts.totalToPay), find(texts.capital), find(texts.cutoffOthers)];
          expect(total!.y, label).toBeLessThan(capital!.y);
          expect(total!.y - total!.size, label).toBeGreaterThan(others!.y);
          // In the claim's column, the right-hand half of the body, not across the page.
          expect(total!.x, label).toBeGreaterThan(mm(100));
          expect(total!.x, label).toBeCloseTo(capital!.x, 1);
          // Nothing the law wants is left off: the invoice by its number, date and due date, the day it
          // was reminded, what it was for, each fee, and the warning's intro and consumer notice.
          for (const expected of [
            `${texts.number} 1001`,
            `${texts.originalDate} ${formatDate("2026-09-01", texts.locale)}`,
            `${texts.originalDueDate} ${formatDate("2026-09-15", texts.locale)}`,
            `${texts.noticeDate} ${formatDate("2026-10-30", texts.locale)}`,
            ...(invoiceRows.length > 0 ? [`${texts.basis} Sähköenergia 8/2026, Perusmaksu 8/2026`] : []),
            ...fees.map((line) => `${texts.reminderFee} ${formatDate(line.date!, texts.locale)}`),
            texts.cutoffConsumer.FIN.slice(0, 40),
          ])
            expect(page, `${label}: ${expected}`).toContain(expected);
          expect(parseFinnishBarcode((await pdfBarcodes(pdf, 1))[0]!), label).toMatchObject({ cents: amountDue });
        }
  }, 60_000);

  // A warning whose job brings a customer number, our and your reference: the details had no room
  // for the invoice's dates above the body, so they stood in the claim's column with a second
  // "Alkuperäinen lasku" line and the interest's explanation went across the page under it, and the
  // warning ran onto a second page: by 2.6 mm in Swedish and Norwegian, 6.3 mm in Finnish, English
  // and Estonian, 1.1 mm more with two reminder fees.
  const withReferences = (
    language: string,
    invoiceRows: Record<string, string>[],
    fees: NoticeFee[],
    references: Record<string, string>,
    reference?: string,
  ) => {
    const base = documentOf(
      "FIN",
      reminder({
        jobtype: "2",
        noticedate: "2026-10-30",
        language,
        customertype: "2",
        person: "Maija Meikäläinen",
        company: null,
        payrow: invoiceRows,
        ...references,
      }),
      { onlineLink: "https://pay.example.fi/d/3k8f2x7h4m2qprt9kz3va5cd", reference },
    );
    const fee = fees.reduce((sum, line) => sum + line.amount, 0n);
    const claim = { ...base.reminder!, fees, fee };
    const cutoff = {
      usagePlaceCode: "UP-9",
      contractNumber: "EL-9",
      disconnectionDate: "2026-12-14",
      consumer: true,
      others: [{ number: "E-2", dueDate: "2026-10-15", open: 12_050n }],
    };
    const document: InvoiceDocument = {
      ...base,
      kind: "cutoff",
      cutoff,
      collector: null,
      rows: [],
      reminder: claim,
      amountDue: claim.capital + fee + claim.interest,
    };
    return renderInvoicePdf(document).then((pdf) => ({ pdf, document }));
  };

  it("keep a Finnish consumer's warning with a customer number, our and your reference on one page with its bank form", async () => {
    const payrow = [
      { desc: "Sähköenergia 8/2026", count: "1", amount: "100.00", taxpr: "25.5" },
      { desc: "Perusmaksu 8/2026", count: "1", amount: "20.00", taxpr: "25.5" },
    ];
    const reminders: NoticeFee[] = [
      { kind: "reminder", date: "2026-10-01", amount: 500n },
      { kind: "reminder", date: "2026-10-30", amount: 500n },
    ];
    const references = { custnum: "C-4711", ourcode: "Sähkö 2026/77", yourcode: "Maija M." };
    for (const language of ["fin", "swe", "nor", "eng", "est"])
      for (const invoiceRows of [[], payrow])
        for (const fees of [[], reminders]) {
          const label = `${language}, ${invoiceRows.length} rows, ${fees.length} fees`;
          const { pdf, document } = await withReferences(language, invoiceRows, fees, references);
          const pages = await pdfPageTexts(pdf);
          expect(pages, label).toHaveLength(1);
          const texts = documentTexts(language as "fin", "FIN");
          // The invoice named once, with its dates, the day it was reminded, what it was for, the
          // references, each fee, the total, the other invoice and the consumer's notice.
          for (const expected of [
            `${texts.number} 1001`,
            `${texts.originalDate} ${formatDate("2026-09-01", texts.locale)}`,
            `${texts.originalDueDate} ${formatDate("2026-09-15", texts.locale)}`,
            `${texts.noticeDate} ${formatDate("2026-10-30", texts.locale)}`,
            `${texts.customerNumber} C-4711`,
            `${texts.ourReference} Sähkö 2026/77`,
            `${texts.yourReference} Maija M.`,
            ...(invoiceRows.length > 0 ? [`${texts.basis} Sähköenergia 8/2026, Perusmaksu 8/2026`] : []),
            ...fees.map((line) => `${texts.reminderFee} ${formatDate(line.date!, texts.locale)}`),
            `${texts.totalToPay} ${formatMoney(document.amountDue, texts.locale)} EUR`,
            "E-2",
            texts.cutoffConsumer.FIN.slice(0, 40),
          ])
            expect(pages[0], `${label}: ${expected}`).toContain(expected);
          expect(pages[0]!.split(`${texts.number} 1001`), `${label}: the invoice's number once`).toHaveLength(2);
          expect(pages[0], label).not.toMatch(/Alkuperäinen lasku|Ursprunglig faktura|Opprinnelig faktura|Original invoice|Algne arve/);
          expect(parseFinnishBarcode((await pdfBarcodes(pdf, 1))[0]!), label).toMatchObject({ cents: document.amountDue, dueDate: "2026-12-10" });
        }
  }, 120_000);

  /*
   * Beside the invoice's dates the details' values move right to clear the longer labels, and the
   * job's own references were set to fit what was left: 6.6 to 7 pt, finer than anything else on the
   * letter. Each then went on the line under its label at full size, and with all three long a
   * Finnish consumer's warning in Finnish, English and Estonian ran onto a second page, its legal
   * notice and bank form alone there. Now the letter keeps one page: at full size where any layout
   * allows it, else with one reference set smaller beside its label, no smaller than before.
   */
  it("set a warning's references at the details' full size, a long one on the line under its label, and keep one page", async () => {
    const toMm = (points: number) => (points * 25.4) / 72;
    // One a little longer than the values' column beside the invoice's dates, and all three long.
    const some = { custnum: "C-4711", ourcode: "Sähkösopimus 2026/0004711", yourcode: "Maija M." };
    const long = {
      custnum: "ASIAKAS-2026-0004711-KOTI",
      ourcode: "Sähkösopimus 2026/0004711, käyttöpaikka UP-9",
      yourcode: "Maija Meikäläinen, Esimerkkikatu 1 B 12",
    };
    for (const language of ["fin", "swe", "nor", "eng", "est"])
      for (const references of [some, long]) {
        const { pdf } = await withReferences(language, [], [], references);
        const label = `${language}, ${references.ourcode}`;
        const texts = documentTexts(language as "fin", "FIN");
        expect(await pdfPageTexts(pdf), label).toHaveLength(1);
        const items = (await pdfTextItems(pdf, 1)).map((run) => ({ ...run, left: toMm(run.x), right: toMm(run.x + run.width), top: 297 - toMm(run.y) }));
        // The details: the column right of the envelope window, down to the top of the body's first line.
        const intro = items.filter((run) => run.left < 21 && run.top > 85).reduce((first, run) => (run.top < first.top ? run : first));
        const details = items.filter((run) => run.left >= 119.5 && run.top > 44 && run.top < intro.top - toMm(intro.size));
        const labels = details.filter((run) => Math.abs(run.left - 120) < 0.5);
        for (const name of [texts.customerNumber, texts.ourReference, texts.yourReference])
          expect(
            labels.some((run) => run.text === name),
            `${label}: ${name}`,
          ).toBe(true);
        // Every label and value at the details' 8.5 pt; where nothing else keeps one page, one
        // reference beside its label at no less than the 6.5 pt it had before.
        const smaller = details.filter((run) => run.size < 8.45);
        expect(smaller.length, label).toBeLessThanOrEqual(references === some ? 0 : 1);
        for (const run of smaller) {
          expect(Object.values(references), `${label}: "${run.text}"`).toContain(run.text);
          expect(run.size, `${label}: "${run.text}"`).toBeGreaterThanOrEqual(6.5);
        }
        for (const run of details.filter((candidate) => !smaller.includes(candidate))) expect(run.size, `${label}: "${run.text}"`).toBeCloseTo(8.5, 1);
        // Each whole, read from its lines in order, inside the column, no line over another.
        const joined = details.map((run) => run.text).join(" ");
        for (const value of Object.values(references)) expect(joined, label).toContain(value);
        for (const run of details) expect(run.right, `${label}: "${run.text}"`).toBeLessThanOrEqual(190.1);
        for (const run of details)
          for (const other of details.filter((candidate) => candidate !== run && candidate.left < run.right && candidate.right > run.left))
            expect(Math.abs(other.top - run.top), `${label}: "${run.text}" / "${other.text}"`).toBeGreaterThanOrEqual(toMm(8.5) - 0.05);
      }
  }, 60_000);

  // The payment reference a debtor types: a 23- or 25-character RF reference and a 20-digit Finnish
  // one, beside the invoice's dates, was set at 6 to 6.8 pt, and at 6 pt the RF reference still broke
  // onto a second line, its last digits over the customer number under it.
  it("print a warning's long payment reference whole on one line at full size, clear of the lines beside it", async () => {
    for (const language of ["fin", "eng"])
      for (const reference of LONG_REFERENCES)
        for (const references of [{ custnum: "C-4711", ourcode: "Sähkö 2026/77", yourcode: "Maija M." }, {}] as Record<string, string>[]) {
          const { pdf } = await withReferences(language, [], [], references, reference);
          const label = `${language}, ${reference}, ${Object.keys(references).length} references`;
          expect(await pdfPageTexts(pdf), label).toHaveLength(1);
          await expectReferenceWhole(pdf, reference, label);
        }
  }, 60_000);

  it("tell a Finnish consumer that basic income support is applied for from Kela, the rest from the wellbeing services county, in every language", async () => {
    const where: Record<string, string[]> = {
      fin: ["Perustoimeentulotukea haetaan Kelasta", "ehkäisevää hyvinvointialueelta"],
      swe: ["Grundläggande utkomststöd söks hos FPA", "förebyggande utkomststöd hos välfärdsområdet"],
      nor: ["Grunnleggende sosialhjelp søkes hos Kela (FPA)", "forebyggende sosialhjelp hos velferdsområdet"],
      eng: ["Basic social assistance is applied for from Kela", "preventive assistance from your wellbeing services county"],
      est: ["Põhilist toimetulekutoetust taotletakse Kelalt", "ennetavat toetust oma heaolupiirkonnalt"],
    };
    for (const [language, phrases] of Object.entries(where)) {
      const text = (await warning("FIN", language)).join(" ");
      for (const phrase of phrases) expect(text, language).toContain(phrase);
      // The municipality's social services have not granted income support since 2017 (basic) and 2023 (the rest).
      expect(text, language).not.toMatch(/sosiaalitoimesta|municipality|kommun/);
    }
  });
});

describe("languages and previews", () => {
  it.each([
    ["fin", "LASKU", "Eräpäivä"],
    ["swe", "FAKTURA", "Förfallodag"],
    ["nor", "FAKTURA", "Forfallsdato"],
    ["eng", "INVOICE", "Due date"],
    ["est", "ARVE", "Maksetähtaeg"],
  ])("writes every fixed text in %s", async (language, title, dueDate) => {
    const { texts } = await render("FIN", invoice({ language }));
    expect(texts[0]).toContain(title);
    expect(texts[0]).toContain(dueDate);
  });

  it("marks a preview as not for payment and leaves the payment codes off", async () => {
    const { pdf, texts } = await render("FIN", invoice(), { preview: true, reference: null });
    expect(texts[0]).toContain("ESIKATSELU – ei maksettavaksi");
    expect(await pdfBarcodes(pdf)).toEqual([]);
    expect(await pdfQrCodes(pdf)).toEqual([]);
  });
});

describe("PDF/A-3", () => {
  it("embeds an attached XML as an alternative form of the invoice", async () => {
    const document = documentOf("FIN", invoice());
    const xml = Buffer.from('<?xml version="1.0"?><Finvoice/>');
    const pdf = Buffer.from(await renderInvoicePdf(document, { attachment: { name: "finvoice.xml", content: xml, description: "Finvoice 3.0" } }));
    const raw = pdf.toString("latin1");
    expect(raw).toContain("/AFRelationship /Alternative");
    expect(raw).toContain("(finvoice.xml)");
    expect(raw).toMatch(/pdfaid:part>3</);
  });
});

describe("what a debtor, a bank and a lawyer read (layout and letter texts)", () => {
  // An invoice's details keep 4.6 mm a line however many they are: only a notice closes them, and only where that keeps it on one page.
  it("sets an invoice's details 4.6 mm apart, ten of them too", async () => {
    const toMm = (points: number) => (points * 25.4) / 72;
    const item = invoice({
      custnum: "C-4711",
      ourcode: "Our 1",
      yourcode: "Your 2",
      ordernumber: "4477",
      deliverydate: "2026-11-01",
      overdueinterest: "11.5",
    });
    const document = documentOf("FIN", item);
    const pdf = await renderInvoicePdf(document);
    const texts = documentTexts("fin", "FIN");
    const labels = (await pdfTextItems(pdf, 1))
      .filter((run) => Math.abs(toMm(run.x) - 120) < 0.5 && 297 - toMm(run.y) > 44 && 297 - toMm(run.y) < 110)
      .map((run) => ({ text: run.text, top: 297 - toMm(run.y) }))
      .toSorted((a, b) => a.top - b.top);
    expect(labels.map((label) => label.text)).toEqual(
      expect.arrayContaining([
        texts.number,
        texts.customerNumber,
        texts.ourReference,
        texts.yourReference,
        texts.orderNumber,
        texts.deliveryDate,
        texts.overdueInterest,
      ]),
    );
    expect(labels.length).toBeGreaterThanOrEqual(10);
    labels.slice(1).forEach((label, index) => expect(label.top - labels[index]!.top, label.text).toBeCloseTo(4.6, 1));
  });

  it("prints a credit note as what is credited, with no payment part, due date or amount to pay", async () => {
    const credit = invoice({ refundtobillnum: "INV-2026-17", payrow: [{ desc: "Hyvitys", count: "-1", amount: "100.00", taxpr: "25.5" }] });
    for (const [country, credited, nothing, paymentPart, creditedInvoice] of [
      ["FIN", "Hyvitetään yhteensä", "ei tarvitse maksaa mitään", "TILISIIRTO", "Hyvitettävä lasku INV-2026-17"],
      ["SWE", "Krediteras totalt", "behöver inte betala något", "INBETALNINGSKORT", "Krediterad faktura INV-2026-17"],
      ["NOR", "Kreditert totalt", "trenger ikke å betale noe", "Giro / Betaling", "Kreditert faktura INV-2026-17"],
    ] as const) {
      const { texts } = await render(country, { ...credit, language: { FIN: "fin", SWE: "swe", NOR: "nor" }[country] });
      expect(texts[0]).toContain(credited);
      expect(texts[0]).toContain("125,50");
      expect(texts[0]).toContain(nothing);
      // The invoice it credits, and no payment reference: nobody pays a credit note.
      expect(texts[0]).toContain(creditedInvoice);
      expect(texts[0]).not.toMatch(/Viitenumero|OCR-nummer|KID/);
      expect(texts[0]).not.toContain(paymentPart);
      expect(texts[0]).not.toMatch(/−125,50 (EUR|SEK|NOK)/);
    }
    const { texts } = await render("FIN", credit);
    expect(texts[0]).not.toContain("Maksettava");
    expect(texts[0]).not.toContain("Eräpäivä");
  });

  it("shows a discount column only when a row has a discount, with the rows and totals net of it, and prints the notes", async () => {
    const plain = await render("FIN", invoice());
    expect(plain.texts[0]).not.toContain("Ale %");
    const discounted = invoice({
      freetext: "Kiitos kanta-asiakkuudesta!",
      payrow: [
        { desc: "Konsultointi", count: "2", amount: "100.00", taxpr: "25.5", discountpr: "10" },
        { desc: "Kirja", count: "3", amount: "12.90", taxpr: "10" },
      ],
    });
    const { texts } = await render("FIN", discounted);
    expect(texts[0]).toContain("Ale %");
    // 2 × 100.00 less 10 % is 180.00, VAT 45.90; 38.70 and 3.87 without; 268.47 in all.
    for (const expected of ["180,00", "45,90", "225,90", "38,70", "268,47", "Kiitos kanta-asiakkuudesta!"]) expect(texts[0]).toContain(expected);
    expect((await render("FIN", { ...discounted, language: "eng" })).texts[0]).toContain("Disc. %");
  });

  it("names a recipient's country abroad in the document's language, never by its code", async () => {
    const abroad = invoice({ addresscountry: "SE", postcode: "111 22", city: "Stockholm" });
    expect((await render("FIN", abroad)).texts[0]).toContain("RUOTSI");
    expect((await render("FIN", { ...abroad, language: "eng" })).texts[0]).toContain("SWEDEN");
    expect((await render("FIN", abroad)).texts[0]).not.toMatch(/\bSE\b/);
  });

  it("keeps amounts of a million and more, and a 20-digit reference, whole on their lines", async () => {
    const { texts } = await render("FIN", invoice({ payrow: [{ desc: "Kiinteistö", count: "1", amount: "1234567.89", taxpr: "0" }] }), {
      reference: "12345678901234567894",
    });
    expect(texts[0]).toMatch(/1\s234\s567,89/u);
    expect(texts[0]).toMatch(/12345\s?67890\s?12345\s?67894|12345678901234567894/u);
  });

  /*
   * The largest amounts the service takes (99 999 999 999,99, payment-data/amounts.ts MAX_CENTS),
   * with a minus sign, a discount column and a million-and-more amount beside them, in each
   * country's language and currency: every figure of the rows, the VAT breakdown, the totals and
   * the bank form is drawn whole as one text run, inside the text's width, clear of the runs
   * beside it on its line.
   */
  describe.each([
    ["FIN", "fin", "EUR", "00100", "Helsinki"],
    ["SWE", "swe", "SEK", "111 22", "Stockholm"],
    ["NOR", "nor", "NOK", "0154", "Oslo"],
  ] as const)("with the largest amounts, %s", (country, language, currency, postcode, city) => {
    const cases = {
      "the largest amount to pay": [
        { desc: "Hyvitys", count: "-1", amount: "1234567.89", taxpr: "0" },
        { desc: "Kiinteistö", count: "1", amount: "79681274900.39", taxpr: "25.5" },
        { desc: "Muu", count: "1", amount: "1234567.89", taxpr: "0" },
      ],
      "the largest credit, a discount and a million beside them": [
        { desc: "Kiinteistö Helsingin keskustassa", count: "1", amount: "79681274900.39", taxpr: "25.5" },
        { desc: "Hyvitys", count: "-1", amount: "99999999999.99", taxpr: "0" },
        { desc: "Pieni", count: "1", amount: "1234567.89", taxpr: "14" },
        { desc: "Alennus", count: "1", amount: "1234567.89", taxpr: "10", discountpr: "5" },
      ],
    };
    it.each([
      ...Object.entries(cases).map(([name, payrow]) => [name, payrow, {}] as const),
      // A credit note's totals are negative: the net, the VAT and the total credited at their largest, with a minus sign.
      [
        "a credit note of the largest amount",
        [{ desc: "Hyvitys", count: "-1", amount: "79681274900.39", taxpr: "25.5" }],
        { refundtobillnum: "INV-1" },
      ] as const,
      [
        "a credit note of the largest amount without VAT",
        [{ desc: "Hyvitys", count: "-1", amount: "99999999999.99", taxpr: "0" }],
        { refundtobillnum: "INV-1" },
      ] as const,
    ])("%s", async (_, payrow, extra) => {
      const item = invoice({ language, currency, postcode, city, payrow, ...extra });
      const document = documentOf(country, item, { reference: { FIN: "12345672", SWE: "1234567897", NOR: "1234567890" }[country] });
      const { locale } = documentTexts(document.language, document.country);
      const pdf = await renderInvoicePdf(document);
      expect(await pdfPageTexts(pdf)).toHaveLength(1);
      const toMm = (points: number) => (points * 25.4) / 72;
      const runs = (await pdfTextItems(pdf, 1)).map((run) => ({
        text: run.text.replace(/\s+/gu, " ").trim(),
        left: toMm(run.x),
        right: toMm(run.x + run.width),
        baseline: 297 - toMm(run.y),
      }));
      const money = (cents: bigint) => formatMoney(cents, locale).replace(/\s/gu, " ");
      const figures = [
        ...document.rows.flatMap((row) => [row.net, row.vat, row.gross].map(money)),
        ...document.rows.map((row) => formatDecimal(row.unitPrice, locale, { min: 2, max: 6 }).replace(/\s/gu, " ")),
        ...document.vatBreakdown.flatMap((line) => [money(line.net), money(line.vat)]),
        // A credit note prints what it credits as a positive total beside its negative net and VAT.
        ...[document.totals.net, document.totals.vat, isCreditNote(document) ? -document.amountDue : document.amountDue].map(
          (cents) => `${money(cents)} ${currency}`,
        ),
      ];
      expect(figures.some((figure) => figure.replace(/\D/g, "").length >= 13)).toBe(true);
      for (const figure of figures) expect(runs.map((run) => run.text)).toContain(figure);
      // The bank form's amount: euros on the Finnish form, kronor and öre in their boxes, the amount and its currency on the Norwegian giro.
      const due = money(document.amountDue);
      const bankAmount = isCreditNote(document) ? [] : { FIN: [due], SWE: [due.split(",")[0]!, due.split(",")[1]!], NOR: [`${due} ${currency}`] }[country];
      if (isCreditNote(document)) expect(document.amountDue).toBe(-99_999_999_999_99n);
      for (const figure of bankAmount)
        expect(runs.filter((run) => run.baseline > 297 - toMm(paymentPartHeight(document))).map((run) => run.text)).toContain(figure);
      // Inside the text's width, and never over the run beside it on its line.
      const body = runs.filter((run) => run.baseline < 297 - toMm(paymentPartHeight(document)));
      for (const run of body) expect(run.right).toBeLessThanOrEqual(190.1);
      const lines = new Map<number, typeof runs>();
      for (const run of body) lines.set(Math.round(run.baseline * 2), [...(lines.get(Math.round(run.baseline * 2)) ?? []), run]);
      for (const line of lines.values()) {
        const sorted = line.toSorted((a, b) => a.left - b.left);
        sorted.slice(1).forEach((run, index) => expect(run.left, `${sorted[index]!.text} | ${run.text}`).toBeGreaterThan(sorted[index]!.right));
      }
    });
  });

  it("names a notice's date by what it is, not as an invoice date", async () => {
    const { texts } = await render("SWE", { ...reminder(), language: "swe", postcode: "111 22", city: "Stockholm" }, { reference: "1234567897" });
    expect(texts[0]).toContain("Påminnelsedatum");
  });

  it("tells the debtor where to object and what follows, as each country's law asks of the letter", async () => {
    const letter = (country: Country, language: string, jobtype: "1" | "2") =>
      render(
        country,
        { ...reminder(), jobtype, language, noticedate: "2026-11-01" },
        { reference: { FIN: "12345672", SWE: "1234567897", NOR: "1234567890" }[country] },
      );
    const fiCollection = (await letter("FIN", "fin", "2")).texts.join(" ");
    expect(fiCollection).toContain("(513/1999) mukainen maksuvaatimus");
    expect(fiCollection).toContain("huomauttaa");
    const seCollection = (await letter("SWE", "swe", "2")).texts.join(" ");
    expect(seCollection).toContain("INKASSOKRAV");
    expect(seCollection).toContain("inkassolagen (1974:182)");
    expect(seCollection).toContain("Kronofogdemyndigheten");
    expect(seCollection).toContain("invändningar");
    const noWarning = (await letter("NOR", "nor", "1")).texts.join(" ");
    expect(noWarning).toContain("INKASSOVARSEL");
    expect(noWarning).toContain("inkassoloven § 9");
    // The term is the printed due date (at least 14 days after sending, lifecycle/rules.ts): the letter does not vouch for it.
    expect(noWarning).toMatch(/Forfallsdato \d{2}\.\d{2}\.\d{4}/);
    expect(noWarning).not.toContain("14 dager");
    expect(noWarning).not.toContain("PURRING");
    const noDemand = (await letter("NOR", "nor", "2")).texts.join(" ");
    expect(noDemand).toContain("BETALINGSOPPFORDRING");
    expect(noDemand).toContain("inkassoloven § 10");
  });
});

describe("the Finnish bank transfer form's geometry", () => {
  it("keeps the bank barcode 10 mm tall, clear of the sheet's unprintable edge, with its quiet zones", () => {
    const bar = FINNISH_FORM.barcode;
    expect(bar.height).toBeGreaterThanOrEqual(10);
    expect(FINNISH_FORM.height - (bar.y + bar.height)).toBeGreaterThanOrEqual(5);
    expect(bar.y).toBeGreaterThan(FINNISH_FORM.lines.at(-1)!);
    // At least 6.4 mm free on each side: the sheet's edge on the left, the form's name on the right (from 140 mm).
    expect(bar.x).toBeGreaterThanOrEqual(6.4);
    expect(140 - (bar.x + bar.width)).toBeGreaterThanOrEqual(6.4);
  });

  it("gives the QR code its quiet zone of four modules inside its square, clear of the form's lines and the sheet's edge", () => {
    const payload = "BCD\n002\n1\nSCT\nNDEAFIHH\nDemo Oy\nFI2112345600000785\nEUR273.00\n\nRF5012345672\n\n";
    const { qr } = FINNISH_FORM;
    expect(qrModule(payload) * QR_QUIET_MODULES).toBeGreaterThan(1);
    // Between the form's top line and the right half's next line (59.3 mm), and inside the sheet.
    expect(qr.y).toBeGreaterThan(0);
    expect(qr.y + qr.size).toBeLessThan(59.3);
    expect(qr.x + qr.size).toBeLessThanOrEqual(210);
    expect(qr.x).toBeGreaterThan(105);
  });

  it("fits the longest due date and a large amount into their boxes on one line", () => {
    const doc = newDocument({ title: "geometry", author: "test" });
    for (const [box, text] of [
      [FINNISH_FORM.dueDate, "23.12.2027"],
      [FINNISH_FORM.amount, "99 999 999 999,99"],
    ] as const) {
      const size = fittingSize(doc, FONT.bold, text, mm(box.width), box.size);
      expect(doc.font(FONT.bold).fontSize(size).widthOfString(text)).toBeLessThanOrEqual(mm(box.width));
      expect(size).toBeGreaterThanOrEqual(8);
    }
    // The due date's box ends before the divider of the amount (140 mm).
    expect(FINNISH_FORM.dueDate.x + FINNISH_FORM.dueDate.width).toBeLessThanOrEqual(140);
    doc.end();
  });
});

describe("the Swedish inbetalningskort's geometry", () => {
  const boxes = Object.entries(SWEDISH_FORM.boxes);

  it("keeps every box inside the form, between 10 and 200 mm across, above the reading-line zone", () => {
    for (const [, box] of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(10);
      expect(box.x + box.width).toBeLessThanOrEqual(200);
      expect(box.y).toBeGreaterThan(SWEDISH_FORM.heading.y);
      expect(box.y + box.height).toBeLessThan(SWEDISH_FORM.readingZone.y);
    }
  });

  it("lets no two boxes overlap", () => {
    for (const [name, a] of boxes)
      for (const [other, b] of boxes) {
        if (name === other) continue;
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${name} and ${other}`).toBe(true);
      }
  });

  it("sets the 75 places of the line inside the sheet, clear of its edges and inside the zone", () => {
    const { x, pitch, baseline, size } = SWEDISH_FORM.readingLine;
    // The highest and lowest ink of the characters a line can hold, from the OCR-B file itself.
    const font = loadFontFile(OCR_B_FILE);
    const glyphs = [..."0123456789#>"].map((character) => font.glyphForCodePoint(character.codePointAt(0)!).bbox);
    const toMm = (units: number) => (((units / font.unitsPerEm) * size) / 72) * 25.4;
    const glyphTop = baseline - toMm(Math.max(...glyphs.map((bbox) => bbox.maxY)));
    const glyphBottom = baseline - toMm(Math.min(...glyphs.map((bbox) => bbox.minY)));
    expect(x).toBeGreaterThanOrEqual(10);
    expect(210 - (x + 75 * pitch)).toBeGreaterThanOrEqual(9);
    expect(glyphTop).toBeGreaterThan(SWEDISH_FORM.readingZone.y);
    expect(SWEDISH_FORM.height - glyphBottom).toBeGreaterThanOrEqual(15);
    // Each character's ink fits its 2.54 mm cell.
    expect(Math.max(...glyphs.map((bbox) => toMm(bbox.maxX - bbox.minX)))).toBeLessThan(pitch);
  });
});

describe("the seller's particulars and the date of supply", () => {
  const withOffice: Record<Country, Creditor> = {
    FIN: { ...CREDITORS.FIN, registeredOffice: "Helsinki", phone: "+358 9 123 4567", email: "laskutus@demo.example" },
    SWE: { ...CREDITORS.SWE, registeredOffice: "Stockholm", vatNumber: "SE556703748501" },
    NOR: { ...CREDITORS.NOR, vatNumber: "NO988077917MVA" },
  };

  // A Finnish case's collection letter is the collector's, whose particulars its foot prints (tested above).
  it("prints what each country's law asks of the seller at the foot of an invoice, a reminder and a collection letter", async () => {
    const expected: Record<Country, string[]> = {
      FIN: ["Y-tunnus 2617416-4", "Kotipaikka Helsinki", "ALV-numero FI26174164", "laskutus@demo.example"],
      SWE: ["Org.nr 556703-7485", "Säte Stockholm", "Momsreg.nr SE556703748501"],
      NOR: ["Org.nr 988077917 MVA Foretaksregisteret"],
    };
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      const items = [invoice(), reminder(), ...(country === "FIN" ? [] : [reminder({ jobtype: "2", noticedate: "2026-09-30" })])];
      for (const item of items) {
        const { texts } = await render(country, item, { creditor: withOffice[country] });
        for (const text of expected[country]) expect(texts.at(-1)).toContain(text);
      }
    }
  });

  it("prints no registered office the profile does not know, and no separate VAT number after a Norwegian MVA", async () => {
    const { texts: finnish } = await render("FIN", invoice());
    expect(finnish[0]).not.toContain("Kotipaikka");
    const { texts: swedish } = await render("SWE", invoice());
    expect(swedish[0]).not.toContain("Säte");
    const { texts: norwegian } = await render("NOR", invoice(), { creditor: withOffice.NOR });
    expect(norwegian.at(-1)).not.toContain("MVA-nr");
  });

  it("labels the date of supply in the document's language when it is not the invoice's date", async () => {
    const labels: Record<Country, string> = { FIN: "Toimituspäivä", SWE: "Leveransdatum", NOR: "Leveringsdato" };
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      const { texts } = await render(country, invoice({ deliverydate: "2026-11-20" }));
      expect(texts[0]).toContain(labels[country]);
    }
    const { texts: english } = await render("FIN", invoice({ deliverydate: "2026-11-20", language: "eng" }));
    expect(english[0]).toContain("Delivery date");
    // The same day as the invoice: Finland and Sweden leave it off, Norway names it on every sales document.
    expect((await render("FIN", invoice({ deliverydate: "2026-11-22" }))).texts[0]).not.toContain("Toimituspäivä");
    expect((await render("SWE", invoice({ deliverydate: "2026-11-22" }))).texts[0]).not.toContain("Leveransdatum");
    expect((await render("NOR", invoice({ deliverydate: "2026-11-22" }))).texts[0]).toContain("Leveringsdato");
  });

  it("prints the date and place of delivery on every Norwegian invoice and credit note (bokføringsforskriften § 5-1-1 nr. 4)", async () => {
    const { texts } = await render("NOR", invoice());
    expect(texts[0]).toMatch(/Leveringsdato\s*22\.11\.2026/);
    expect(texts[0]).toContain("Leveringssted");
    expect(texts[0]).toContain("Esimerkkikatu 1, 00100 Helsinki");
    const credit = await render("NOR", invoice({ payrow: [{ desc: "Kreditering", count: 1, amount: "-100.00", taxpr: 25 }] }));
    expect(credit.texts[0]).toContain("Leveringsdato");
    expect(credit.texts[0]).toContain("Leveringssted");
    // A credit note's number is no invoice number.
    expect(credit.texts[0]).toContain("Kreditnotanummer 1001");
    expect(credit.texts[0]).not.toContain("Fakturanummer");
    const creditRow = { payrow: [{ desc: "Hyvitys", count: 1, amount: "-100.00", taxpr: 25 }] };
    expect((await render("FIN", invoice(creditRow))).texts[0]).toContain("Hyvityslaskun numero 1001");
    expect((await render("SWE", invoice(creditRow))).texts[0]).toContain("Kreditfakturanummer 1001");
    expect((await render("FIN", invoice())).texts[0]).not.toContain("Toimituspaikka");
  });
});
