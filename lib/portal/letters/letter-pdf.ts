import { chosenFileProblem, type FileKind } from "@/lib/portal/uploads/chosen-file-problem";
import { MAX_EMBEDDED_FILE_BYTES } from "@/lib/spec/dataset-item";

/*
 * The letter's own PDF, as the browser reads it and the server action receives it. The cap is the
 * service's per-PDF limit (an embedded file of at most 10 MiB decoded): a larger file would only
 * be refused after a long upload.
 */

export const MAX_LETTER_PDF_BYTES = MAX_EMBEDDED_FILE_BYTES;

const PDF_KIND: Record<"pdf", FileKind> = { pdf: { extensions: [".pdf"], types: ["application/pdf"], maxBytes: MAX_LETTER_PDF_BYTES } };

type PdfFileProblem = "notPdf" | "empty" | "tooLarge";

/** What is wrong with a chosen file before it is read: its name, type and size. */
export function pdfFileProblem(file: { name: string; type: string; size: number }): PdfFileProblem | null {
  const problem = chosenFileProblem(file, PDF_KIND);
  return problem === "unknownKind" ? "notPdf" : problem;
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
