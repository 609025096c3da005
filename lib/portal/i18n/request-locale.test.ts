import { describe, expect, it } from "vitest";

import { localeFromAcceptLanguage } from "./request-locale";

describe("localeFromAcceptLanguage", () => {
  it("takes the browser's most wanted language of the portal's four", () => {
    expect(localeFromAcceptLanguage("fi-FI,fi;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("fin");
    expect(localeFromAcceptLanguage("sv-SE")).toBe("swe");
    expect(localeFromAcceptLanguage("de-DE,nb;q=0.8,en;q=0.5")).toBe("nor");
    expect(localeFromAcceptLanguage("nn-NO")).toBe("nor");
    expect(localeFromAcceptLanguage("en-GB,fi;q=0.5")).toBe("eng");
  });

  it("answers English for none of them, nothing, or nonsense", () => {
    expect(localeFromAcceptLanguage("de-DE,fr;q=0.9")).toBe("eng");
    expect(localeFromAcceptLanguage(null)).toBe("eng");
    expect(localeFromAcceptLanguage(";;;q=x,,")).toBe("eng");
  });
});
