import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import type { Country } from "../spec/environments";

import { isValidLuhn } from "./check-digits";
import {
  checkGivenReference,
  createFinnishReference,
  createKid,
  createOcr,
  createReference,
  createRfReference,
  finnishCheckDigit,
  formatFinnishReference,
  formatRfReference,
  hasOcrLengthDigit,
  isValidFinnishReference,
  isValidKid,
  isValidOcr,
  isValidRfReference,
} from "./references";

const digit = fc.constantFrom(..."0123456789");
const digits = (minLength: number, maxLength: number) => fc.string({ unit: digit, minLength, maxLength });
/** Digits that do not start with 0. */
const significantDigits = (minLength: number, maxLength: number) =>
  fc.tuple(fc.constantFrom(..."123456789"), digits(minLength - 1, maxLength - 1)).map(([first, rest]) => first + rest);
const alphanumeric = fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
const leadingZeros = fc.integer({ min: 0, max: 5 }).map((count) => "0".repeat(count));
/** Where to put spaces into a value of up to 25 characters: after character i when gaps[i]. */
const gaps = fc.array(fc.boolean(), { minLength: 25, maxLength: 25 });

/** The value with the digit at `position` (taken modulo the length) moved on by 1–9. */
function changeOneDigit(value: string, position: number, step: number): string {
  const index = position % value.length;
  const changed = String((Number(value[index]) + step) % 10);
  return value.slice(0, index) + changed + value.slice(index + 1);
}

function withSpaces(value: string, where: readonly boolean[]): string {
  return [...value].map((char, index) => (where[index] ? `${char} ` : char)).join("");
}

