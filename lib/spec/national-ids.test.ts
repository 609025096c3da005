import fc from "fast-check";
import { stdnum } from "stdnum";
import { describe, expect, it } from "vitest";

import {
  canonicalGovid,
  countryAlpha2,
  govidLookupKeys,
  ibanCountry,
  isValidBankgiro,
  isValidBusinessId,
  isValidDomesticAccount,
  isValidIban,
  isValidPersonalId,
  isValidPlusgiro,
  isValidVatNumber,
  swedishPersonalLong,
} from "./national-ids";

/* Check digits computed here independently of the libraries the module uses. */

/** Finnish Y-tunnus: weights 7, 9, 10, 5, 8, 4, 2; remainder 1 has no check digit. */
function ytunnusCheckDigit(base: string): string | null {
  const weights = [7, 9, 10, 5, 8, 4, 2];
  const remainder = [...base].reduce((sum, digit, i) => sum + Number(digit) * weights[i]!, 0) % 11;
  if (remainder === 1) return null;
  return String(remainder === 0 ? 0 : 11 - remainder);
}

/** Norwegian organisasjonsnummer: MOD11 with weights 3, 2, 7, 6, 5, 4, 3, 2; remainder 1 is invalid. */
function norwegianOrgnrCheckDigit(base: string): string | null {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const remainder = [...base].reduce((sum, digit, i) => sum + Number(digit) * weights[i]!, 0) % 11;
  if (remainder === 1) return null;
  return String(remainder === 0 ? 0 : 11 - remainder);
}

/** Luhn (mod 10) check digit of a string of digits. */
function luhn(base: string): string {
  let sum = 0;
  [...base].reverse().forEach((char, i) => {
    let digit = Number(char);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  });
  return String((10 - (sum % 10)) % 10);
}

/** Finnish henkilötunnus check character: (DDMMYY + NNN) mod 31. */
function hetuCheckCharacter(ddmmyy: string, individual: string): string {
  return "0123456789ABCDEFHJKLMNPRSTUVWXY"[Number(ddmmyy + individual) % 31]!;
}

const otherDigit = (digit: string) => String((Number(digit) + 1) % 10);

describe("isValidBusinessId", () => {
  it.each([
    ["FIN", "2617416-4"],
    ["SWE", "556703-7485"],
    ["SWE", "5567037485"],
    ["NOR", "988077917"],
  ] as const)("accepts the %s business id %s", (country, value) => {
    expect(isValidBusinessId(country, value)).toBe(true);
  });

  it.each([
    ["FIN", "2617416-5"],
    ["SWE", "556703-7486"],
    ["NOR", "988077918"],
    ["FIN", ""],
    ["NOR", "98807791"],
  ] as const)("refuses the %s business id %s with a wrong check digit or length", (country, value) => {
    expect(isValidBusinessId(country, value)).toBe(false);
  });

  it("checks each country's business id by that country's algorithm only", () => {
    expect(isValidBusinessId("SWE", "2617416-4")).toBe(false);
    expect(isValidBusinessId("NOR", "2617416-4")).toBe(false);
    expect(isValidBusinessId("FIN", "556703-7485")).toBe(false);
    expect(isValidBusinessId("FIN", "988077917")).toBe(false);
  });

  it("accepts every Finnish business id whose check digit is right, and no other digit in its place", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{7}$/), (base) => {
        const check = ytunnusCheckDigit(base);
        fc.pre(check !== null);
        expect(isValidBusinessId("FIN", `${base}-${check}`)).toBe(true);
        expect(isValidBusinessId("FIN", `${base}-${otherDigit(check!)}`)).toBe(false);
      }),
    );
  });

  it("accepts every Norwegian organisation number whose MOD11 check digit is right, and no other digit in its place", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[89][0-9]{7}$/), (base) => {
        const check = norwegianOrgnrCheckDigit(base);
        fc.pre(check !== null && check !== "10");
        expect(isValidBusinessId("NOR", `${base}${check}`)).toBe(true);
        expect(isValidBusinessId("NOR", `${base}${otherDigit(check!)}`)).toBe(false);
      }),
    );
  });
});

