import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";

import { mod97 } from "./check-digits";
import { buildFinnishBarcode, MAX_BARCODE_CENTS, parseFinnishBarcode } from "./finnish-barcode";
import { createFinnishReference, createRfReference } from "./references";

/*
 * The test invoices ("testilaskut") 1–9 of Finance Finland's "Pankkiviivakoodi-opas" version 5.3,
 * each in version 4 (national reference) and version 5 (RF reference). They are taken as quoted,
 * digit for digit alike, by three independent implementations' test suites (holviapi's
 * utils tests, the Python package virtuaaliviivakoodi, a Rust bank-barcode crate); every one was
 * also checked by construction: IBAN mod 97, the reference's 7-3-1 digit, the RF mod 97 digits and
 * the field layout. Left out: version 5 of invoice 3, which the sources quote with two different
 * RF references (RF61 6987 5672 0839 and RF02 6987 5672 0834).
 */
const VERSION_4 = [
  ["FI79 4405 2020 0360 82", 488315n, "86851 62596 19897", "2010-06-12", "479440520200360820048831500000000868516259619897100612"],
  ["FI58 1017 1000 0001 22", 48299n, "55958 22432 94671", "2012-01-31", "458101710000001220004829900000000559582243294671120131"],
  ["FI02 5000 4640 0013 02", 69380n, "69 87567 20834 35364", "2011-07-24", "402500046400013020006938000000069875672083435364110724"],
  ["FI15 6601 0001 5306 41", 744454n, "7 75847 47906 47489", "2019-12-19", "415660100015306410074445400000007758474790647489191219"],
  ["FI16 8000 1400 0502 67", 93585n, "78 77767 96566 28687", null, "416800014000502670009358500000078777679656628687000000"],
  ["FI73 3131 3001 0000 58", 0n, "8 68624", "2013-08-09", "473313130010000580000000000000000000000000868624130809"],
  ["FI83 3301 0001 1007 75", 15000020n, "92125 37425 25398 97737", "2016-05-25", "483330100011007751500002000092125374252539897737160525"],
  ["FI39 3636 3002 0924 92", 103n, "5907 38390", "2023-03-11", "439363630020924920000010300000000000000590738390230311"],
  ["FI92 3939 0001 0033 91", 2n, "13 57914", "2099-12-24", "492393900010033910000000200000000000000001357914991224"],
] as const;

const VERSION_5 = [
  ["FI79 4405 2020 0360 82", 488315n, "RF09 8685 1625 9619 897", "2010-06-12", "579440520200360820048831509000000868516259619897100612"],
  // The guide's version 5 of invoice 2 has the due date 31.1.2010 where version 4 has 31.1.2012.
  ["FI58 1017 1000 0001 22", 48299n, "RF06 5595 8224 3294 671", "2010-01-31", "558101710000001220004829906000000559582243294671100131"],
  ["FI15 6601 0001 5306 41", 744454n, "RF84 7758 4747 9064 7489", "2019-12-19", "515660100015306410074445484000007758474790647489191219"],
  ["FI16 8000 1400 0502 67", 93585n, "RF60 7877 7679 6566 2868 7", null, "516800014000502670009358560000078777679656628687000000"],
  ["FI73 3131 3001 0000 58", 0n, "RF10 8686 24", "2013-08-09", "573313130010000580000000010000000000000000868624130809"],
  ["FI83 3301 0001 1007 75", 15000020n, "RF71 9212 5374 2525 3989 7737", "2016-05-25", "583330100011007751500002071092125374252539897737160525"],
  ["FI39 3636 3002 0924 92", 103n, "RF66 5907 3839 0", "2023-03-11", "539363630020924920000010366000000000000590738390230311"],
  ["FI92 3939 0001 0033 91", 2n, "RF95 1357 914", "2099-12-24", "592393900010033910000000295000000000000001357914991224"],
] as const;

const compact = (value: string) => value.replace(/\s/g, "");

