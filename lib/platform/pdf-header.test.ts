import { describe, expect, it } from "vitest";

import { base64HasPdfHeader, hasPdfHeader, PDF_HEADER_WINDOW } from "./pdf-header";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("hasPdfHeader", () => {
  it("knows a PDF by %PDF- at its start, or after a little junk", () => {
    expect(hasPdfHeader(bytes("%PDF-1.7\n"))).toBe(true);
    expect(hasPdfHeader(bytes("%PDF-"))).toBe(true);
    expect(hasPdfHeader(bytes("\r\n\u0000junk%PDF-1.4"))).toBe(true);
    expect(hasPdfHeader(Buffer.from("%PDF-1.4"))).toBe(true);
  });

  it("looks no further than the window: a header that starts later is not one", () => {
    const at = (offset: number) => Buffer.concat([Buffer.alloc(offset, 0x20), Buffer.from("%PDF-1.4")]);
    expect(hasPdfHeader(at(PDF_HEADER_WINDOW - 5))).toBe(true);
    expect(hasPdfHeader(at(PDF_HEADER_WINDOW - 4))).toBe(false);
  });

  it("refuses other files, a cut header and nothing at all", () => {
    expect(hasPdfHeader(bytes("PK\u0003\u0004"))).toBe(false);
    expect(hasPdfHeader(bytes("%PDF"))).toBe(false);
    expect(hasPdfHeader(bytes("%pdf-1.4"))).toBe(false);
    expect(hasPdfHeader(new Uint8Array())).toBe(false);
  });
});

describe("base64HasPdfHeader", () => {
  const at = (offset: number) => Buffer.concat([Buffer.alloc(offset, 0x20), Buffer.from("%PDF-1.4\n"), Buffer.alloc(4000, 0x41)]);
  // MIME's base64: a line break after every 76 characters.
  const mime = (data: Buffer) => data.toString("base64").replace(/.{76}/g, "$&\r\n");

  it("finds the header by the same window as the bytes, with or without line breaks", () => {
    for (const encode of [(data: Buffer) => data.toString("base64"), mime]) {
      expect(base64HasPdfHeader(encode(at(0)))).toBe(true);
      expect(base64HasPdfHeader(encode(at(PDF_HEADER_WINDOW - 5)))).toBe(true);
      expect(base64HasPdfHeader(encode(at(PDF_HEADER_WINDOW - 4)))).toBe(false);
    }
    expect(base64HasPdfHeader(Buffer.from("%PDF-").toString("base64"))).toBe(true);
  });

  it("has no header in text that is no base64, nor in nothing", () => {
    expect(base64HasPdfHeader("%PDF-1.4 is not base64!")).toBe(false);
    expect(base64HasPdfHeader(Buffer.from("hello").toString("base64"))).toBe(false);
    expect(base64HasPdfHeader("")).toBe(false);
  });
});
