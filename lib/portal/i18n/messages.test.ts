import { describe, expect, expectTypeOf, it } from "vitest";

import { zodFieldErrors } from "@/lib/portal/actions/validated-action";
import { connectionFormSchema } from "@/lib/portal/connections/connection-form-schema";
import { creditCheckFormSchema } from "@/lib/portal/credit/credit-check";
import { stockMovementFormSchema } from "@/lib/portal/stock/stock";
import { RULES, ruleKeyed, type Rule } from "@/lib/spec/rules";

import { LOCALES, type Locale } from "./locale";
import { keyed, keyOf, MESSAGE_TEXTS, messageText, type MessageKey } from "./messages";
import { RULE_TEXTS } from "./rule-texts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the portal's messages", () => {
  it("has every key in every language, as a type", () => {
    // A language missing a key, or holding one English lacks, does not compile.
    expectTypeOf(MESSAGE_TEXTS).toExtend<Record<Locale, Record<MessageKey, string>>>();
    expectTypeOf<keyof (typeof MESSAGE_TEXTS)["fin"]>().toEqualTypeOf<MessageKey>();
    expectTypeOf<keyof (typeof MESSAGE_TEXTS)["swe"]>().toEqualTypeOf<MessageKey>();
    expectTypeOf<keyof (typeof MESSAGE_TEXTS)["nor"]>().toEqualTypeOf<MessageKey>();
  });

  it("has every key in every language, with a text and no parameter English does not have", () => {
    const english = Object.keys(MESSAGE_TEXTS.eng).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(MESSAGE_TEXTS[locale]).sort(), locale).toEqual(english);
      for (const [key, text] of Object.entries(MESSAGE_TEXTS[locale])) {
        expect(text.trim(), `${locale}.${key}`).not.toBe("");
        const known = placeholders(MESSAGE_TEXTS.eng[key as MessageKey]);
        for (const name of placeholders(text)) expect(known, `${locale}.${key}`).toContain(name);
        // Only English may keep an English text; the others say it in their own words.
        if (locale !== "eng") expect(text, `${locale}.${key}`).not.toBe(MESSAGE_TEXTS.eng[key as MessageKey]);
      }
    }
  });

  it("carries a key and its parameters in one string, and finds nothing in other texts", () => {
    expect(keyed("enterNumber")).toBe("enterNumber");
    expect(keyOf(keyed("tooLong", { max: 40 }))).toEqual({ key: "tooLong", params: { max: "40" } });
    expect(keyOf(keyed("noServiceHere", { reason: "The service did not answer in time." }))?.params.reason).toBe("The service did not answer in time.");
    expect(keyOf("Enter a number.")).toBeNull();
    expect(keyOf("constructor")).toBeNull();
    expect(keyOf("must be a valid IBAN")).toBeNull();
  });

  it("says a keyed message, a rule of the interface and the service's own words", () => {
    expect(messageText(keyed("tooLong", { max: 40 }), "fin")).toBe("Enintään 40 merkkiä.");
    expect(messageText(keyed("tooLong", { max: 40 }), "eng")).toBe("At most 40 characters.");
    expect(messageText(ruleKeyed("iban"), "swe")).toBe("IBAN är inte giltigt.");
    expect(messageText(ruleKeyed("iban"), "eng")).toBe("must be a valid IBAN");
    expect(messageText(ruleKeyed("maxLength", { max: 70 }), "eng")).toBe("must be at most 70 characters");
    // A rule's English wording is the service's words, shown as they came: nothing reads it to find the rule.
    expect(messageText("must be a valid IBAN", "swe")).toBe("must be a valid IBAN");
    expect(messageText("ERP-1 already has a reminder case", "nor")).toBe("ERP-1 already has a reminder case");
  });

  it("says the lines the portal's server writes in the reader's language", () => {
    expect(messageText(keyed("tooManyDrafts", { max: 20 }), "fin")).toBe("Sinulla on 20 luonnosta; poista joitakin ennen kuin tallennat uuden.");
    expect(messageText(keyed("invalidParameters", { names: "dueFrom, amountMin" }), "swe")).toBe("De här parametrarna är inte giltiga: dueFrom, amountMin.");
    expect(messageText(keyed("serviceAnswerUnreadable", { status: 502 }), "nor")).toBe("Tjenestens svar kunne ikke leses (HTTP 502).");
  });
});

describe("the interface's rules in the portal", () => {
  it("have a text in every language for every rule, with no parameter the rule lacks", () => {
    expectTypeOf(RULE_TEXTS).toEqualTypeOf<Record<"fin" | "swe" | "nor", Record<Rule, string>>>();
    for (const locale of ["fin", "swe", "nor"] as const) {
      expect(Object.keys(RULE_TEXTS[locale]).sort(), locale).toEqual(Object.keys(RULES).sort());
      for (const rule of Object.keys(RULES) as Rule[]) {
        expect(RULE_TEXTS[locale][rule].trim(), `${locale}.${rule}`).not.toBe("");
        for (const name of placeholders(RULE_TEXTS[locale][rule])) expect(placeholders(RULES[rule]), `${locale}.${rule}`).toContain(name);
      }
    }
  });
});

/** A form's schema as the browser and the action run it, its field errors said in `locale`. */
function errorsIn(schema: { safeParse: (input: unknown) => { error?: import("zod").ZodError } }, input: unknown, locale: Locale) {
  const { error } = schema.safeParse(input);
  return Object.fromEntries(Object.entries(error ? zodFieldErrors(error) : {}).map(([field, message]) => [field, messageText(message, locale)]));
}

describe("a form's errors in the user's language", () => {
  it("the stock form's empty count", () => {
    const input = { connectionId: "c1", code: "LEAFLET", type: "counted", quantity: "", note: "" };
    expect(errorsIn(stockMovementFormSchema, input, "fin")).toEqual({ quantity: "Anna luku." });
    expect(errorsIn(stockMovementFormSchema, input, "swe")).toEqual({ quantity: "Ange ett tal." });
    expect(errorsIn(stockMovementFormSchema, input, "eng")).toEqual({ quantity: "Enter a number." });
    expect(errorsIn(stockMovementFormSchema, { ...input, quantity: "-2", code: "x".repeat(41) }, "nor")).toEqual({
      code: "Høyst 40 tegn.",
      quantity: "Kan ikke være under 0.",
    });
  });

  it("the credit check's bad amount", () => {
    const input = { connectionId: "c1", govid: "0737546-2", amount: "paljon" };
    expect(errorsIn(creditCheckFormSchema, input, "fin")).toEqual({ amount: "Anna summa, esimerkiksi 1500 tai 1500,00." });
    expect(errorsIn(creditCheckFormSchema, { ...input, amount: "0" }, "nor")).toEqual({ amount: "Beløpet må være større enn 0." });
    expect(errorsIn(creditCheckFormSchema, { ...input, govid: "", amount: "" }, "fin")).toEqual({
      govid: "Anna Y-tunnus tai henkilötunnus.",
      amount: "Anna luoton määrä.",
    });
  });

  it("the connection form's bad address", () => {
    const input = { environment: "fin-test", label: "Tuotanto", baseUrl: "ei osoite", cid: "c", apicode: "a" };
    expect(errorsIn(connectionFormSchema, input, "fin")).toEqual({ baseUrl: "Anna ympäristön osoite; se päättyy /rest." });
    expect(errorsIn(connectionFormSchema, { ...input, baseUrl: "ftp://example.com/rest", label: "" }, "swe")).toEqual({
      label: "Ge anslutningen ett namn.",
      baseUrl: "Använd en http- eller https-adress.",
    });
  });
});
