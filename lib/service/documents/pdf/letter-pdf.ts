import { PDFDocument as PdfLibDocument } from "@cantoo/pdf-lib";

import type { Party } from "../invoice-document";

import { finish, FONT, mm, newDocument } from "./pdf-kit";
import { openPdf } from "./pdfjs";

/*
 * Letters (jobtype 301) come as the customer's own PDF. Before it goes out:
 *
 * - it must be a readable PDF: it opens, it is not encrypted, and it has at least one page;
 * - its first page must show the recipient where the envelope's window is. The rule: the text
 *   inside the window area (20 mm from the left, 45 mm from the top, 90 × 40 mm, as on our own
 *   documents) contains the recipient's name and postal code. If it does not, or the first page
 *   is a scan with no text at all, an address page is put before the letter (and a blank back for
 *   double-sided printing, so the letter itself still starts on a front side).
 */

interface PdfInspection {
  readable: boolean;
  problem: string | null;
  pages: number;
}

/** Whether the bytes are a PDF we can print: opens, not encrypted, has pages. */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  try {
    const pdf = await PdfLibDocument.load(bytes, { ignoreEncryption: false, updateMetadata: false });
    const pages = pdf.getPageCount();
    if (pages === 0) return { readable: false, problem: "has no pages", pages };
    return { readable: true, problem: null, pages };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { readable: false, problem: /encrypt/i.test(message) ? "is encrypted" : "cannot be read as a PDF", pages: 0 };
  }
}

const normalise = (text: string) => text.toLocaleLowerCase("fi").replace(/\s+/g, " ").trim();

/** The text of page 1 that lies inside the envelope window. */
async function textInWindow(bytes: Uint8Array): Promise<string> {
  const { pdf } = await openPdf(bytes, { useSystemFonts: false });
  try {
    const page = await pdf.getPage(1);
    const [, , , top] = page.view as [number, number, number, number];
    const window = { left: mm(20), right: mm(110), bottom: top - mm(85), top: top - mm(45) };
    const content = await page.getTextContent();
    const parts: string[] = [];
    for (const item of content.items) {
      if (!("str" in item)) continue;
      const [, , , , x, y] = item.transform as number[];
      if (x! >= window.left && x! <= window.right && y! >= window.bottom && y! <= window.top) parts.push(item.str);
    }
    return parts.join(" ");
  } finally {
    await pdf.destroy();
  }
}

export async function showsRecipientInWindow(bytes: Uint8Array, recipient: Party): Promise<boolean> {
  const text = normalise(await textInWindow(bytes));
  return text.includes(normalise(recipient.name)) && (!recipient.postcode || text.includes(normalise(recipient.postcode)));
}

async function addressPage(sender: Party, recipient: Party): Promise<Buffer> {
  const doc = newDocument({ title: recipient.name, author: sender.name });
  doc
    .font(FONT.bold)
    .fontSize(11)
    .text(sender.name, mm(20), mm(15), { width: mm(90) });
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .text([sender.street, [sender.postcode, sender.city].filter(Boolean).join(" ")].filter(Boolean).join("\n"), { width: mm(90) });
  const lines = [recipient.name, ...recipient.extraLines, recipient.street, [recipient.postcode, recipient.city].filter(Boolean).join(" ")];
  if (recipient.country && recipient.country !== sender.country) lines.push(recipient.country);
  doc
    .font(FONT.regular)
    .fontSize(10.5)
    .text(lines.filter(Boolean).join("\n"), mm(22), mm(49), { width: mm(86) });
  return finish(doc);
}

/** The letter as it is printed: the customer's PDF, with an address page first when the rule asks for one. */
export async function letterForPrint(
  bytes: Uint8Array,
  sender: Party,
  recipient: Party,
  options: { doubleSided: boolean },
): Promise<{ pdf: Uint8Array; addressPageAdded: boolean }> {
  if (await showsRecipientInWindow(bytes, recipient)) return { pdf: bytes, addressPageAdded: false };
  const merged = await PdfLibDocument.create();
  const cover = await PdfLibDocument.load(await addressPage(sender, recipient));
  const letter = await PdfLibDocument.load(bytes);
  for (const page of await merged.copyPages(cover, cover.getPageIndices())) merged.addPage(page);
  if (options.doubleSided) merged.addPage([mm(210), mm(297)]);
  for (const page of await merged.copyPages(letter, letter.getPageIndices())) merged.addPage(page);
  return { pdf: await merged.save(), addressPageAdded: true };
}
