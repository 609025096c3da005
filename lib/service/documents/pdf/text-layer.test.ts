import { beforeAll, describe, expect, it } from "vitest";

import { datasetItemSchema } from "../../../spec/dataset-item";
import type { Country } from "../../../spec/environments";
import { COLLECTOR } from "../../../testing/fixtures/finnish-collector";
import { collection, invoice, reminder, TINY_PDF } from "../../../testing/jobs";
import type { Creditor } from "../creditor";
import { buildInvoiceDocument, type DocumentKind, type InvoiceDocument, type Party } from "../invoice-document";
import { documentTexts } from "../texts";

import { letterForPrint } from "./letter-pdf";
import { finish, FONT, newDocument } from "./pdf-kit";
import { openPdf } from "./pdfjs";
import { renderInvoicePdf } from "./render-invoice-pdf";

/*
 * The text layer of the documents the service draws, read back as a debtor's screen reader, a bank's
 * scanner or a search reads it: every string set in the bold or the regular face comes back as
 * itself, in each language, after other documents were made in the same process (the fonts serve
 * them all, and one document's font subset once left glyphs without their characters for the next).
 */

/** The text runs of page 1, each with the name of the font it is set in. */
async function textRuns(bytes: Uint8Array): Promise<{ text: string; font: string }[]> {
  const { pdf } = await openPdf(bytes);
  try {
    // Every page: a letter whose legal notice is long (a consumer's cut-off warning) keeps its total with the payment part on page 2.
    const runs: { text: string; font: string }[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      // The operator list loads the page's fonts, whose names the text runs refer to.
      await page.getOperatorList();
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!("str" in item) || !item.str.trim()) continue;
        const font = page.commonObjs.get(item.fontName) as { name: string };
        runs.push({ text: item.str, font: font.name });
      }
    }
    return runs;
  } finally {
    await pdf.destroy();
  }
}

const bold = (runs: { text: string; font: string }[]) => runs.filter((run) => run.font.endsWith(`+${FONT.bold}`)).map((run) => run.text);
const regular = (runs: { text: string; font: string }[]) => runs.filter((run) => run.font.endsWith(`+${FONT.regular}`)).map((run) => run.text);

// Names with the Nordic letters, capital and small, and the euro sign: the seller's is set in bold.
const SELLER = "Båt & Bär Særø Øl Åkerö €";
const DEBTOR = "Åsa Ökvist-Særø";
const ROW = "Työ 12 € / h, Ærø–Åland";

const CREDITORS: Record<Country, Creditor> = {
  FIN: {
    name: SELLER,
    street: "Mannerheimintie 1",
    postcode: "00100",
    city: "Helsinki",
    country: "FI",
    businessId: "2617416-4",
    vatNumber: "FI26174164",
    iban: "FI2112345600000785",
    bic: "NDEAFIHH",
  },
  SWE: { name: SELLER, street: "Drottninggatan 1", postcode: "111 51", city: "Stockholm", country: "SE", businessId: "556703-7485", bankgiro: "5050-1055" },
  NOR: { name: SELLER, street: "Karl Johans gate 1", postcode: "0154", city: "Oslo", country: "NO", businessId: "988077917", account: "86011117947" },
};

const LANGUAGES = ["fin", "swe", "eng", "nor", "est"] as const;
const COUNTRIES = ["FIN", "SWE", "NOR"] as const;
const KINDS = ["invoice", "credit-note", "reminder", "collection", "cutoff"] as const satisfies readonly DocumentKind[];

function itemOf(kind: DocumentKind, language: string): Record<string, unknown> {
  const rows = (amount: string) => [{ desc: ROW, count: 1, amount, taxpr: "25.5" }];
  const debtor = { person: DEBTOR, company: null, customertype: "2" };
  if (kind === "invoice") return invoice({ ...debtor, language, payrow: rows("100.00") });
  if (kind === "credit-note") return invoice({ ...debtor, language, payrow: rows("-100.00") });
  if (kind === "reminder") return reminder({ ...debtor, language });
  return collection({ ...debtor, language });
}

function documentOf(country: Country, language: string, kind: DocumentKind): InvoiceDocument {
  const document = buildInvoiceDocument({
    item: datasetItemSchema.parse(itemOf(kind, language)),
    jobid: 100_001,
    billnum: "1001",
    reference: country === "FIN" ? "12345672" : null,
    country,
    creditor: CREDITORS[country],
    today: "2026-11-22",
    dueDateAgreed: true,
    finnishCollector: COLLECTOR,
  });
  if (kind !== "cutoff") return document;
  const cutoff = { usagePlaceCode: "UP-9", contractNumber: "EL-9", disconnectionDate: "2026-12-14", consumer: true, others: [] };
  return { ...document, kind, cutoff };
}

beforeAll(async () => {
  // An earlier document of the process whose text held the accented letters but not the letters
  // they are built of: its subset took the "A" of "Å" and the "o" of "ö" by glyph alone.
  const earlier = newDocument({ title: "ÅÄÖ", author: "Åkerö" });
  earlier.font(FONT.bold).text("ÅÄÖÉ åäöé", 50, 50);
  earlier.font(FONT.regular).text("ÅÄÖÉ åäöé", 50, 80);
  await finish(earlier);
});

describe("the text layer of the documents", () => {
  for (const language of LANGUAGES) {
    for (const country of COUNTRIES) {
      it(`gives back each document's bold and regular text exactly, in language ${language} for ${country}`, { timeout: 30_000 }, async () => {
        const texts = documentTexts(language, country);
        for (const kind of KINDS) {
          const document = documentOf(country, language, kind);
          expect(document.kind).toBe(kind);
          const runs = await textRuns(await renderInvoicePdf(document));
          const total = kind === "credit-note" ? texts.totalCredited : texts.totalToPay;
          expect(bold(runs), kind).toEqual(expect.arrayContaining([SELLER, texts.title[kind], total]));
          expect(regular(runs), kind).toContain(DEBTOR);
          if (kind === "invoice" || kind === "credit-note") {
            expect(bold(runs), kind).toContain(texts.description);
            expect(regular(runs), kind).toContain(ROW);
          }
        }
      });
    }
  }

  it("gives back a letter's address page exactly", async () => {
    const party: Party = {
      name: SELLER,
      extraLines: [],
      street: "Mannerheimintie 1",
      postcode: "00100",
      city: "Helsinki",
      country: "FI",
      businessId: null,
      vatNumber: null,
      email: null,
      phone: null,
      contact: null,
    };
    const recipient: Party = { ...party, name: DEBTOR, street: "Östra Långgatan 5", postcode: "33100", city: "Tampere" };
    const { pdf, addressPageAdded } = await letterForPrint(TINY_PDF, party, recipient, { doubleSided: false });
    expect(addressPageAdded).toBe(true);
    const runs = await textRuns(pdf);
    expect(bold(runs)).toEqual([SELLER]);
    expect(regular(runs)).toEqual(expect.arrayContaining([DEBTOR, "Östra Långgatan 5", "33100 Tampere", "Mannerheimintie 1", "00100 Helsinki"]));
  });
});
