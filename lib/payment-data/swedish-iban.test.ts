import Kontonummer from "kontonummer";
import { describe, expect, it } from "vitest";

import { swedishBban } from "./swedish-iban";

describe("swedishBban", () => {
  it("has an IBAN-ID, or a reason for refusing, for every clearing number Bankgirot's rules know", () => {
    const unknown: number[] = [];
    for (let clearing = 1000; clearing <= 9999; clearing++) {
      let known = true;
      try {
        Kontonummer.getSortingCodeInfo(clearing);
      } catch {
        known = false;
      }
      if (!known) continue;
      const sample = clearing >= 8000 && clearing <= 8999 ? swedishBban(`${clearing}0`, "0000000000") : swedishBban(String(clearing), "0000000");
      if (!sample.ok && sample.message.includes("has no IBAN-ID")) unknown.push(clearing);
    }
    expect(unknown).toEqual([]);
  });

  it("gives each IBAN-ID the BIC of the banks' table", () => {
    expect(swedishBban("1200", "1234567")).toEqual({ ok: true, bban: "12000000012001234567", bic: "DABASESX" });
    expect(swedishBban("9150", "1234567")).toEqual({ ok: true, bban: "91500000091501234567", bic: "SKIASESS" });
    expect(swedishBban("9130", "1234567")).toEqual({ ok: true, bban: "50000000091301234567", bic: "ESSESESS" });
  });

  it("refuses an account longer than its bank's layout holds instead of cutting it", () => {
    expect(swedishBban("5000", "12345678")).toMatchObject({ ok: false });
    expect(swedishBban("83279", "12345678901")).toMatchObject({ ok: false });
    expect(swedishBban("8327", "1234567890")).toMatchObject({ ok: false });
  });
});