describe("isValidPersonalId", () => {
  it.each([
    ["FIN", "131052-308T"],
    ["FIN", "131052Y308T"], // the 2023 century letters: Y means the 1900s like "-"
    ["SWE", "811228-9874"],
    ["SWE", "19900101-0017"],
    ["NOR", "15108695088"],
  ] as const)("accepts the %s personal identity code %s", (country, value) => {
    expect(isValidPersonalId(country, value)).toBe(true);
  });

  it.each([
    ["FIN", "131052-308U"],
    ["FIN", "311352-308T"],
    ["SWE", "811228-9873"],
    ["NOR", "15108695089"],
    ["NOR", "01010112345"],
  ] as const)("refuses the %s personal identity code %s", (country, value) => {
    expect(isValidPersonalId(country, value)).toBe(false);
  });

  it("does not take a business id for a personal identity code", () => {
    expect(isValidPersonalId("FIN", "2617416-4")).toBe(false);
    expect(isValidPersonalId("NOR", "988077917")).toBe(false);
  });

  it("accepts every Finnish personal identity code of the 1900s with the right check character", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("1999-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.integer({ min: 2, max: 899 }),
        (date, n) => {
          const ddmmyy =
            String(date.getUTCDate()).padStart(2, "0") + String(date.getUTCMonth() + 1).padStart(2, "0") + String(date.getUTCFullYear() % 100).padStart(2, "0");
          const individual = String(n).padStart(3, "0");
          expect(isValidPersonalId("FIN", `${ddmmyy}-${individual}${hetuCheckCharacter(ddmmyy, individual)}`)).toBe(true);
        },
      ),
    );
  });
});