describe("Finnish national reference (viitenumero)", () => {
  it("gives 1 for the base 123456, Finance Finland's example 12 34561", () => {
    // Weights 7, 3, 1 from the right: 6×7=42, 5×3=15, 4×1=4, 3×7=21, 2×3=6, 1×1=1; sum 89; 90 − 89 = 1.
    expect(finnishCheckDigit("123456")).toBe("1");
    expect(createFinnishReference("123456")).toBe("1234561");
  });

  it("gives 4 for the base 1234561: the reference is 12345614, not 12345612", () => {
    // 1×7=7, 6×3=18, 5×1=5, 4×7=28, 3×3=9, 2×1=2, 1×7=7; sum 76; 80 − 76 = 4.
    expect(createFinnishReference("1234561")).toBe("12345614");
    expect(isValidFinnishReference("12345612")).toBe(false);
  });

  it("gives 4 for the base 123456712345678, printed 1 23456 71234 56784", () => {
    // From the right: 8×7=56, 7×3=21, 6×1=6, 5×7=35, 4×3=12, 3×1=3, 2×7=14, 1×3=3, 7×1=7, 6×7=42,
    // 5×3=15, 4×1=4, 3×7=21, 2×3=6, 1×1=1; sum 246; 250 − 246 = 4.
    expect(createFinnishReference("123456712345678")).toBe("1234567123456784");
    expect(formatFinnishReference("1234567123456784")).toBe("1 23456 71234 56784");
  });

  it("gives 9 for the shortest kind of base, 100", () => {
    // 0×7 + 0×3 + 1×1 = 1; 10 − 1 = 9.
    expect(createFinnishReference("100")).toBe("1009");
  });

  it("gives 6 for the base 234823", () => {
    // 3×7=21, 2×3=6, 8×1=8, 4×7=28, 3×3=9, 2×1=2; sum 74; 80 − 74 = 6.
    expect(createFinnishReference("234823")).toBe("2348236");
  });

  it("gives 0 when the weighted sum is already a multiple of ten", () => {
    // 0×7 + 5×3 + 5×1 = 20.
    expect(createFinnishReference("550")).toBe("5500");
  });

  it("drops leading zeros of the base, which do not change the check digit", () => {
    expect(createFinnishReference("000123456")).toBe("1234561");
  });

  it("accepts a base of 19 digits, making the longest reference of 20", () => {
    const reference = createFinnishReference("1234567890123456789");
    expect(reference).toHaveLength(20);
    expect(isValidFinnishReference(reference)).toBe(true);
  });

  it.each(["", "0", "12", "0012", "000", "12345678901234567890"])("throws a RangeError for the base %j, which has not 3 to 19 significant digits", (base) => {
    expect(() => createFinnishReference(base)).toThrow(RangeError);
  });

  it.each(["12a45", "123 456", "-1234"])("throws a RangeError for the base %j, which is not only digits", (base) => {
    expect(() => createFinnishReference(base)).toThrow(RangeError);
  });

  it.each(["1234561", "12 34561", " 1234561 ", "1 23456 71234 56784", "00000000000001234561", "1009"])(
    "accepts the valid reference %j, however spaced or padded with leading zeros",
    (reference) => {
      expect(isValidFinnishReference(reference)).toBe(true);
    },
  );

  it.each([
    ["1234562", "a wrong check digit"],
    ["1234651", "two digits swapped"],
    ["561", "only 3 digits"],
    ["000000000000001234561", "21 digits"],
    ["123456a", "a letter"],
    ["1234-561", "a hyphen"],
    ["", "nothing"],
  ])("rejects %j, with %s", (reference) => {
    expect(isValidFinnishReference(reference)).toBe(false);
  });

  it("prints groups of five counted from the right", () => {
    expect(formatFinnishReference("1234561")).toBe("12 34561");
    expect(formatFinnishReference("12345")).toBe("12345");
    expect(formatFinnishReference("1234567890")).toBe("12345 67890");
    expect(formatFinnishReference("12 345 61")).toBe("12 34561");
  });

  test.prop([significantDigits(3, 19)])("every created reference is valid and one digit longer than its base", (base) => {
    const reference = createFinnishReference(base);
    expect(reference).toHaveLength(base.length + 1);
    expect(reference.startsWith(base)).toBe(true);
    expect(isValidFinnishReference(reference)).toBe(true);
  });

  test.prop([significantDigits(3, 19), leadingZeros])("leading zeros of the base do not change the reference", (base, zeros) => {
    expect(createFinnishReference(zeros + base)).toBe(createFinnishReference(base));
  });

  test.prop([significantDigits(3, 19), fc.nat(), fc.integer({ min: 1, max: 9 })])(
    "changing any single digit makes a reference invalid",
    (base, position, step) => {
      expect(isValidFinnishReference(changeOneDigit(createFinnishReference(base), position, step))).toBe(false);
    },
  );

  test.prop([significantDigits(3, 19), gaps])("spaces anywhere in a reference are ignored", (base, where) => {
    const reference = createFinnishReference(base);
    expect(isValidFinnishReference(withSpaces(reference, where))).toBe(true);
    expect(isValidFinnishReference(formatFinnishReference(reference))).toBe(true);
  });
});

