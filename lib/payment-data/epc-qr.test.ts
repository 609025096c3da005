import { fc, test } from "@fast-check/vitest";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";

import { buildEpcQrPayload, EPC_MAX_CENTS, EPC_MAX_PAYLOAD_BYTES, epcQrMatrix, type EpcQrInput } from "./epc-qr";
import { createRfReference, isValidRfReference } from "./references";

const bytes = (value: string) => new TextEncoder().encode(value).length;

const base: EpcQrInput = { bic: "ITELFIHH", name: "Esimerkki Oy", iban: "FI79 4405 2020 0360 82", cents: 488315n };

describe("buildEpcQrPayload: the payload", () => {
  it("writes a Finnish reference as its RF form on the tenth line, and nothing after it", () => {
    // RF09 8685 1625 9619 897 is the RF form Finance Finland's bank barcode guide gives for 86851 62596 19897.
    expect(buildEpcQrPayload({ ...base, reference: "86851 62596 19897" })).toBe(
      "BCD\n002\n1\nSCT\nITELFIHH\nEsimerkki Oy\nFI7944052020036082\nEUR4883.15\n\nRF09868516259619897",
    );
  });

  it("keeps an empty BIC and an empty reference as empty lines before a remittance text", () => {
    expect(buildEpcQrPayload({ bic: "", name: "Mäkinen Tmi", iban: "FI7944052020036082", cents: 1n, text: "Lasku 2026-001" })).toBe(
      "BCD\n002\n1\nSCT\n\nMäkinen Tmi\nFI7944052020036082\nEUR0.01\n\n\nLasku 2026-001",
    );
  });

  it("ends at the amount when there is no remittance, and keeps the gaps before information to the payer", () => {
    expect(buildEpcQrPayload({ ...base, bic: null })).toBe("BCD\n002\n1\nSCT\n\nEsimerkki Oy\nFI7944052020036082\nEUR4883.15");
    expect(buildEpcQrPayload({ ...base, information: "Kiitos" })).toBe(
      "BCD\n002\n1\nSCT\nITELFIHH\nEsimerkki Oy\nFI7944052020036082\nEUR4883.15\n\n\n\nKiitos",
    );
  });

  it("takes an RF reference as it is, compact, letters included", () => {
    const lettered = createRfReference("INV2026A");
    expect(buildEpcQrPayload({ ...base, reference: "RF09 8685 1625 9619 897" }).split("\n")[9]).toBe("RF09868516259619897");
    expect(buildEpcQrPayload({ ...base, reference: lettered }).split("\n")[9]).toBe(lettered);
  });

  it("writes a national reference given in its 20-digit form with leading zeros as the short one's RF form", () => {
    expect(buildEpcQrPayload({ ...base, reference: "00000868516259619897" }).split("\n")[9]).toBe("RF09868516259619897");
  });

  it("accepts a foreign SEPA IBAN and a BIC of 11 characters", () => {
    const payload = buildEpcQrPayload({ ...base, bic: "COBADEFFXXX", iban: "DE89 3704 0044 0532 0130 00", reference: "RF18 5390 0754 7034" });
    expect(payload.split("\n").slice(4, 10)).toEqual(["COBADEFFXXX", "Esimerkki Oy", "DE89370400440532013000", "EUR4883.15", "", "RF18539007547034"]);
  });
});

describe("buildEpcQrPayload: amounts", () => {
  it.each([
    [1n, "EUR0.01"],
    [10n, "EUR0.10"],
    [100n, "EUR1.00"],
    [123456n, "EUR1234.56"],
    [EPC_MAX_CENTS, "EUR999999999.99"],
  ])("writes %s cents as %s", (cents, amount) => {
    expect(buildEpcQrPayload({ ...base, cents }).split("\n")[7]).toBe(amount);
  });

  it.each([0n, -1n, EPC_MAX_CENTS + 1n])("refuses %s cents, outside EUR0.01–EUR999999999.99", (cents) => {
    expect(() => buildEpcQrPayload({ ...base, cents })).toThrow(/EUR0\.01 to EUR999999999\.99/);
  });

  it("refuses any currency but the euro", () => {
    expect(() => buildEpcQrPayload({ ...base, currency: "SEK" })).toThrow(/euro amounts only, not SEK/);
    expect(buildEpcQrPayload({ ...base, currency: "eur" })).toContain("\nEUR4883.15");
  });
});