describe("canonicalGovid", () => {
  const TODAY = "2026-11-26";
  it.each([
    ["a Swedish personnummer, short with hyphen", "811228-9874", "SE:198112289874"],
    ["a Swedish personnummer, short without hyphen", "8112289874", "SE:198112289874"],
    ["a Swedish personnummer, long", "198112289874", "SE:198112289874"],
    ["a Swedish personnummer, long with hyphen and a space", " 19811228-9874", "SE:198112289874"],
    ["a Swedish organisationsnummer with hyphen", "202100-5489", "SE:2021005489"],
    ["a Swedish organisationsnummer without hyphen", "2021005489", "SE:2021005489"],
    ["a Swedish organisationsnummer with the 16 of its century", "162021005489", "SE:2021005489"],
    ["a Norwegian fødselsnummer as printed", "151086 95088", "NO:15108695088"],
    ["a Norwegian organisasjonsnummer as printed", "988 077 917", "NO:988077917"],
    ["a Y-tunnus", "2617416-4", "FI:2617416-4"],
    ["a Y-tunnus without hyphen", "26174164", "FI:2617416-4"],
    ["a Y-tunnus as its VAT number", "FI26174164", "FI:2617416-4"],
    ["a henkilötunnus in small letters", "131052-308t", "FI:131052-308T"],
  ])("writes %s one way", (_what, value, canonical) => {
    expect(canonicalGovid(value, null, TODAY)).toBe(canonical);
  });

  it("reads every code as asking all six checks would: a code is put only to the checks its count of digits can pass", () => {
    // The readings as they were made before (national-ids.ts govidReadings), every check asked.
    const reference = (value: string): string[] => {
      const compact = value.replace(/\s+/g, "").toUpperCase();
      const readings: string[] = [];
      if (stdnum.FI!.hetu!.validate(compact).isValid) readings.push(`FI:${compact}`);
      else {
        const ytunnus = stdnum.FI!.ytunnus!.validate(compact);
        if (ytunnus.isValid) readings.push(`FI:${stdnum.FI!.ytunnus!.format(ytunnus.compact)}`);
      }
      const person = swedishPersonalLong(compact, TODAY);
      const orgnr = /^16\d{10}$/.test(compact) ? compact.slice(2) : compact;
      if (person) readings.push(`SE:${person}`);
      else if (stdnum.SE!.orgnr!.validate(orgnr).isValid) readings.push(`SE:${stdnum.SE!.orgnr!.compact(orgnr)}`);
      if (stdnum.NO!.fodselsnummer!.validate(compact).isValid) readings.push(`NO:${stdnum.NO!.fodselsnummer!.compact(compact)}`);
      else if (stdnum.NO!.orgnr!.validate(compact).isValid) readings.push(`NO:${stdnum.NO!.orgnr!.compact(compact)}`);
      return readings.length > 0 ? readings : [compact];
    };
    const valid = ["811228-9874", "202100-5489", "151086 95088", "988 077 917", "2617416-4", "131052-308T", "131052Y308T", "010101-0189", "162021005489"];
    const separators = [" ", "-", "+", ".", ":", "/", "*", ",", "\u2010", "\u00ad", "A", "Y"];
    // A valid code's characters with separators and letters put between them, a prefix, some digits
    // written full-width (which stdnum reads as digits), or a digit dropped or doubled.
    const variant = fc
      .record({
        code: fc.constantFrom(...valid),
        inserts: fc.array(fc.tuple(fc.nat(13), fc.constantFrom(...separators)), { maxLength: 3 }),
        prefix: fc.constantFrom("", "FI", "SE", "NO", "16", "fi"),
        wide: fc.boolean(),
        change: fc.constantFrom("none", "drop", "double"),
        at: fc.nat(12),
      })
      .map(({ code, inserts, prefix, wide, change, at }) => {
        let chars = [...code];
        if (change === "drop") chars.splice(at % chars.length, 1);
        if (change === "double") chars.splice(at % chars.length, 0, chars[at % chars.length]!);
        for (const [position, separator] of inserts) chars.splice(position % (chars.length + 1), 0, separator);
        if (wide) chars = chars.map((char) => (/[0-9]/.test(char) ? String.fromCharCode(char.charCodeAt(0) + 0xfee0) : char));
        return prefix + chars.join("");
      });
    const noise = fc.string({ unit: fc.constantFrom(..."0123456789 -+.:/ABFITYSENO"), maxLength: 16 });
    fc.assert(
      fc.property(fc.oneof(variant, noise), (value) => {
        expect(govidLookupKeys(value, TODAY)).toEqual(reference(value));
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps apart Finnish codes that differ only in the century sign: since 2023 they are different people", () => {
    expect(canonicalGovid("131052-308T", "FIN", TODAY)).not.toBe(canonicalGovid("131052Y308T", "FIN", TODAY));
  });

  it("reads a code that is both a henkilötunnus and a short personnummer by the debtor's country, and looks it up under both", () => {
    expect(isValidPersonalId("FIN", "010101-0189") && isValidPersonalId("SWE", "010101-0189")).toBe(true);
    expect(canonicalGovid("010101-0189", "SWE", TODAY)).toBe("SE:200101010189");
    expect(canonicalGovid("200101010189", "SWE", TODAY)).toBe("SE:200101010189");
    expect(canonicalGovid("010101-0189", "FIN", TODAY)).toBe("FI:010101-0189");
    expect(govidLookupKeys("010101-0189", TODAY)).toEqual(["FI:010101-0189", "SE:200101010189"]);
    expect(govidLookupKeys("de 123 456 789", TODAY)).toEqual(["DE123456789"]);
  });

  it("leaves a code no check accepts as it is, without spaces and in capitals", () => {
    expect(canonicalGovid("de 123 456 789", "FIN", TODAY)).toBe("DE123456789");
  });
});

describe("swedishPersonalLong", () => {
  it("puts a short code with - in the last hundred years, counted to the birth date, and + a hundred years before", () => {
    expect(swedishPersonalLong("261231-0017", "2026-11-26")).toBe("192612310017");
    expect(swedishPersonalLong("261120-0011", "2026-11-26")).toBe("202611200011");
    expect(swedishPersonalLong("261231-0017", "2027-01-02")).toBe("202612310017");
    expect(swedishPersonalLong("811228+9874", "2026-11-26")).toBe("188112289874");
    expect(swedishPersonalLong("19811228-9874", "2026-11-26")).toBe("198112289874");
  });

  it("reads a samordningsnummer's day without its 60 for the century and keeps it in the code", () => {
    expect(swedishPersonalLong("701063-2391", "2026-11-26")).toBe("197010632391");
  });

  it("is null for what is no personnummer", () => {
    expect(swedishPersonalLong("811228-9873", "2026-11-26")).toBeNull();
    expect(swedishPersonalLong("2021005489", "2026-11-26")).toBeNull();
  });
});

describe("isValidVatNumber", () => {
  it.each([
    ["FIN", "FI26174164"],
    ["SWE", "SE556703748501"],
    ["NOR", "NO988077917MVA"],
  ] as const)("accepts the %s VAT number %s (the business id with the country's prefix and suffix)", (country, value) => {
    expect(isValidVatNumber(country, value)).toBe(true);
  });

  it.each([
    ["FIN", "FI26174165"],
    ["SWE", "SE556703748601"],
    ["NOR", "NO988077918MVA"],
    ["SWE", "FI26174164"],
  ] as const)("refuses the %s VAT number %s", (country, value) => {
    expect(isValidVatNumber(country, value)).toBe(false);
  });
});

describe("isValidIban and ibanCountry", () => {
  it.each(["FI21 1234 5600 0007 85", "FI2112345600000785", "fi2112345600000785", "SE45 5000 0000 0583 9825 7466", "NO93 8601 1117 947"])(
    "accepts the IBAN %s, with or without spaces",
    (value) => {
      expect(isValidIban(value)).toBe(true);
    },
  );

  it.each(["FI21 1234 5600 0007 86", "FI22 1234 5600 0007 85", "", "FI21", "12345600000785"])("refuses %j, which is not a valid IBAN", (value) => {
    expect(isValidIban(value)).toBe(false);
  });

  it("names the country of a valid IBAN and nothing for an invalid one", () => {
    expect(ibanCountry("FI21 1234 5600 0007 85")).toBe("FI");
    expect(ibanCountry("SE45 5000 0000 0583 9825 7466")).toBe("SE");
    expect(ibanCountry("NO93 8601 1117 947")).toBe("NO");
    expect(ibanCountry("FI21 1234 5600 0007 86")).toBeNull();
    expect(ibanCountry("xx")).toBeNull();
  });
});

describe("isValidDomesticAccount", () => {
  it.each([
    ["SWE", "5440-0002225"],
    ["SWE", "3300 7810251111"],
    ["SWE", "6000 123456789"],
    ["NOR", "86011117947"],
    ["NOR", "8601.11.17947"],
  ] as const)("accepts the %s domestic account %s", (country, value) => {
    expect(isValidDomesticAccount(country, value)).toBe(true);
  });

  it.each([
    ["SWE", "5440-0002226"],
    ["SWE", "9420-4172385"], // no bank has this clearing number: the parser throws, the answer is false
    ["SWE", "abc"],
    ["NOR", "86011117948"],
    ["NOR", "8601111794"],
  ] as const)("refuses the %s domestic account %s", (country, value) => {
    expect(isValidDomesticAccount(country, value)).toBe(false);
  });

  it("refuses every domestic account in Finland, which uses IBAN only", () => {
    expect(isValidDomesticAccount("FIN", "FI21 1234 5600 0007 85")).toBe(false);
    expect(isValidDomesticAccount("FIN", "86011117947")).toBe(false);
  });
});

describe("isValidBankgiro and isValidPlusgiro", () => {
  it.each(["5050-1055", "123-4566", "1234566"])("accepts the Bankgiro number %s", (value) => {
    expect(isValidBankgiro(value)).toBe(true);
  });

  it.each(["5050-1056", "12", "123456789", "12a-4566", ""])("refuses %j as a Bankgiro number (7–8 digits, Luhn)", (value) => {
    expect(isValidBankgiro(value)).toBe(false);
  });

  it.each(["28 65 43-4", "2865434", "4-2"])("accepts the Plusgiro number %s", (value) => {
    expect(isValidPlusgiro(value)).toBe(true);
  });

  it.each(["4-3", "28 65 43-5", "123456789", "7", ""])("refuses %j as a Plusgiro number (2–8 digits, Luhn)", (value) => {
    expect(isValidPlusgiro(value)).toBe(false);
  });

  it("accepts every 7- or 8-digit Bankgiro number with a right Luhn check digit and refuses any other last digit", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][0-9]{5,6}$/), (base) => {
        const check = luhn(base);
        expect(isValidBankgiro(`${base}${check}`)).toBe(true);
        expect(isValidBankgiro(`${base.slice(0, -4)}-${base.slice(-4)}${check}`)).toBe(true);
        expect(isValidBankgiro(`${base}${otherDigit(check)}`)).toBe(false);
      }),
    );
  });

  it("accepts every 2- to 8-digit Plusgiro number with a right Luhn check digit and refuses any other last digit", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,7}$/), (base) => {
        const check = luhn(base);
        expect(isValidPlusgiro(`${base}-${check}`)).toBe(true);
        expect(isValidPlusgiro(`${base}${otherDigit(check)}`)).toBe(false);
      }),
    );
  });
});

describe("countryAlpha2", () => {
  it("gives the ISO 3166-1 alpha-2 code of each country", () => {
    expect([countryAlpha2("FIN"), countryAlpha2("SWE"), countryAlpha2("NOR")]).toEqual(["FI", "SE", "NO"]);
  });
});
