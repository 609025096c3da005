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

  it("gives a Norwegian account's IBAN, written with or without separators, and no BIC", () => {
    for (const account of ["86011117947", "8601 11 17947", "8601.11.17947"]) {
      expect(domesticIban("NOR", account)).toEqual({ ok: true, bban: "86011117947", iban: "NO9386011117947", ibanPrint: "NO93 8601 1117 947", bic: null });
    }
    expect(domesticIban("NOR", "86011117948")).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("checks a Swedish account but does not derive its IBAN", () => {
    expect(domesticIban("SWE", "3300 7810251111")).toMatchObject({ ok: false, reason: "not_derivable" });
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