describe("buildFinnishBarcode: Finance Finland's examples", () => {
  it("builds invoice 1 field by field: 4 | 7944052020036082 | 004883 | 15 | 000 | 00000868516259619897 | 100612", () => {
    const code = buildFinnishBarcode({ iban: "FI79 4405 2020 0360 82", cents: 488315n, reference: "86851 62596 19897", dueDate: "2010-06-12" });
    expect(code).toBe(["4", "7944052020036082", "004883", "15", "000", "00000868516259619897", "100612"].join(""));
    expect(code).toBe("479440520200360820048831500000000868516259619897100612");
  });

  it.each(VERSION_4)("version 4: %s, %i cents, reference %s, due %s", (iban, cents, reference, dueDate, expected) => {
    expect(buildFinnishBarcode({ iban, cents, reference, dueDate })).toBe(expected);
    expect(parseFinnishBarcode(expected)).toEqual({ version: 4, iban: compact(iban), cents, reference: compact(reference), dueDate });
  });

  it.each(VERSION_5)("version 5: %s, %i cents, reference %s, due %s", (iban, cents, reference, dueDate, expected) => {
    expect(buildFinnishBarcode({ iban, cents, reference, dueDate })).toBe(expected);
    expect(parseFinnishBarcode(expected)).toEqual({ version: 5, iban: compact(iban), cents, reference: compact(reference), dueDate });
  });

  it("gets the same RF reference from the national one as the guide does", () => {
    for (const [index, [, , national]] of VERSION_4.entries()) {
      if (index === 2) continue; // invoice 3's RF form is the disputed one
      const rf = VERSION_5.find(([iban]) => iban === VERSION_4[index]![0])![2];
      expect(createRfReference(compact(national))).toBe(compact(rf));
    }
  });
});

describe("buildFinnishBarcode: amount", () => {
  const base = { iban: "FI7944052020036082", reference: "868516259619897", dueDate: null };
  const amountField = (cents: bigint) => buildFinnishBarcode({ ...base, cents }).slice(17, 25);

  it("writes 999 999.99 €, the largest amount the field holds", () => {
    expect(MAX_BARCODE_CENTS).toBe(99_999_999n);
    expect(amountField(99_999_999n)).toBe("99999999");
    expect(amountField(1n)).toBe("00000001");
  });

  it("writes zeros (the payer types the amount) for more than 999 999.99 € and for a negative amount", () => {
    expect(amountField(100_000_000n)).toBe("00000000");
    expect(amountField(9_999_999_999_999n)).toBe("00000000");
    expect(amountField(2n ** 64n)).toBe("00000000");
    expect(amountField(-1n)).toBe("00000000");
    expect(buildFinnishBarcode({ ...base, cents: -500n })).toHaveLength(54);
  });
});

describe("buildFinnishBarcode: what it refuses", () => {
  const base = { iban: "FI7944052020036082", cents: 100n, reference: "868516259619897", dueDate: "2026-12-06" };

  it("refuses an RF reference with letters, which a barcode of digits cannot carry", () => {
    const lettered = createRfReference("INV2026A");
    expect(() => buildFinnishBarcode({ ...base, reference: lettered })).toThrow(RangeError);
    expect(() => buildFinnishBarcode({ ...base, reference: lettered })).toThrow(/has letters/);
  });

  it.each(["SE45 5000 0000 0583 9825 7466", "NO93 8601 1117 947", "AX24 4405 2020 0360 82"])("refuses the foreign IBAN %s", (iban) => {
    expect(() => buildFinnishBarcode({ ...base, iban })).toThrow(/only Finnish IBANs/);
  });

  it.each(["FI7944052020036083", "FI794405202003608", "FI79440520200360822"])("refuses the broken IBAN %s", (iban) => {
    expect(() => buildFinnishBarcode({ ...base, iban })).toThrow(/not a valid Finnish IBAN/);
  });

  it.each(["868516259619898", "RF10868625", "123", "INV 2026-1", ""])("refuses the reference %j", (reference) => {
    expect(() => buildFinnishBarcode({ ...base, reference })).toThrow(RangeError);
  });

  it.each(["1999-12-31", "2100-01-01", "2026-02-29", "2026-13-01", "6.12.2026", "2026-12-6"])("refuses the due date %s", (dueDate) => {
    expect(() => buildFinnishBarcode({ ...base, dueDate })).toThrow(RangeError);
  });

  it("writes 000000 when there is no due date", () => {
    expect(buildFinnishBarcode({ ...base, dueDate: null }).slice(48)).toBe("000000");
    expect(buildFinnishBarcode({ iban: base.iban, cents: 100n, reference: base.reference }).slice(48)).toBe("000000");
  });

  it("writes a national reference given with leading zeros (its 20-digit form) like the short one", () => {
    expect(buildFinnishBarcode({ ...base, reference: "00000868516259619897" })).toBe(buildFinnishBarcode(base));
  });
});

