import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import { mod97 } from "../payment-data/check-digits";
import { buildFinnishBarcode } from "../payment-data/finnish-barcode";
import { createFinnishReference, createRfReference } from "../payment-data/references";

import { CODE128_PATTERNS, code128Widths, decodeCode128 } from "./code128";

const widthsOf = (...patterns: string[]) => patterns.join("").split("").map(Number);
const pattern = (value: number) => CODE128_PATTERNS[value]!;

describe("the pattern table", () => {
  it("has 106 symbols of 11 modules and a stop of 13, each with an even number of bar modules", () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    for (const [value, widths] of CODE128_PATTERNS.entries()) {
      const digits = [...widths].map(Number);
      expect(digits.reduce((a, b) => a + b, 0)).toBe(value === 106 ? 13 : 11);
      // Bars are the elements at even positions; their total is even in every Code 128 symbol.
      expect(digits.filter((_, i) => i % 2 === 0).reduce((a, b) => a + b, 0) % 2).toBe(0);
    }
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
  });
});

describe("decodeCode128", () => {
  it("reads Start B, A, b, 1 and the check symbol 11, worked out by hand", () => {
    // Check: 104 + 1×33 (A) + 2×66 (b) + 3×17 (1) = 320; 320 mod 103 = 11.
    const widths = widthsOf("211214", "111323", "121421", "123221", "231212", "2331112");
    expect(decodeCode128(widths)).toBe("Ab1");
    // What bwip-js draws for the same text, measured from its SVG, is the same symbol.
    expect(code128Widths("Ab1")).toEqual(widths);
  });

  it("reads code set C as pairs of digits, and a change to B", () => {
    // Start C, 12, 34, CODE B, "x" (88); check 105 + 12 + 2×34 + 3×100 + 4×88 = 837; 837 mod 103 = 13.
    expect(decodeCode128(widthsOf(pattern(105), pattern(12), pattern(34), pattern(100), pattern(88), pattern(13), pattern(106)))).toBe("1234x");
  });

  it("reads code set A's control characters and a SHIFT to B for one character", () => {
    // Start A, TAB (73), SHIFT (98), "a" in B (65), "A" (33); check 103 + 73 + 2×98 + 3×65 + 4×33 = 699; 699 mod 103 = 81.
    expect(decodeCode128(widthsOf(pattern(103), pattern(73), pattern(98), pattern(65), pattern(33), pattern(81), pattern(106)))).toBe("\taA");
  });

  it("throws on a wrong check symbol", () => {
    const widths = widthsOf("211214", "111323", "121421", "123221", pattern(12), "2331112");
    expect(() => decodeCode128(widths)).toThrow(/bad Code 128 checksum: the symbols give 11, the check symbol says 12/);
  });

  it("throws on widths that are no symbol, a missing stop or a wrong count", () => {
    const good = widthsOf("211214", "111323", "121421", "123221", "231212", "2331112");
    expect(() => decodeCode128([...good.slice(0, 6), 1, 1, 1, 1, 1, 6, ...good.slice(12)])).toThrow(/1 to 4/);
    expect(() => decodeCode128([...good.slice(0, 6), 1, 1, 1, 1, 1, 4, ...good.slice(12)])).toThrow(/no Code 128 symbol/);
    expect(() => decodeCode128([...good.slice(0, -7), 2, 3, 3, 1, 1, 2, 1])).toThrow(/stop pattern/);
    expect(() => decodeCode128(good.slice(1))).toThrow(/not a Code 128 symbol/);
    expect(() => decodeCode128(widthsOf(pattern(106).slice(0, 6), pattern(106)))).toThrow();
  });

  it("refuses function characters rather than guess their meaning", () => {
    // Start C, FNC1 (102); check 105 + 102 = 207; 207 mod 103 = 1.
    expect(() => decodeCode128(widthsOf(pattern(105), pattern(102), pattern(1), pattern(106)))).toThrow(/FNC1 is not supported/);
  });
});

const digit = fc.constantFrom(..."0123456789");
const significant = (minLength: number, maxLength: number) =>
  fc.tuple(fc.constantFrom(..."123456789"), fc.string({ unit: digit, minLength: minLength - 1, maxLength: maxLength - 1 })).map(([a, b]) => a + b);

describe("code128Widths and decodeCode128 together", () => {
  it("read back Finance Finland's example virtual barcode from bwip-js's drawing", () => {
    const code = "479440520200360820048831500000000868516259619897100612";
    const widths = code128Widths(code);
    // Start C, 27 pairs, check symbol: 29 symbols of 6 elements, and the stop's 7.
    expect(widths).toHaveLength(29 * 6 + 7);
    expect(decodeCode128(widths)).toBe(code);
  });

  test.prop([
    fc.string({ unit: digit, minLength: 14, maxLength: 14 }),
    fc.bigInt({ min: 0n, max: 99_999_999n }),
    fc.oneof(significant(3, 19).map(createFinnishReference), significant(1, 21).map(createRfReference)),
  ])("give back every 54-digit Finnish barcode", (bban, cents, reference) => {
    const check = 98 - mod97(`${bban}FI00`);
    const code = buildFinnishBarcode({ iban: `FI${String(check).padStart(2, "0")}${bban}`, cents, reference, dueDate: "2026-12-06" });
    expect(decodeCode128(code128Widths(code))).toBe(code);
  });

  test.prop([fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 40 })])(
    "give back any ASCII text, control characters included",
    (text) => {
      expect(decodeCode128(code128Widths(text))).toBe(text);
    },
  );
});