describe("RF creditor reference (ISO 11649)", () => {
  it("gives RF18 for 539007547034, the standard's example RF18 5390 0754 7034", () => {
    // 539007547034 RF00 → 539007547034271500, nine digits at a time:
    // 539007547 = 97 × 5556778 + 81; 81|0342715 = 97 × 8354048 + 59; 59|00 = 97 × 60 + 80; 98 − 80 = 18.
    expect(createRfReference("539007547034")).toBe("RF18539007547034");
    expect(formatRfReference("RF18539007547034")).toBe("RF18 5390 0754 7034");
  });

  it.each(["RF18539007547034", "RF18 5390 0754 7034", "rf18 5390 0754 7034", "Rf185390 07547034", "RF18000000000539007547034"])(
    "accepts the valid reference %j, however spaced or cased",
    (reference) => {
      expect(isValidRfReference(reference)).toBe(true);
    },
  );

  it("gives RF33 for the Finnish reference 2348236", () => {
    // 2348236 RF00 → 2348236271500: 234823627 = 97 × 2420862 + 13; 13|1500 = 97 × 1355 + 65; 98 − 65 = 33.
    expect(createRfReference("2348236")).toBe("RF332348236");
    expect(formatRfReference("RF332348236")).toBe("RF33 2348 236");
  });

  it("gives RF41 for the Finnish reference 13 (0013 without its leading zeros)", () => {
    // 13 RF00 → 13271500 = 97 × 136819 + 57; 98 − 57 = 41.
    expect(createRfReference("13")).toBe("RF4113");
  });

  it("accepts RF71 2348 231", () => {
    // 2348231 RF71 → 2348231271571: 234823127 = 97 × 2420856 + 95; 95|1571 = 97 × 9810 + 1.
    expect(isValidRfReference("RF712348231")).toBe(true);
  });

  it("reads the body without spaces and in capitals", () => {
    expect(createRfReference("5390 0754 7034")).toBe("RF18539007547034");
    expect(createRfReference("abc")).toBe(createRfReference("ABC"));
  });

  it("carries a body of 21 characters but not of 22", () => {
    expect(createRfReference("000000000539007547034")).toBe("RF18000000000539007547034");
    expect(() => createRfReference("0000000000539007547034")).toThrow(RangeError);
  });

  it.each(["", "   ", "A-B", "ÄÖ", "12.5"])("throws a RangeError for the body %j", (body) => {
    expect(() => createRfReference(body)).toThrow(RangeError);
  });

  it.each([
    ["RF19539007547034", "wrong check digits"],
    ["RF18539007547043", "the last two digits swapped"],
    ["RF18539007547035", "a changed digit"],
    ["RF18", "no body"],
    ["RF1", "one check digit"],
    ["RF180000000000539007547034", "a body of 22 characters"],
    ["XX18539007547034", "another prefix"],
    ["RF18-5390-0754-7034", "hyphens"],
    ["RFAB539007547034", "letters for check digits"],
  ])("rejects %j, with %s", (reference) => {
    expect(isValidRfReference(reference)).toBe(false);
  });

  it("prints groups of four from the left, in capitals", () => {
    expect(formatRfReference("rf18539007547034")).toBe("RF18 5390 0754 7034");
    expect(formatRfReference("RF18 5390 07547034")).toBe("RF18 5390 0754 7034");
    expect(formatRfReference("RF4113")).toBe("RF41 13");
  });

  test.prop([fc.string({ unit: alphanumeric, minLength: 1, maxLength: 21 })])(
    "a reference built from any 1–21 letters and digits is valid and carries the body in capitals",
    (body) => {
      const reference = createRfReference(body);
      expect(reference.slice(0, 2)).toBe("RF");
      expect(reference.slice(4)).toBe(body.toUpperCase());
      expect(isValidRfReference(reference)).toBe(true);
      expect(isValidRfReference(formatRfReference(reference))).toBe(true);
      expect(isValidRfReference(formatRfReference(reference).toLowerCase())).toBe(true);
      expect(formatRfReference(reference).replace(/ /g, "")).toBe(reference);
    },
  );

  test.prop([fc.string({ unit: alphanumeric, minLength: 1, maxLength: 21 })])("the check digits lie between 02 and 98", (body) => {
    const check = Number(createRfReference(body).slice(2, 4));
    expect(check).toBeGreaterThanOrEqual(2);
    expect(check).toBeLessThanOrEqual(98);
  });

  test.prop([digits(1, 21), fc.nat(), fc.integer({ min: 1, max: 9 })])(
    "changing any single digit of a numeric reference makes it invalid",
    (body, position, step) => {
      const reference = createRfReference(body);
      const changed = "RF" + changeOneDigit(reference.slice(2), position, step);
      expect(isValidRfReference(changed)).toBe(false);
    },
  );
});