describe("parseFinnishBarcode: what it refuses", () => {
  const good = "479440520200360820048831500000000868516259619897100612";
  const replace = (at: number, digits: string) => good.slice(0, at) + digits + good.slice(at + digits.length);

  it.each([
    ["53 digits", good.slice(1)],
    ["55 digits", `${good}0`],
    ["a letter", replace(30, "A")],
    ["version 2", replace(0, "2")],
    ["version 6", replace(0, "6")],
    ["a wrong IBAN check digit", replace(2, "0")],
    ["non-zero reserved digits", replace(25, "001")],
    ["a wrong reference check digit", replace(47, "8")],
    ["month 13", replace(48, "101312")],
    ["30 February", replace(48, "260230")],
    ["an all-zero version 5 reference", `5${good.slice(1, 25)}00${"0".repeat(21)}000000`],
  ])("refuses %s", (_, code) => {
    expect(() => parseFinnishBarcode(code)).toThrow(RangeError);
  });
});

/** Any Finnish IBAN: 14 digits of account and the check digits that make it valid. */
const finnishIban = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 14, maxLength: 14 }).map((bban) => {
  const check = String(98 - mod97(`${bban}FI00`)).padStart(2, "0");
  return `FI${check}${bban}`;
});
const significant = (minLength: number, maxLength: number) =>
  fc
    .tuple(fc.constantFrom(..."123456789"), fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: minLength - 1, maxLength: maxLength - 1 }))
    .map(([first, rest]) => first + rest);
const nationalReference = significant(3, 19).map(createFinnishReference);
const numericRfReference = fc.oneof(significant(1, 21).map(createRfReference), nationalReference.map(createRfReference));
const dueDate = fc.option(
  fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  { nil: null },
);
const cents = fc.bigInt({ min: 0n, max: MAX_BARCODE_CENTS });

describe("build and parse", () => {
  test.prop([finnishIban, cents, fc.oneof(nationalReference, numericRfReference), dueDate])(
    "give back what went in, in 54 digits",
    (iban, cents, reference, dueDate) => {
      const code = buildFinnishBarcode({ iban, cents, reference, dueDate });
      expect(code).toMatch(/^\d{54}$/);
      expect(parseFinnishBarcode(code)).toEqual({ version: reference.startsWith("RF") ? 5 : 4, iban, cents, reference, dueDate });
    },
  );

  test.prop([finnishIban, fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }), fc.oneof(nationalReference, numericRfReference), dueDate])(
    "always make 54 digits, whatever the amount",
    (iban, cents, reference, dueDate) => {
      const code = buildFinnishBarcode({ iban, cents, reference, dueDate });
      expect(code).toMatch(/^\d{54}$/);
      expect(parseFinnishBarcode(code).cents).toBe(cents >= 0n && cents <= MAX_BARCODE_CENTS ? cents : 0n);
    },
  );
});
