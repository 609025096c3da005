import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import * as nationalIds from "../spec/national-ids";

import { createBankgiro, createPlusgiro, formatBankgiro, formatPlusgiro, isValidBankgiro, isValidPlusgiro } from "./swedish-giro";

const digits = (minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength, maxLength });

/** The value with the digit at `position` (modulo the length) moved on by 1–9. */
function changeOneDigit(value: string, position: number, step: number): string {
  const index = position % value.length;
  return value.slice(0, index) + String((Number(value[index]) + step) % 10) + value.slice(index + 1);
}

describe("Bankgiro", () => {
  it("accepts 5050-1055, the Bankgiro number Skatteverket prints for tax payments", () => {
    // Luhn over 5050105, doubling from the right: 5→10→1, 0, 1→2, 0, 5→10→1, 0, 5→10→1; sum 5; 10 − 5 = 5.
    expect(isValidBankgiro("5050-1055")).toBe(true);
    expect(createBankgiro("5050105")).toBe("50501055");
    expect(formatBankgiro("50501055")).toBe("5050-1055");
  });

  it("gives 6 for the 7-digit number of base 123456, printed 123-4566", () => {
    // 6→12→3, 5, 4→8, 3, 2→4, 1; sum 24; 30 − 24 = 6.
    expect(createBankgiro("123456")).toBe("1234566");
    expect(formatBankgiro("1234566")).toBe("123-4566");
    expect(formatBankgiro("123 4566")).toBe("123-4566");
  });

  it.each(["5050-1056", "12", "123456789", "12a-4566", ""])("refuses %j", (value) => {
    expect(isValidBankgiro(value)).toBe(false);
  });

  it("refuses to format or create what is not a Bankgiro number", () => {
    expect(() => formatBankgiro("5050-1056")).toThrow(RangeError);
    expect(() => createBankgiro("12345")).toThrow(/6 or 7 digits/);
    expect(() => createBankgiro("12345678")).toThrow(RangeError);
    expect(() => createBankgiro("12-345")).toThrow(/only digits/);
  });

  test.prop([digits(6, 7)])("a created number is valid and prints with four digits after the hyphen", (base) => {
    const number = createBankgiro(base);
    expect(isValidBankgiro(number)).toBe(true);
    const printed = formatBankgiro(number);
    expect(printed).toMatch(/^\d{3,4}-\d{4}$/);
    expect(printed.replace("-", "")).toBe(number);
  });

  test.prop([digits(6, 7), fc.nat(), fc.integer({ min: 1, max: 9 })])("any single changed digit is caught", (base, position, step) => {
    expect(isValidBankgiro(changeOneDigit(createBankgiro(base), position, step))).toBe(false);
  });
});

describe("Plusgiro", () => {
  it("gives 4 for the base 286543, printed 286543-4", () => {
    // 3→6, 4, 5→10→1, 6, 8→16→7, 2; sum 26; 30 − 26 = 4.
    expect(createPlusgiro("286543")).toBe("2865434");
    expect(isValidPlusgiro("28 65 43-4")).toBe(true);
    expect(formatPlusgiro("28 65 43-4")).toBe("286543-4");
  });

  it("handles the shortest number, two digits: 4-2", () => {
    // 4→8; 10 − 8 = 2.
    expect(createPlusgiro("4")).toBe("42");
    expect(formatPlusgiro("42")).toBe("4-2");
  });

  it("prints an 8-digit number as 1234567-x", () => {
    // 7→14→5, 6, 5→10→1, 4, 3→6, 2, 1→2; sum 26; 30 − 26 = 4.
    expect(createPlusgiro("1234567")).toBe("12345674");
    expect(formatPlusgiro("12345674")).toBe("1234567-4");
  });

  it.each(["4-3", "28 65 43-5", "123456789", "7", ""])("refuses %j", (value) => {
    expect(isValidPlusgiro(value)).toBe(false);
  });

  it("refuses to format or create what is not a Plusgiro number", () => {
    expect(() => formatPlusgiro("4-3")).toThrow(RangeError);
    expect(() => createPlusgiro("")).toThrow(RangeError);
    expect(() => createPlusgiro("12345678")).toThrow(/1 to 7 digits/);
  });

  test.prop([digits(1, 7)])("a created number is valid and prints with its check digit after the hyphen", (base) => {
    const number = createPlusgiro(base);
    expect(isValidPlusgiro(number)).toBe(true);
    expect(formatPlusgiro(number)).toBe(`${base}-${number.slice(-1)}`);
  });

  test.prop([digits(1, 7), fc.nat(), fc.integer({ min: 1, max: 9 })])("any single changed digit is caught", (base, position, step) => {
    expect(isValidPlusgiro(changeOneDigit(createPlusgiro(base), position, step))).toBe(false);
  });
});

describe("one implementation", () => {
  it("is what lib/spec/national-ids exports under the same names", () => {
    expect(nationalIds.isValidBankgiro).toBe(isValidBankgiro);
    expect(nationalIds.isValidPlusgiro).toBe(isValidPlusgiro);
  });
});
