import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import { readBankgiroReadingLine } from "../testing/bankgiro-reading-line-reader";

import { amountCheckDigit, buildBankgiroReadingLine, MAX_READING_LINE_ORE } from "./bankgiro-reading-line";
import { isValidLuhn } from "./check-digits";
import { createOcr } from "./references";
import { createBankgiro } from "./swedish-giro";

const SEK = "SEK";

describe("the amount's check digit", () => {
  it("is 7 for 14 471,00 kr, as ErlGuten's Bankgiro example computes it (chk10 of 1447100)", () => {
    // From the right, doubling every other digit: 0·2, 0, 1·2, 7, 4·2, 4, 1·2 → 0+0+2+7+8+4+2 = 23; 30 − 23 = 7.
    expect(amountCheckDigit(1_447_100n)).toBe("7");
  });

  it("makes kronor, öre and check digit pass the Luhn test together, as DroidGiro checks them", () => {
    expect(isValidLuhn(`27300${amountCheckDigit(27_300n)}`)).toBe(true);
    expect(amountCheckDigit(27_300n)).toBe("3");
  });

  test.prop([fc.bigInt({ min: 1n, max: MAX_READING_LINE_ORE })])("passes the Luhn test with the amount's digits", (ore) => {
    expect(isValidLuhn(`${ore}${amountCheckDigit(ore)}`)).toBe(true);
  });
});

describe("the Bankgiro reading line", () => {
  it("prints ErlGuten's example invoice (OCR 25042950342, 14 471,00 kr, bankgiro 237-4825) field by field", () => {
    const line = buildBankgiroReadingLine({ reference: "25042950342", amountOre: 1_447_100n, currency: SEK, bankgiro: "237-4825" });
    expect(line).toBe(`# ${" ".repeat(14)}25042950342 #   14471 00   7 >${" ".repeat(18)}2374825#41#`);
  });

  it("has one length whatever the numbers, so every separator has its own place", () => {
    const short = buildBankgiroReadingLine({ reference: "18", amountOre: 5n, currency: SEK, bankgiro: "5050-1055" })!;
    const long = buildBankgiroReadingLine({
      reference: createOcr("12345678901234567890123"),
      amountOre: MAX_READING_LINE_ORE,
      currency: SEK,
      bankgiro: "123-4566",
    })!;
    expect(short).toHaveLength(75);
    expect(long).toHaveLength(75);
    for (const position of [0, 1, 27, 28, 37, 40, 41, 42, 44, 45, 71, 72, 73, 74]) expect(short[position]).toBe(long[position]);
    expect(short).toContain("       0 05   9 >");
  });

  it("leaves the line off when the amount cannot be printed on it", () => {
    const base = { reference: "1234567897", bankgiro: "5050-1055" };
    expect(buildBankgiroReadingLine({ ...base, amountOre: 27_300n, currency: "EUR" })).toBeNull();
    expect(buildBankgiroReadingLine({ ...base, amountOre: 0n, currency: SEK })).toBeNull();
    expect(buildBankgiroReadingLine({ ...base, amountOre: -100n, currency: SEK })).toBeNull();
    expect(buildBankgiroReadingLine({ ...base, amountOre: MAX_READING_LINE_ORE + 1n, currency: SEK })).toBeNull();
    expect(buildBankgiroReadingLine({ ...base, amountOre: MAX_READING_LINE_ORE, currency: SEK })).toContain("99999999 99");
  });

  it("refuses a reference or bankgiro number that is not one", () => {
    const base = { amountOre: 27_300n, currency: SEK };
    expect(() => buildBankgiroReadingLine({ ...base, reference: "1234567890", bankgiro: "5050-1055" })).toThrow(/OCR reference/);
    expect(() => buildBankgiroReadingLine({ ...base, reference: "1", bankgiro: "5050-1055" })).toThrow(/OCR reference/);
    expect(() => buildBankgiroReadingLine({ ...base, reference: "12345678901234567890123455", bankgiro: "5050-1055" })).toThrow(RangeError);
    expect(() => buildBankgiroReadingLine({ ...base, reference: "1234567897", bankgiro: "5050-1056" })).toThrow(/bankgiro/);
  });

  test.prop([
    fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 23 }),
    fc.bigInt({ min: 1n, max: MAX_READING_LINE_ORE }),
    fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 6, maxLength: 7 }),
  ])("reads back as the reference, amount and bankgiro it was built from", (base, amountOre, giroBase) => {
    const reference = createOcr(base);
    const bankgiro = createBankgiro(giroBase);
    const line = buildBankgiroReadingLine({ reference, amountOre, currency: SEK, bankgiro })!;
    expect(readBankgiroReadingLine(line)).toEqual({ reference, amountOre, bankgiro, formType: "41" });
  });

  it("does not read back a line with one digit of the amount changed", () => {
    const line = buildBankgiroReadingLine({ reference: "1234567897", amountOre: 27_300n, currency: SEK, bankgiro: "5050-1055" })!;
    expect(readBankgiroReadingLine(line)).not.toBeNull();
    expect(readBankgiroReadingLine(line.replace("273 00", "274 00"))).toBeNull();
  });
});