describe("Swedish OCR number", () => {
  it("puts the length digit and the check digit after the base by default: 12345 → 1234574", () => {
    // Length 5 + 2 = 7 → 123457; Luhn from the right: 7×2=14→5, 5, 4×2=8, 3, 2×2=4, 1; sum 26; check 4.
    expect(createOcr("12345")).toBe("1234574");
    expect(hasOcrLengthDigit("1234574")).toBe(true);
  });

  it("writes only the last digit of a length of ten or more: 12345678 → 1234567806", () => {
    // Length 8 + 2 = 10 → length digit 0 → 123456780; 0×2=0, 8, 7×2=14→5, 6, 5×2=10→1, 4, 3×2=6, 2, 1×2=2;
    // sum 34; check 6.
    expect(createOcr("12345678")).toBe("1234567806");
    expect(hasOcrLengthDigit("1234567806")).toBe(true);
  });

  it("puts only the check digit after the base without a length digit: 12345 → 123455", () => {
    // 5×2=10→1, 4, 3×2=6, 2, 1×2=2; sum 15; check 5.
    expect(createOcr("12345", { lengthDigit: false })).toBe("123455");
    expect(hasOcrLengthDigit("123455")).toBe(false);
  });

  it("pads the base with leading zeros to a fixed length", () => {
    // 00000042 + length digit 0 → 000000420: 0, 2, 4×2=8 (the rest zeros); sum 10; check 0.
    expect(createOcr("42", { length: 10 })).toBe("0000004200");
    // 00042: 2×2=4, 4; sum 8; check 2.
    expect(createOcr("42", { lengthDigit: false, length: 6 })).toBe("000422");
  });

  it("makes OCR numbers of up to 25 digits", () => {
    const longest = createOcr("1".repeat(23));
    expect(longest).toHaveLength(25);
    expect(longest.at(-2)).toBe("5");
    expect(createOcr("1".repeat(24), { lengthDigit: false })).toHaveLength(25);
    expect(createOcr("7", { length: 25 })).toHaveLength(25);
  });

  it.each([
    ["1".repeat(24), {}, "26 digits with a length digit"],
    ["1".repeat(25), { lengthDigit: false }, "26 digits without one"],
    ["1", { length: 26 }, "a fixed length of 26"],
    ["12345", { length: 6 }, "a base too long for its fixed length"],
    ["1", { length: 1, lengthDigit: false }, "a fixed length with no room for the base"],
    ["", {}, "an empty base"],
    ["12 345", {}, "a space in the base"],
    ["-1", {}, "a sign in the base"],
  ] as const)("throws a RangeError for %j with %j: %s", (base, options, _why) => {
    expect(() => createOcr(base, options)).toThrow(RangeError);
  });

  it.each(["1234574", "123 45 74", "123455", "0000004200", "18"])("accepts the valid OCR number %j, however spaced", (reference) => {
    expect(isValidOcr(reference)).toBe(true);
  });

  it.each([
    ["1234575", "a wrong check digit"],
    ["8", "a single digit"],
    ["0" + createOcr("1".repeat(23)), "26 digits"],
    ["12345-74", "a hyphen"],
    ["", "nothing"],
  ])("rejects %j, with %s", (reference) => {
    expect(isValidOcr(reference)).toBe(false);
  });

  it("does not take a length digit from a number whose second last digit is not its length", () => {
    // 123456789: 9×2=18→9, 8, 7×2=14→5, 6, 5×2=10→1, 4, 3×2=6, 2, 1×2=2; sum 43; check 7. Ten digits, not 9.
    expect(isValidOcr("1234567897")).toBe(true);
    expect(hasOcrLengthDigit("1234567897")).toBe(false);
    expect(hasOcrLengthDigit("18")).toBe(false);
  });

  test.prop([digits(1, 23), fc.boolean()])("every created OCR number is valid, and carries a length digit when asked to", (base, lengthDigit) => {
    const reference = createOcr(base, { lengthDigit });
    expect(reference).toHaveLength(base.length + (lengthDigit ? 2 : 1));
    expect(isValidOcr(reference)).toBe(true);
    if (lengthDigit) expect(hasOcrLengthDigit(reference)).toBe(true);
  });

  test.prop([digits(1, 23), fc.boolean(), fc.nat({ max: 22 })])("a fixed-length OCR number has exactly the length asked for", (base, lengthDigit, spare) => {
    const length = Math.min(25, base.length + (lengthDigit ? 2 : 1) + spare);
    const reference = createOcr(base, { lengthDigit, length });
    expect(reference).toHaveLength(length);
    expect(reference.slice(0, -(lengthDigit ? 2 : 1)).replace(/^0+/, "")).toBe(base.replace(/^0+/, ""));
    expect(isValidOcr(reference)).toBe(true);
  });

  test.prop([digits(1, 23), fc.nat(), fc.integer({ min: 1, max: 9 })])("changing any single digit makes an OCR number invalid", (base, position, step) => {
    expect(isValidOcr(changeOneDigit(createOcr(base), position, step))).toBe(false);
  });
});

