import { describe, expect, it } from "vitest";

import { LOCALES, LOCALE_TAGS } from "../i18n/locale";

import { ERROR_TEXTS, localeOfTag } from "./error-texts";

describe("localeOfTag", () => {
  it("reads the shell's lang attribute back as the user's language, English otherwise", () => {
    for (const locale of LOCALES) expect(localeOfTag(LOCALE_TAGS[locale])).toBe(locale);
    expect(localeOfTag("en")).toBe("eng");
    expect(localeOfTag(null)).toBe("eng");
  });

  it("has the error texts in every language", () => {
    for (const locale of LOCALES) expect(Object.values(ERROR_TEXTS[locale]).every((text) => text.length > 0)).toBe(true);
  });
});
