import { describe, expect, it } from "vitest";

import { createOcr, createRfReference } from "../../payment-data/references";

import { compactReference, isPaymentReference, referenceCandidates } from "./match-reference";

describe("reference matching", () => {
  it("compares references in compact form", () => {
    expect(compactReference("0000 0000 0000 0012 3453")).toBe("123453");
    expect(compactReference("rf18 5390 0754 7034")).toBe("RF18539007547034");
    expect(compactReference(" 1234 5672 ")).toBe("12345672");
  });

  it("offers the zero-padded forms a fixed-length OCR or KID is stored in", () => {
    const fixed = createOcr("4711", { length: 12 });
    expect(fixed.startsWith("0")).toBe(true);
    expect(referenceCandidates(fixed)).toContain(fixed);
    expect(referenceCandidates(fixed.replace(/^0+/, ""))).toContain(fixed);
    expect(referenceCandidates("RF18 5390 0754 7034")).toEqual(["RF18539007547034"]);
  });

  it("recognises a structured reference of the country and refuses free text", () => {
    expect(isPaymentReference("FIN", "00000000000000123453")).toBe(true);
    expect(isPaymentReference("FIN", "123454")).toBe(false);
    expect(isPaymentReference("FIN", createRfReference("123453"))).toBe(true);
    expect(isPaymentReference("SWE", createOcr("987654"))).toBe(true);
    expect(isPaymentReference("SWE", "Faktura 12")).toBe(false);
    expect(isPaymentReference("NOR", "12345678903")).toBe(true);
  });
});
