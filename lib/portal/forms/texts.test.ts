import { describe, expect, it } from "vitest";

import { LOCALES } from "@/lib/portal/i18n/locale";
import { parseDatasetItem } from "@/lib/spec/dataset-item";
import { minimumDataProblems } from "@/lib/spec/minimum-data";
import { problemMessage } from "@/lib/spec/problems";
import { ruleKeyed } from "@/lib/spec/rules";

import { fillText as fill } from "../i18n/locale";

import { fieldMessage, FORM_TEXTS } from "./texts";

describe("form texts", () => {
  it("has every text in every language", () => {
    const keys = (value: unknown, prefix = ""): string[] =>
      typeof value === "object" && value !== null ? Object.entries(value).flatMap(([key, inner]) => keys(inner, `${prefix}${key}.`)) : [prefix];
    const english = keys(FORM_TEXTS.eng).sort();
    for (const locale of LOCALES) {
      expect(keys(FORM_TEXTS[locale]).sort(), locale).toEqual(english);
      for (const key of keys(FORM_TEXTS[locale])) expect(key.length).toBeGreaterThan(0);
    }
  });

  it("fills placeholders", () => {
    expect(fill(FORM_TEXTS.eng.removeRow, { n: 2 })).toBe("Remove row 2");
    expect(fill("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });

  it("says the service's rules in the user's language, or after the field's label", () => {
    expect(fieldMessage(ruleKeyed("required"), "City", "eng")).toBe("City is required");
    expect(fieldMessage(ruleKeyed("requiredByCustomertype", { customertype: "2 (natural person)" }), "Name", "eng")).toBe("Name is required");
    expect(fieldMessage(ruleKeyed("requiredBySendtype", { sendtype: "evoice" }), "E-invoice address", "eng")).toBe(
      "E-invoice address is required for this way of sending",
    );
    expect(fieldMessage(ruleKeyed("required"), "Postitoimipaikka", "fin")).toBe("Pakollinen tieto.");
    expect(fieldMessage(ruleKeyed("emailList"), "E-post", "swe")).toBe("Ange en giltig e-postadress.");
    expect(fieldMessage("ERP-1 already has a reminder case", "Invoice number", "eng")).toBe("Invoice number: ERP-1 already has a reminder case");
    expect(fieldMessage("ERP-1 already has a reminder case", "Fakturanummer", "nor")).toBe("Fakturanummer: ERP-1 already has a reminder case");
  });

  it("says the conditions the form decides (recipient, way of sending) by the rule's key, not by the condition's words", () => {
    const problemOf = (item: Record<string, unknown>, field: string) => {
      const parsed = parseDatasetItem({ jobtype: 0, address: "Katu 1", postcode: "00100", city: "Helsinki", ...item });
      return minimumDataProblems(parsed.data!, "FIN").find((problem) => problem.field === field)!;
    };
    const company = problemOf({ customertype: 1 }, "company");
    const peppol = problemOf({ customertype: 2, person: "Maija", sendtype: "peppol" }, "evoice");
    expect(company.rule).toBe("requiredByCustomertype");
    expect(peppol.rule).toBe("requiredBySendtype");
    expect(fieldMessage(problemMessage(company), "Company name", "eng")).toBe("Company name is required");
    expect(fieldMessage(problemMessage(peppol), "Peppol participant id", "eng")).toBe("Peppol participant id is required for this way of sending");
    expect(fieldMessage(problemMessage(peppol), "Peppol-tunniste", "fin")).toBe("Pakollinen tieto.");
  });
});
