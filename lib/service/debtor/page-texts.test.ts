import { describe, expect, it } from "vitest";

import { PAGE_LANGUAGES, PAGE_TEXTS, pageLanguage } from "./page-texts";

/** Every text of a page language, functions called with sample arguments, by its path. */
function flatten(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (typeof value === "function") return [[path, String((value as (...args: unknown[]) => unknown)("X", "Y"))]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => flatten(inner, path ? `${path}.${key}` : key));
}

describe("the debtor's pages", () => {
  it("open in Estonian for an Estonian document, and let the debtor pick any language", () => {
    expect(pageLanguage(undefined, "est")).toBe("et");
    expect(pageLanguage("en", "est")).toBe("en");
    expect(pageLanguage("xx", "est")).toBe("et");
    expect(PAGE_LANGUAGES).toContain("et");
  });

  it("print no English text on an Estonian page but for the names both languages share", () => {
    // Bank and payment-system names are the same in every language.
    const shared = new Set(["bic", "bankgiro", "plusgiro"]);
    const english = new Map(flatten(PAGE_TEXTS.en));
    const estonian = flatten(PAGE_TEXTS.et);
    expect(estonian.map(([path]) => path)).toEqual([...english.keys()]);
    for (const [path, text] of estonian) {
      if (shared.has(path)) expect(text, path).toBe(english.get(path));
      else expect(text, path).not.toBe(english.get(path));
    }
  });
});