describe("Norwegian KID", () => {
  it("gives MOD10 check digit 3 for 60224", () => {
    // 4×2=8, 2, 2×2=4, 0, 6×2=12→3; sum 17; check 3.
    expect(createKid("60224")).toBe("602243");
    expect(createKid("60224", { algorithm: "mod10" })).toBe("602243");
  });

  it("gives MOD11 check digit 8 for 60224", () => {
    // 4×2=8, 2×3=6, 2×4=8, 0×5=0, 6×6=36; sum 58; 58 mod 11 = 3; 11 − 3 = 8.
    expect(createKid("60224", { algorithm: "mod11" })).toBe("602248");
  });

  it("ends a MOD11 KID in - when the check digit would be 10", () => {
    // 8×2=16, 4×3=12, 3×4=12, 2×5=10, 1×6=6; sum 56; 56 mod 11 = 1; 11 − 1 = 10.
    expect(createKid("12348", { algorithm: "mod11" })).toBe("12348-");
    expect(isValidKid("12348-")).toBe(true);
    expect(isValidKid("1234 8-")).toBe(true);
  });

  it("ends a MOD11 KID in 0 when the remainder is 0", () => {
    // 9×2=18, 6×3=18, 5×4=20, 4×5=20, 3×6=18, 2×7=14, 1×2=2; sum 110 = 10 × 11.
    expect(createKid("1234569", { algorithm: "mod11" })).toBe("12345690");
  });

  it("pads the base with leading zeros to a fixed length", () => {
    expect(createKid("60224", { length: 10 })).toBe("0000602243");
    expect(createKid("12348", { algorithm: "mod11", length: 8 })).toBe("0012348-");
  });

  it("makes KIDs of 2 to 25 characters", () => {
    expect(createKid("0")).toBe("00");
    expect(createKid("1".repeat(24))).toHaveLength(25);
    expect(createKid("1", { length: 25 })).toHaveLength(25);
  });

  it.each([
    ["1".repeat(25), {}, "26 characters"],
    ["1", { length: 26 }, "a fixed length of 26"],
    ["12345", { length: 5 }, "a base too long for its fixed length"],
    ["", {}, "an empty base"],
    ["12-", { algorithm: "mod11" }, "a hyphen in the base"],
  ] as const)("throws a RangeError for %j with %j: %s", (base, options, _why) => {
    expect(() => createKid(base, options)).toThrow(RangeError);
  });

  it.each(["602243", "602248", "12348-", "0000602243", "6022 43"])("accepts the valid MOD10 or MOD11 KID %j, however spaced", (reference) => {
    expect(isValidKid(reference)).toBe(true);
  });

  it.each([
    ["602244", "a check digit right under neither algorithm"],
    ["1234-8", "a hyphen before the last place"],
    ["-", "only a hyphen"],
    ["8", "a single digit"],
    ["0" + createKid("1".repeat(24)), "26 digits"],
    ["60224a", "a letter"],
  ])("rejects %j, with %s", (reference) => {
    expect(isValidKid(reference)).toBe(false);
  });

  it("accepts a KID when either MOD10 or MOD11 holds, so one changed digit of a MOD10 KID can pass as MOD11", () => {
    expect(isValidLuhn("602248")).toBe(false);
    expect(isValidKid("602248")).toBe(true);
  });

  test.prop([digits(1, 24), fc.constantFrom("mod10" as const, "mod11" as const)])("every created KID is valid", (base, algorithm) => {
    const reference = createKid(base, { algorithm });
    expect(reference).toHaveLength(base.length + 1);
    expect(isValidKid(reference)).toBe(true);
  });

  test.prop([digits(1, 24), fc.constantFrom("mod10" as const, "mod11" as const), fc.nat({ max: 23 })])(
    "a fixed-length KID has exactly the length asked for",
    (base, algorithm, spare) => {
      const length = Math.min(25, base.length + 1 + spare);
      const reference = createKid(base, { algorithm, length });
      expect(reference).toHaveLength(length);
      expect(isValidKid(reference)).toBe(true);
    },
  );

  test.prop([digits(1, 24), fc.nat(), fc.integer({ min: 1, max: 9 })])("changing any single digit breaks a MOD10 KID's check digit", (base, position, step) => {
    expect(isValidLuhn(changeOneDigit(createKid(base), position, step))).toBe(false);
  });
});

