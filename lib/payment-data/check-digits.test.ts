import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import { assertDigits, isValidLuhn, isValidMod11, luhnCheckDigit, mod11CheckDigit, mod97 } from "./check-digits";

const digit = fc.constantFrom(..."0123456789");
const digits = (minLength: number, maxLength: number) => fc.string({ unit: digit, minLength, maxLength });

/** The value with the digit at `position` (taken modulo the length) moved on by 1–9. */
function changeOneDigit(value: string, position: number, step: number): string {
  const index = position % value.length;
  const changed = String((Number(value[index]) + step) % 10);
  return value.slice(0, index) + changed + value.slice(index + 1);
}

describe("assertDigits", () => {
  it("accepts a string of digits, leading zeros included", () => {
    expect(() => assertDigits("0012")).not.toThrow();
  });

  it.each(["", "12a", "12 34", "-12", "1.5", "１２"])("throws a RangeError for %j, which is not only digits", (value) => {
    expect(() => assertDigits(value)).toThrow(RangeError);
  });

  it("names the value it rejects", () => {
    expect(() => assertDigits("x", "base")).toThrow("base must contain only digits");
  });
});

describe("Luhn (mod 10)", () => {
  it("gives 3 for 7992739871, so 79927398713 is valid", () => {
    // From the right, every other digit doubled starting with the base's last digit:
    // 1×2=2, 7, 8×2=16→7, 9, 3×2=6, 7, 2×2=4, 9, 9×2=18→9, 7; sum 67; (10 − 7) mod 10 = 3.
    expect(luhnCheckDigit("7992739871")).toBe("3");
    expect(isValidLuhn("79927398713")).toBe(true);
  });

  it("gives 6 for the Swedish personnummer example 811218-987", () => {
    // 7×2=14→5, 8, 9×2=18→9, 8, 1×2=2, 2, 1×2=2, 1, 8×2=16→7; sum 44; check 6: 811218-9876.
    expect(luhnCheckDigit("811218987")).toBe("6");
    expect(isValidLuhn("8112189876")).toBe(true);
  });

  it("gives 1 for 61248", () => {
    // 8×2=16→7, 4, 2×2=4, 1, 6×2=12→3; sum 19; check 1.
    expect(luhnCheckDigit("61248")).toBe("1");
  });

  it("gives 0 when the sum is already a multiple of ten", () => {
    // 5×2=10→1, 9; sum 10.
    expect(luhnCheckDigit("95")).toBe("0");
    expect(luhnCheckDigit("0")).toBe("0");
  });

  it.each(["79927398710", "79927398714", "97927398713"])("rejects %s, whose check digit does not match", (value) => {
    expect(isValidLuhn(value)).toBe(false);
  });

  it.each(["", "0", "7", "7992739871a", "7992 7398 713", "-79927398713"])("rejects %j, which is too short or not only digits", (value) => {
    expect(isValidLuhn(value)).toBe(false);
  });

  it.each(["", "12a", " 12"])("throws a RangeError for the base %j", (base) => {
    expect(() => luhnCheckDigit(base)).toThrow(RangeError);
  });

  test.prop([digits(1, 30)])("accepts every base followed by its check digit", (base) => {
    expect(isValidLuhn(base + luhnCheckDigit(base))).toBe(true);
  });

  test.prop([digits(1, 24), fc.integer({ min: 1, max: 5 }).map((n) => "0".repeat(n))])("ignores leading zeros in the base", (base, zeros) => {
    expect(luhnCheckDigit(zeros + base)).toBe(luhnCheckDigit(base));
  });

  test.prop([digits(1, 24), fc.nat(), fc.integer({ min: 1, max: 9 })])("detects every change of a single digit", (base, position, step) => {
    const valid = base + luhnCheckDigit(base);
    expect(isValidLuhn(changeOneDigit(valid, position, step))).toBe(false);
  });

  test.prop([digits(1, 24), fc.nat()])("detects every swap of two adjacent digits except 09 ↔ 90", (base, position) => {
    const valid = base + luhnCheckDigit(base);
    const index = position % (valid.length - 1);
    const [a, b] = [valid[index]!, valid[index + 1]!];
    fc.pre(a !== b && `${a}${b}` !== "09" && `${a}${b}` !== "90");
    const swapped = valid.slice(0, index) + b + a + valid.slice(index + 2);
    expect(isValidLuhn(swapped)).toBe(false);
  });
});

