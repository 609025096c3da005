import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";

import { TINY_PDF } from "../../../testing/jobs";
import { pdfPageTexts } from "../../../testing/pdf-reading";
import type { Party } from "../invoice-document";

import { inspectPdf, letterForPrint, showsRecipientInWindow } from "./letter-pdf";
import { finish, mm } from "./pdf-kit";

/* Letters: the customer's PDF is checked, and gets an address page when its first page cannot show the recipient. */

const sender: Party = {
  name: "Demo Oy",
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
const recipient: Party = { ...sender, name: "Maija Meikäläinen", street: "Esimerkkikatu 1", postcode: "33100", city: "Tampere" };

/** A one-page letter with the address written at (x, y) millimetres from the top left. */
async function letterWithAddressAt(x: number, y: number, options: { userPassword?: string } = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 0, userPassword: options.userPassword });
  doc.fontSize(11).text("Maija Meikäläinen\nEsimerkkikatu 1\n33100 Tampere", mm(x), mm(y));
  doc.fontSize(11).text("Hyvä asiakas, tässä kirjeemme.", mm(20), mm(120));
  return finish(doc);
}

describe("inspectPdf", () => {
  it("reads a PDF and counts its pages", async () => {
    expect(await inspectPdf(TINY_PDF)).toEqual({ readable: true, problem: null, pages: 1 });
  });

  it("refuses bytes that are not a PDF, and an encrypted one", async () => {
    expect(await inspectPdf(Buffer.from("%PDF-1.4 nothing else"))).toMatchObject({ readable: false });
    expect(await inspectPdf(await letterWithAddressAt(22, 50, { userPassword: "secret" }))).toEqual({ readable: false, problem: "is encrypted", pages: 0 });
  });
});

describe("the window rule", () => {
  it("finds the recipient when the letter writes it inside the window", async () => {
    expect(await showsRecipientInWindow(await letterWithAddressAt(22, 50), recipient)).toBe(true);
  });

  it("does not when the address is elsewhere on the page", async () => {
    expect(await showsRecipientInWindow(await letterWithAddressAt(120, 200), recipient)).toBe(false);
  });

  it("leaves a letter that shows its recipient as it is", async () => {
    const letter = await letterWithAddressAt(22, 50);
    const printed = await letterForPrint(letter, sender, recipient, { doubleSided: false });
    expect(printed.addressPageAdded).toBe(false);
    expect(Buffer.from(printed.pdf).equals(letter)).toBe(true);
  });

  it("puts an address page first when it does not, and a blank back for double-sided print", async () => {
    const letter = await letterWithAddressAt(120, 200);
    const single = await letterForPrint(letter, sender, recipient, { doubleSided: false });
    const texts = await pdfPageTexts(single.pdf);
    expect(single.addressPageAdded).toBe(true);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain("Maija Meikäläinen Esimerkkikatu 1 33100 Tampere");
    expect(texts[1]).toContain("Hyvä asiakas");
    expect(await showsRecipientInWindow(single.pdf, recipient)).toBe(true);
    const double = await letterForPrint(letter, sender, recipient, { doubleSided: true });
    expect(await pdfPageTexts(double.pdf)).toEqual([texts[0], "", texts[1]]);
  });

  it("gives a scanned letter with no text an address page", async () => {
    const printed = await letterForPrint(TINY_PDF, sender, recipient, { doubleSided: false });
    expect(printed.addressPageAdded).toBe(true);
  });
});