describe("createReference", () => {
  it("gives a Finnish national reference from the sequence number", () => {
    // 0×7 + 0×3 + 0×1 + 1×7 = 7; 10 − 7 = 3.
    expect(createReference("FIN", 1000)).toBe("10003");
    expect(createReference("FIN", 1000, { format: "national" })).toBe("10003");
  });

  it("gives an RF reference built on the Finnish national reference when the format is rf", () => {
    // 10003 RF00 → 10003271500: 100032715 = 97 × 1031265 + 10; 10|00 = 97 × 10 + 30; 98 − 30 = 68.
    expect(createReference("FIN", 1000, { format: "rf" })).toBe("RF6810003");
  });

  it("ignores the length setting in Finland", () => {
    expect(createReference("FIN", 1000, { length: 12 })).toBe("10003");
  });

  it("gives a Swedish OCR number with a length digit, of variable or fixed length", () => {
    // 1000 + length digit 6 → 10006: 6×2=12→3, 0, 0, 0, 1×2=2; sum 5; check 5.
    expect(createReference("SWE", 1000)).toBe("100065");
    expect(createReference("SWE", 1000, { length: null })).toBe("100065");
    // 00001000 + length digit 0 → 000010000: the 1 is doubled; sum 2; check 8.
    expect(createReference("SWE", 1000, { length: 10 })).toBe("0000100008");
  });

  it("gives a Norwegian MOD10 KID, of variable or fixed length", () => {
    // 0×2, 0, 0×2, 1; sum 1; check 9.
    expect(createReference("NOR", 1000)).toBe("10009");
    expect(createReference("NOR", 1000, { length: 8 })).toBe("00010009");
  });

  it("throws a RangeError for a Finnish sequence under 100, too short for a base of three digits", () => {
    expect(() => createReference("FIN", 99)).toThrow(RangeError);
    expect(createReference("FIN", 100)).toBe("1009");
  });

  it.each(["FIN", "SWE", "NOR"] as const)("throws a RangeError in %s for a negative or fractional sequence", (country) => {
    expect(() => createReference(country, -1234)).toThrow(RangeError);
    expect(() => createReference(country, 1234.5)).toThrow(RangeError);
  });

  it("throws a RangeError when the sequence does not fit the fixed length", () => {
    expect(() => createReference("SWE", 123456, { length: 7 })).toThrow(RangeError);
    expect(() => createReference("NOR", 123456, { length: 6 })).toThrow(RangeError);
  });

  test.prop([
    fc.constantFrom<Country>("FIN", "SWE", "NOR"),
    fc.integer({ min: 100, max: Number.MAX_SAFE_INTEGER }),
    fc.constantFrom("national" as const, "rf" as const, undefined),
    fc.option(fc.nat({ max: 10 }), { nil: null }),
  ])("every reference it gives is accepted for its country and comes back unchanged", (country, sequence, format, spare) => {
    const digitCount = String(sequence).length;
    const length = spare === null ? null : Math.min(25, digitCount + 2 + spare);
    const reference = createReference(country, sequence, { format, length });
    expect(checkGivenReference(country, reference)).toEqual({ ok: true, reference, structured: true });
    if (country !== "FIN" && length !== null) expect(reference).toHaveLength(length);
    if (country === "SWE") expect(hasOcrLengthDigit(reference)).toBe(true);
    if (country === "FIN" && format === "rf") expect(isValidRfReference(reference)).toBe(true);
    if (country === "FIN" && format !== "rf") expect(isValidFinnishReference(reference)).toBe(true);
  });
});