describe("MOD11 (weights 2–7 from the right)", () => {
  it("gives 1 for 13739", () => {
    // 9×2=18, 3×3=9, 7×4=28, 3×5=15, 1×6=6; sum 76; 76 mod 11 = 10; 11 − 10 = 1.
    expect(mod11CheckDigit("13739")).toBe("1");
  });

  it("gives 7 for the Norwegian account number 8601 11 17947", () => {
    // 4×2=8, 9×3=27, 7×4=28, 1×5=5, 1×6=6, 1×7=7, 1×2=2, 0×3=0, 6×4=24, 8×5=40; sum 147;
    // 147 mod 11 = 4; 11 − 4 = 7.
    expect(mod11CheckDigit("8601111794")).toBe("7");
    expect(isValidMod11("86011117947")).toBe(true);
  });

  it("gives 7 for the Norwegian organisation number 988 077 917", () => {
    // 1×2=2, 9×3=27, 7×4=28, 7×5=35, 0×6=0, 8×7=56, 8×2=16, 9×3=27; sum 191; 191 mod 11 = 4; 11 − 4 = 7.
    expect(mod11CheckDigit("98807791")).toBe("7");
    expect(isValidMod11("988077917")).toBe(true);
  });

  it("starts the weights again at 2 after 7", () => {
    // The sixth digit from the right weighs 7, the seventh weighs 2 again.
    expect(mod11CheckDigit("100000")).toBe("4"); // 1×7 = 7; 11 − 7 = 4
    expect(mod11CheckDigit("1000000")).toBe("9"); // 1×2 = 2; 11 − 2 = 9
  });

  it("writes 0 when the remainder is 0", () => {
    // 9×2=18, 6×3=18, 5×4=20, 4×5=20, 3×6=18, 2×7=14, 1×2=2; sum 110 = 10 × 11.
    expect(mod11CheckDigit("1234569")).toBe("0");
    expect(isValidMod11("12345690")).toBe(true);
  });

  it("writes - when the remainder is 1, where the check digit would be 10", () => {
    // 8×2=16, 4×3=12, 3×4=12, 2×5=10, 1×6=6; sum 56; 56 mod 11 = 1; 11 − 1 = 10.
    expect(mod11CheckDigit("12348")).toBe("-");
    expect(isValidMod11("12348-")).toBe(true);
    // 6×2 = 12; 12 mod 11 = 1.
    expect(mod11CheckDigit("6")).toBe("-");
  });

  it.each([
    ["86011117948", "a wrong check digit"],
    ["12348", "a digit where the check must be -"],
    ["12348-0", "a character after the -"],
    ["1234-8-", "a - inside the base"],
    ["1-", "a - where the check must be 9"],
    ["-", "no base"],
    ["7", "a single digit"],
    ["", "nothing"],
    ["8601 11 17947", "spaces"],
  ])("rejects %j, with %s", (value) => {
    expect(isValidMod11(value)).toBe(false);
  });

  it.each(["", "12-", "abc"])("throws a RangeError for the base %j", (base) => {
    expect(() => mod11CheckDigit(base)).toThrow(RangeError);
  });

  test.prop([digits(1, 30)])("accepts every base followed by its check digit", (base) => {
    expect(isValidMod11(base + mod11CheckDigit(base))).toBe(true);
  });

  test.prop([digits(1, 24), fc.nat(), fc.integer({ min: 1, max: 9 })])("detects every change of a single digit of the base", (base, position, step) => {
    expect(isValidMod11(changeOneDigit(base, position, step) + mod11CheckDigit(base))).toBe(false);
  });

  test.prop([digits(1, 24), fc.constantFrom(..."0123456789-")])("accepts exactly one check character for each base", (base, check) => {
    expect(isValidMod11(base + check)).toBe(check === mod11CheckDigit(base));
  });
});

describe("ISO 7064 mod 97-10", () => {
  it("leaves 1 for the ISO 11649 example RF18 5390 0754 7034, moved and with R=27, F=15", () => {
    // 539007547034 RF18 → 539007547034271518, nine digits at a time:
    // 539007547 = 97 × 5556778 + 81; 81|0342715 = 97 × 8354048 + 59; 59|18 = 97 × 61 + 1.
    expect(mod97("539007547034RF18")).toBe(1);
  });

  it("leaves 1 for the IBAN example GB82 WEST 1234 5698 7654 32, moved and with its letters as numbers", () => {
    // WEST12345698765432GB82 → 3214282912345698765432161182:
    // 321428291 → 70; 70|2345698 → 29; 29|7654321 → 24; 24|61182 = 97 × 25373 + 1.
    expect(mod97("WEST12345698765432GB82")).toBe(1);
  });

  it("leaves 1 for the Finnish IBAN example FI21 1234 5600 0007 85, moved", () => {
    // 12345600000785 FI21 → 12345600000785151821: 123456000 → 26; 26|0078515 → 78; 78|1821 = 97 × 8060 + 1.
    expect(mod97("12345600000785FI21")).toBe(1);
  });

  it("reads lowercase letters as their uppercase values", () => {
    expect(mod97("539007547034rf18")).toBe(1);
    expect(mod97("abcxyz")).toBe(mod97("ABCXYZ"));
  });

  it("is 0 for an empty value", () => {
    expect(mod97("")).toBe(0);
  });

  test.prop([digits(1, 60)])("equals the remainder of the digits read as one big number", (value) => {
    expect(mod97(value)).toBe(Number(BigInt(value) % 97n));
  });

  test.prop([fc.string({ unit: fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), minLength: 1, maxLength: 35 })])(
    "equals the remainder after each letter is replaced by its number, A=10 to Z=35",
    (value) => {
      const expanded = [...value].map((char) => String(parseInt(char, 36))).join("");
      expect(mod97(value)).toBe(Number(BigInt(expanded) % 97n));
    },
  );
});
