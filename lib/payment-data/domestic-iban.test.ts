import { fc, test } from "@fast-check/vitest";
import { isValidIBAN } from "ibantools";
import { describe, expect, it } from "vitest";

import { luhnCheckDigit } from "./check-digits";
import { domesticIban, finnishMachineForm } from "./domestic-iban";

describe("domesticIban", () => {
  it.each([
    // Finance Finland's example, and one of each way of filling zeros.
    ["123456-785", "12345600000785", "FI2112345600000785", "NDEAFIHH"],
    ["500015-20000081", "50001520000081", "FI1350001520000081", "OKOYFIHH"],
    ["423456-781", "42345670000081", "FI5542345670000081", "ITELFIHH"],
    ["12345600000785", "12345600000785", "FI2112345600000785", "NDEAFIHH"],
  ])("gives the Finnish account %s as BBAN %s, IBAN %s and BIC %s", (account, bban, iban, bic) => {
    expect(domesticIban("FIN", account)).toEqual({ ok: true, bban, iban, ibanPrint: iban.replace(/(.{4})/g, "$1 ").trim(), bic });
  });

  it("refuses a Finnish account whose check digit is wrong, or that is not written as one", () => {
    for (const account of ["123456-786", "12345-785", "123456-7", "1234560000078", "FI2112345600000785"]) {
      expect(domesticIban("FIN", account)).toMatchObject({ ok: false, reason: "invalid" });
    }
  });

  it("gives a Norwegian account's IBAN, written with or without separators, with its bank's BIC from Bits' register", () => {
    for (const account of ["86011117947", "8601 11 17947", "8601.11.17947"]) {
      expect(domesticIban("NOR", account)).toEqual({
        ok: true,
        bban: "86011117947",
        iban: "NO9386011117947",
        ibanPrint: "NO93 8601 1117 947",
        bic: "DABANO22",
      });
    }
    expect(domesticIban("NOR", "15031234503")).toMatchObject({ ok: true, bic: "DNBANOKK" });
    // A valid account whose registration number the register does not list: the IBAN, without a BIC.
    expect(domesticIban("NOR", "99991234507")).toMatchObject({ ok: true, iban: "NO2399991234507", bic: null });
    expect(domesticIban("NOR", "86011117948")).toMatchObject({ ok: false, reason: "invalid" });
  });

  it.each([
    // The IBAN registry's Swedish example: the clearing number and account, zeros before them. The
    // others' check digits were computed apart from ibantools (ISO 7064 MOD 97-10).
    ["5839 8257466", "50000000058398257466", "SE4550000000058398257466", "ESSESESS"],
    ["5839-8257466", "50000000058398257466", "SE4550000000058398257466", "ESSESESS"],
    // Handelsbanken: the account alone.
    ["6000 123456789", "60000000000123456789", "SE7160000000000123456789", "HANDSESS"],
    // Swedbank's five-digit clearing and a 10-digit account.
    ["8424-4,983 189 224-6", "80000842449831892246", "SE7680000842449831892246", "SWEDSESS"],
    ["3400 0079190", "90200000034000079190", "SE8690200000034000079190", "ELLFSESS"],
    ["3410 0293003", "30000000034100293003", "SE9030000000034100293003", "NDEASESS"],
    ["9260 0023757", "91900000092600023757", "SE6791900000092600023757", "DNBASESX"],
    // Nordea's personkonto (the account is the owner's personal identity number) and Sparbanken Syd: the account alone.
    ["3300 7810251111", "30000000007810251111", "SE1330000000007810251111", "NDEASESS"],
    ["9570 0000047514", "95700000000000047514", "SE9195700000000000047514", "SPSDSE23"],
    // Ibandit's test vectors (GoCardless), each with its BBAN as Ibandit gives it.
    ["1281-0105723", "12000000012810105723", "SE5412000000012810105723", "DABASESX"],
    ["7507-1211203", "80000000075071211203", "SE2680000000075071211203", "SWEDSESS"],
    ["8327-9 33395390-9", "80000832790333953909", "SE5280000832790333953909", "SWEDSESS"],
    ["8201-6 0914357963-0", "80000820169143579630", "SE3280000820169143579630", "SWEDSESS"],
    ["9570-5250093407", "95700000005250093407", "SE4095700000005250093407", "SPSDSE23"],
    ["6000-806967498", "60000000000806967498", "SE5460000000000806967498", "HANDSESS"],
    ["9960-3401258276", "95000099603401258276", "SE9695000099603401258276", "NDEASESS"],
    // A payee's published pair: bank account 9960 3443397348, IBAN SE56 9500 0099 6034 4339 7348.
    ["9960 3443397348", "95000099603443397348", "SE5695000099603443397348", "NDEASESS"],
  ])("gives the Swedish account %s as BBAN %s, IBAN %s and BIC %s", (account, bban, iban, bic) => {
    expect(domesticIban("SWE", account)).toEqual({ ok: true, bban, iban, ibanPrint: iban.replace(/(.{4})/g, "$1 ").trim(), bic });
  });

  it("lays out a Swedbank account of a five-digit clearing as Swedbank's own example does, zeros kept inside the account", () => {
    // Swedbank's example: 8327-9, 00000 12345 is SE28 8000 0832 7900 0001 2345 (its last digit is not a
    // valid check digit; 0000012344 is the same account with one).
    const result = domesticIban("SWE", "8327-9, 000 001 234-4");
    expect(result).toMatchObject({ ok: true, bic: "SWEDSESS" });
    if (!result.ok) return;
    expect(isValidIBAN(result.iban)).toBe(true);
    expect(result.bban.slice(0, 19)).toBe("80000832790000012345".slice(0, 19));
  });

  it("refuses a Swedish account written in a length its bank's accounts do not have, though its check digit holds", () => {
    // Personkonto 811218-1238 with a digit dropped is 081218-1238's number as well.
    for (const account of ["3300 812181238", "6101011002", "8327-9 18", "6000 1000000001"]) {
      expect(domesticIban("SWE", account)).toMatchObject({ ok: false, reason: "invalid", message: expect.stringContaining("digits") });
    }
  });

  it("refuses, never guesses, the Swedish accounts whose IBAN layout or IBAN-ID is not confirmed", () => {
    expect(domesticIban("SWE", "9710 0000000")).toMatchObject({ ok: false, reason: "not_derivable", message: expect.stringContaining("Lunar Bank") });
    // A plusgiro number alone: the two digits before it in the bank form are not known.
    expect(domesticIban("SWE", "9960 12208278")).toMatchObject({ ok: false, reason: "not_derivable", message: expect.stringContaining("10-digit bank form") });
    expect(domesticIban("SWE", "9500 0047514")).toMatchObject({ ok: false, reason: "not_derivable", message: expect.stringContaining("Plusgirot") });
    expect(domesticIban("SWE", "9180 0000047514")).toMatchObject({ ok: false, reason: "not_derivable", message: expect.stringContaining("Danske Bank") });
    expect(domesticIban("SWE", "9300 0000047514")).toMatchObject({
      ok: false,
      reason: "not_derivable",
      message: expect.stringContaining("Sparbanken Öresund"),
    });
    expect(domesticIban("SWE", "5000 1234567")).toMatchObject({ ok: false, reason: "invalid" });
  });

  test.prop([fc.constantFrom("1", "2", "3", "4", "5", "6", "8"), fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^\d{1,7}$/)])(
    "turns every Finnish account with a valid check digit into a valid IBAN that keeps its digits",
    (bankDigit, bank, rest) => {
      // A domestic account: 6 digits, a dash, 2 to 8 digits, the last one a Luhn check digit over the machine form.
      const head = bankDigit + bank;
      const machineBase = /^[45]/.test(head) ? head + rest[0] + rest.slice(1).padStart(6, "0") : head + rest.padStart(7, "0");
      const account = `${head}-${rest}${luhnCheckDigit(machineBase)}`;
      const result = domesticIban("FIN", account);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.bban).toBe(machineBase + luhnCheckDigit(machineBase));
      expect(finnishMachineForm(result.bban)).toBe(result.bban);
      expect(isValidIBAN(result.iban)).toBe(true);
      expect(result.iban.slice(4)).toBe(result.bban);
    },
  );
});
