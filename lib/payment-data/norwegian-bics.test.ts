import { isValidBIC } from "ibantools";
import { describe, expect, it } from "vitest";

import { bicForNorwegianAccount } from "./norwegian-bics";

describe("bicForNorwegianAccount", () => {
  it("answers each of the register's 2 297 registration numbers with a valid BIC, and nothing else", () => {
    const bics = new Set<string>();
    let registered = 0;
    for (let number = 0; number <= 9999; number++) {
      const bic = bicForNorwegianAccount(`${String(number).padStart(4, "0")}0000000`);
      if (bic === null) continue;
      registered++;
      bics.add(bic);
    }
    expect(registered).toBe(2297);
    expect(bics.size).toBe(103);
    for (const bic of bics) expect(isValidBIC(bic), bic).toBe(true);
    // Norwegian banks' BICs, but for a foreign bank's branch, which keeps its own (Lunar Bank's 9602).
    expect([...bics].filter((bic) => bic.slice(4, 6) !== "NO")).toEqual(["LUNADK2C"]);
  });

  it("reads the bank by the account's first four digits", () => {
    expect(bicForNorwegianAccount("86011117947")).toBe("DABANO22");
    expect(bicForNorwegianAccount("15031234503")).toBe("DNBANOKK");
    expect(bicForNorwegianAccount("99991234507")).toBeNull();
  });
});