describe("checkGivenReference", () => {
  it.each([
    ["FIN", "12 34561", "1234561"],
    ["FIN", "1 23456 71234 56784", "1234567123456784"],
    ["FIN", "00000000000001234561", "00000000000001234561"],
    ["SWE", "123 45 74", "1234574"],
    ["NOR", "6022 43", "602243"],
    ["NOR", "602248", "602248"],
    ["NOR", "12348-", "12348-"],
  ] as const)("accepts the %s reference %j and gives it back compact as %j", (country, billcode, reference) => {
    expect(checkGivenReference(country, billcode)).toEqual({ ok: true, reference, structured: true });
  });

  it.each(["FIN", "SWE", "NOR"] as const)("accepts an RF reference in %s, in lowercase and spaced, and gives it back compact in capitals", (country) => {
    expect(checkGivenReference(country, " rf18 5390 0754 7034 ")).toEqual({ ok: true, reference: "RF18539007547034", structured: true });
  });

  it.each(["FIN", "SWE", "NOR"] as const)("refuses in %s a billcode that looks like an RF reference but has wrong check digits", (country) => {
    expect(checkGivenReference(country, "RF19 5390 0754 7034")).toEqual({
      ok: false,
      message: "looks like an RF creditor reference but its check digits are wrong",
      rule: "rfReference",
      params: {},
    });
  });

  it.each([
    ["FIN", "1234562", /Finnish reference/],
    ["FIN", "12348-", /Finnish reference/],
    ["FIN", "561", /Finnish reference/],
    ["SWE", "1234575", /OCR number/],
    ["SWE", "12348-", /OCR number/],
    ["NOR", "602244", /KID/],
  ] as const)("refuses the %s billcode %j, which looks like a reference but is not a valid one", (country, billcode, message) => {
    const check = checkGivenReference(country, billcode);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(message);
  });

  it.each([
    ["FIN", "Invoice 2024/17"],
    ["SWE", " Faktura 42 "],
    ["NOR", "RFABC"],
    ["FIN", "A1234561"],
    // A hyphen inside is a bill's own numbering, not a reference (a KID's "-" check digit is last).
    ["NOR", "1234-8"],
    ["FIN", "2026-0001"],
  ] as const)("keeps the %s billcode %j exactly as sent, as a free payment message", (country, billcode) => {
    expect(checkGivenReference(country, billcode)).toEqual({ ok: true, reference: billcode, structured: false });
  });

  test.prop([significantDigits(3, 19), gaps])("accepts any valid Finnish reference, however spaced, and gives it back compact", (base, where) => {
    const reference = createFinnishReference(base);
    expect(checkGivenReference("FIN", withSpaces(reference, where))).toEqual({ ok: true, reference, structured: true });
  });

  test.prop([significantDigits(3, 19), fc.nat(), fc.integer({ min: 1, max: 9 })])(
    "refuses a Finnish reference with one digit changed",
    (base, position, step) => {
      expect(checkGivenReference("FIN", changeOneDigit(createFinnishReference(base), position, step)).ok).toBe(false);
    },
  );
});
