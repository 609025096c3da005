import { describe, expect, it } from "vitest";

import { countryChoices } from "./country-choices";

describe("countryChoices", () => {
  it("lists every country by its alpha-3 code, named in the user's language and sorted by name", () => {
    const english = countryChoices("eng");
    expect(english.length).toBeGreaterThan(240);
    expect(english.find((choice) => choice.code === "FIN")?.name).toBe("Finland");
    expect(english.every((choice) => /^[A-Z]{3}$/.test(choice.code))).toBe(true);
    const names = english.map((choice) => choice.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("en-GB").compare));
    expect(countryChoices("fin").find((choice) => choice.code === "SWE")?.name).toBe("Ruotsi");
    expect(countryChoices("swe").find((choice) => choice.code === "NOR")?.name).toBe("Norge");
    expect(countryChoices("nor").find((choice) => choice.code === "FIN")?.name).toBe("Finland");
  });
});
