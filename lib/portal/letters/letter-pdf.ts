import { MAX_EMBEDDED_FILE_BYTES } from "@/lib/spec/dataset-item";

/*
 * The letter's own PDF, as the browser reads it and the server action receives it. The cap is the
 * service's per-PDF limit (an embedded file of at most 10 MiB decoded): a larger file would only
 * be refused after a long upload.
 */

export const MAX_LETTER_PDF_BYTES = MAX_EMBEDDED_FILE_BYTES;

/** Every PDF starts with "%PDF-" (a few bytes of junk before it are tolerated by readers, not by us). */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d];

type PdfFileProblem = "notPdf" | "empty" | "tooLarge";

/** What is wrong with a chosen file before it is read: its name, type and size. */
export function pdfFileProblem(file: { name: string; type: string; size: number }): PdfFileProblem | null {
  const looksPdf = file.type === "application/pdf" || (file.type === "" && /\.pdf$/i.test(file.name));
  if (!looksPdf) return "notPdf";
  if (file.size === 0) return "empty";
  if (file.size > MAX_LETTER_PDF_BYTES) return "tooLarge";
  return null;
}

/** Whether the bytes begin as a PDF does: a renamed Word file is caught before it is posted. */
export function hasPdfMagic(bytes: Uint8Array): boolean {
  return PDF_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** base64 of bytes, in pieces: String.fromCharCode(...all) overflows the stack on a 10 MiB file. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const piece = 0x8000;
  for (let offset = 0; offset < bytes.length; offset += piece) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + piece));
  }
  return btoa(binary);
}

/** Decoded size of base64 text, without decoding it. */
export function base64DecodedBytes(base64: string): number {
  const clean = base64.replace(/[\r\n\s]/g, "");
  const padding = clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}