/** 331 bytes exactly, the largest payload there may be. */
const largest: EpcQrInput = { ...base, name: `${"Ø".repeat(10)}${"a".repeat(44)}`, text: "t".repeat(140), information: "i".repeat(70) };

describe("buildEpcQrPayload: limits", () => {
  it("counts the name in characters: 70 are allowed, whatever their bytes, 71 are not", () => {
    expect(buildEpcQrPayload({ ...base, name: "a".repeat(70) })).toContain(`\n${"a".repeat(70)}\n`);
    expect(buildEpcQrPayload({ ...base, name: "ø".repeat(70) })).toContain(`\n${"ø".repeat(70)}\n`);
    expect(() => buildEpcQrPayload({ ...base, name: "a".repeat(71) })).toThrow(/at most 70 characters, not 71/);
  });

  it("counts the payload in bytes: a name of ä takes twice the room of a name of a", () => {
    const input = { ...base, name: "a".repeat(70), text: "t".repeat(140), information: "i".repeat(40) };
    const ascii = buildEpcQrPayload(input);
    // 14 + 9 + 71 + 19 + 11 + 1 + 1 + 141 + 40 = 307 bytes.
    expect(bytes(ascii)).toBe(307);
    // The same characters with ä in the name: 70 more bytes, 377, over 331.
    expect(() => buildEpcQrPayload({ ...input, name: "ä".repeat(70) })).toThrow(/377 bytes in UTF-8, over the limit of 331/);
  });

  it("accepts a payload of exactly 331 bytes and refuses 332", () => {
    // 14 + 9 + (64 + 1) + 19 + 11 + 1 + 1 + 141 + 71 = 331: a name of 10 × Ø (2 bytes each) and 44 × a.
    const full = buildEpcQrPayload(largest);
    expect(bytes(full)).toBe(EPC_MAX_PAYLOAD_BYTES);
    expect(() => buildEpcQrPayload({ ...largest, name: `${"Ø".repeat(11)}${"a".repeat(43)}` })).toThrow(/332 bytes/);
  });

  it("refuses a remittance text of more than 140 characters, information of more than 70", () => {
    expect(() => buildEpcQrPayload({ ...base, text: "t".repeat(141) })).toThrow(/remittance text .* at most 140 characters/);
    expect(() => buildEpcQrPayload({ ...base, information: "i".repeat(71) })).toThrow(/at most 70 characters/);
  });

  it("refuses both a reference and a text: the code carries one remittance", () => {
    expect(() => buildEpcQrPayload({ ...base, reference: "RF18539007547034", text: "Lasku 1" })).toThrow(/either a structured reference or a remittance text/);
  });

  it.each([
    ["a line break in the name", { name: "Esimerkki\nOy" }],
    ["a carriage return in the text", { text: "Lasku\r1" }],
    ["a tab in the information", { information: "a\tb" }],
    ["an empty name", { name: "  " }],
    ["a BIC of 9 characters", { bic: "ITELFIHHX" }],
    ["an IBAN with a wrong check digit", { iban: "FI79 4405 2020 0360 83" }],
    ["a reference that is neither RF nor Finnish", { reference: "INV-2026-1" }],
    ["an RF reference with wrong check digits", { reference: "RF19539007547034" }],
    ["a Finnish reference with a wrong check digit", { reference: "86851 62596 19898" }],
  ])("refuses %s", (_, change) => {
    expect(() => buildEpcQrPayload({ ...base, ...change })).toThrow(RangeError);
  });
});

/** The bytes a QR code's segments carry, in order. */
function segmentBytes(segments: { mode: { id: string }; data: Uint8Array | string }[]): number[] {
  return segments.flatMap((segment) => (typeof segment.data === "string" ? [...new TextEncoder().encode(segment.data)] : [...segment.data]));
}

