/*
 * Whether bytes are a PDF by their header, as the service judges a job's file (a field of a JSON
 * job or a file of a ZIP package) and the portal a letter's PDF before it is posted: one rule, so
 * the portal never refuses a file the service would print. Readers tolerate a little junk before
 * "%PDF-" (PDF 32000-1, 7.5.2; 1024 bytes in practice), and so does the service.
 */

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** How far into a file its "%PDF-" may start: a caller need read no more than this. */
export const PDF_HEADER_WINDOW = 1024;

export function hasPdfHeader(bytes: Uint8Array): boolean {
  const last = Math.min(bytes.length, PDF_HEADER_WINDOW) - PDF_HEADER.length;
  for (let start = 0; start <= last; start++) {
    if (PDF_HEADER.every((byte, index) => bytes[start + index] === byte)) return true;
  }
  return false;
}

// The base64 that holds every byte the header may start in (4 characters per 3 bytes).
const HEADER_BASE64_CHARS = Math.ceil(PDF_HEADER_WINDOW / 3) * 4;

/**
 * The same rule for a file sent as base64 (a form's upload, an item's image.file), decoding only
 * its head. Line breaks, which MIME writes every 76 characters and the service allows, carry no
 * bytes and are passed over; text that is no base64 has no header.
 */
export function base64HasPdfHeader(base64: string): boolean {
  const head = base64
    .slice(0, 2 * HEADER_BASE64_CHARS)
    .replace(/[\r\n]/g, "")
    .slice(0, HEADER_BASE64_CHARS);
  let binary: string;
  try {
    binary = atob(head.slice(0, head.length - (head.length % 4)));
  } catch {
    return false;
  }
  return hasPdfHeader(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}
