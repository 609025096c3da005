import { describe, expect, it } from "vitest";

import { COLLECTOR } from "../../testing/fixtures/finnish-collector";

import { debtorContact } from "./debtor-contact";
import { PAGE_TEXTS } from "./page-texts";

/* Whom the debtor's page names: who sent the latest letter and takes objections to it. */

const SELLER = { name: "Demo Oy", email: "laskutus@demo.example", phone: "+358 9 111 2222" };

describe("the debtor's contact", () => {
  // 513/1999 5 §: the payment demand is the collector's, who takes objections to it; the page says so.
  it("is the collector once a Finnish payment demand was delivered, also after a later letter", () => {
    const collector = { name: COLLECTOR.name, email: COLLECTOR.email, phone: COLLECTOR.phone, collector: true };
    expect(debtorContact("FIN", ["invoice", "reminder", "collection"], SELLER, COLLECTOR)).toEqual(collector);
    // A posted payment demand (jobtype 2) goes out as the job's original, a collection document.
    expect(debtorContact("FIN", ["collection"], SELLER, COLLECTOR)).toEqual(collector);
    // A cut-off warning after the demand leaves the case the collector's.
    expect(debtorContact("FIN", ["invoice", "collection", "cutoff"], SELLER, COLLECTOR)).toEqual(collector);
  });

  it("is the creditor before the demand, and in Swedish and Norwegian cases, whose collection letters are the creditor's own", () => {
    const creditor = { ...SELLER, collector: false };
    expect(debtorContact("FIN", ["invoice", "reminder"], SELLER, COLLECTOR)).toEqual(creditor);
    expect(debtorContact("FIN", ["invoice", "cutoff"], SELLER, COLLECTOR)).toEqual(creditor);
    expect(debtorContact("FIN", [], SELLER, COLLECTOR)).toEqual(creditor);
    expect(debtorContact("SWE", ["invoice", "collection"], SELLER, COLLECTOR)).toEqual(creditor);
    expect(debtorContact("NOR", ["collection"], SELLER, COLLECTOR)).toEqual(creditor);
  });

  it("says in every language that the collector, not the biller, handles the dispute of a payment demand", () => {
    for (const [language, texts] of Object.entries(PAGE_TEXTS)) {
      const sentence = texts.disputedWithCollector(COLLECTOR.name);
      expect(sentence, language).toContain(COLLECTOR.name);
      expect(sentence, language).not.toMatch(/Laskuttaja|Avsändaren|Avsenderen|sender|Arve esitaja/);
    }
  });
});
