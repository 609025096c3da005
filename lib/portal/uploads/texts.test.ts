import { describe, expect, it } from "vitest";

import { LOCALES } from "@/lib/portal/i18n/locale";

import { UPLOAD_TEXTS } from "./texts";

/* Every text of the upload page, the server's refusals among them, in every language. */

const entries = (texts: object, prefix = ""): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value]] : entries(value as object, `${prefix}${key}.`)));

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the upload page's texts", () => {
  it("has every text in every language, with the placeholders English has", () => {
    const english = new Map(entries(UPLOAD_TEXTS.eng));
    for (const locale of LOCALES) {
      const texts = entries(UPLOAD_TEXTS[locale]);
      expect(texts.map(([key]) => key).sort(), locale).toEqual([...english.keys()].sort());
      for (const [key, text] of texts) {
        expect(text.trim(), `${locale}.${key}`).not.toBe("");
        expect(placeholders(text), `${locale}.${key}`).toEqual(placeholders(english.get(key)!));
      }
    }
  });
});