describe("epcQrMatrix", () => {
  const payload = buildEpcQrPayload({ ...base, name: "Mäkinen & Søn", reference: "86851 62596 19897" });

  it("is a square of 17 + 4 × version modules, with the three finder patterns", () => {
    const { size, modules, version } = epcQrMatrix(payload);
    expect(size).toBe(17 + 4 * version);
    expect(modules).toHaveLength(size);
    for (const row of modules) expect(row).toHaveLength(size);
    const finder = (top: number, left: number) =>
      Array.from({ length: 7 }, (_, r) =>
        Array.from({ length: 7 }, (_, c) => modules[top + r]![left + c])
          .map((dark) => (dark ? 1 : 0))
          .join(""),
      );
    const pattern = ["1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111"];
    expect(finder(0, 0)).toEqual(pattern);
    expect(finder(0, size - 7)).toEqual(pattern);
    expect(finder(size - 7, 0)).toEqual(pattern);
  });

  it("draws what qrcode made at error correction level M, and that carries the payload's UTF-8 bytes", () => {
    const reference = QRCode.create(payload, { errorCorrectionLevel: "M" });
    const { modules } = epcQrMatrix(payload);
    expect(modules.map((row, r) => row.map((dark, c) => (dark ? 1 : 0) === reference.modules.get(r, c)).every(Boolean))).not.toContain(false);
    expect(segmentBytes(reference.segments as never)).toEqual([...new TextEncoder().encode(payload)]);
  });

  it("fits the largest payload in QR version 13, the guidelines' maximum", () => {
    expect(epcQrMatrix(buildEpcQrPayload(largest)).version).toBeLessThanOrEqual(13);
  });

  it("refuses a payload that needs a larger QR code than version 13", () => {
    expect(() => epcQrMatrix("x".repeat(400))).toThrow(/version 1[4-9]/);
  });
});

/** Text without control characters or surrounding spaces, from all of Unicode. */
const cleanText = (maxLength: number) =>
  fc
    .string({ unit: "binary", minLength: 1, maxLength })
    .map((value) =>
      [...value]
        .filter((char) => !/[\p{Cc}]/u.test(char))
        .join("")
        .trim(),
    )
    .filter((value) => value !== "");

describe("buildEpcQrPayload: properties", () => {
  test.prop([cleanText(70), fc.bigInt({ min: 1n, max: EPC_MAX_CENTS }), fc.option(cleanText(140), { nil: undefined })])(
    "puts each element on its line, or refuses only for the byte limit",
    (name, cents, text) => {
      let payload: string;
      try {
        payload = buildEpcQrPayload({ ...base, name, cents, text });
      } catch (error) {
        expect(error).toBeInstanceOf(RangeError);
        expect((error as Error).message).toMatch(/over the limit of 331/);
        return;
      }
      expect(bytes(payload)).toBeLessThanOrEqual(EPC_MAX_PAYLOAD_BYTES);
      const lines = payload.split("\n");
      expect(lines.slice(0, 8)).toEqual([
        "BCD",
        "002",
        "1",
        "SCT",
        "ITELFIHH",
        name,
        "FI7944052020036082",
        `EUR${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`,
      ]);
      expect(lines.at(-1)).not.toBe("");
      if (text) expect(lines.slice(8)).toEqual(["", "", text]);
      else expect(lines).toHaveLength(8);
    },
  );

  test.prop([fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 3, maxLength: 19 }).filter((digits) => !digits.startsWith("0"))])(
    "turns every Finnish reference into a valid RF reference ending in it",
    (base10) => {
      const national = base10 + String((10 - ([...base10].reverse().reduce((sum, d, i) => sum + Number(d) * [7, 3, 1][i % 3]!, 0) % 10)) % 10);
      const rf = buildEpcQrPayload({ ...base, reference: national }).split("\n")[9]!;
      expect(isValidRfReference(rf)).toBe(true);
      expect(rf.slice(4)).toBe(national);
    },
  );
});
