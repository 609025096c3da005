import { describe, expect, it } from "vitest";

import { createProfileRequestSchema } from "../../spec/create-profile";
import { datasetItemSchema } from "../../spec/dataset-item";
import type { Country } from "../../spec/environments";
import { COLLECTOR } from "../../testing/fixtures/finnish-collector";
import { invoice, reminder } from "../../testing/jobs";

import { creditorFromProfileRequest, creditorOf, type Creditor } from "./creditor";
import { buildInvoiceDocument, type DocumentLanguage } from "./invoice-document";
import { deliveryDateOf, deliveryPlaceOf, foretaksregisteretOf, sellerParticulars, showsDeliveryDate } from "./particulars";
import { documentTexts } from "./texts";

/* The seller's particulars each country's law asks on invoices and letters, and the date of supply. */

const CREDITORS: Record<Country, Creditor> = {
  FIN: { name: "Demo Oy", country: "FI", businessId: "2617416-4", vatNumber: "FI26174164", registeredOffice: "Helsinki", phone: "+358 9 123 4567" },
  SWE: { name: "Demo AB", country: "SE", businessId: "556703-7485", vatNumber: "SE556703748501", registeredOffice: "Stockholm", email: "faktura@demo.example" },
  NOR: { name: "Demo AS", country: "NO", businessId: "988077917", vatNumber: "NO988077917MVA" },
};

function documentOf(country: Country, creditor: Creditor = CREDITORS[country], item: Record<string, unknown> = invoice()) {
  return buildInvoiceDocument({
    item: datasetItemSchema.parse(item),
    jobid: 1,
    billnum: "1001",
    reference: null,
    country,
    creditor,
    today: "2026-11-22",
    dueDateAgreed: true,
    finnishCollector: COLLECTOR,
  });
}

const particulars = (country: Country, creditor?: Creditor, language?: DocumentLanguage) => {
  const document = documentOf(country, creditor);
  return sellerParticulars(document.seller, documentTexts(language ?? document.language, document.country));
};

describe("the seller's particulars", () => {
  it("names a Finnish company's business id, registered office and VAT number", () => {
    expect(particulars("FIN")).toEqual({
      legal: ["Demo Oy", "Y-tunnus 2617416-4", "Kotipaikka Helsinki", "ALV-numero FI26174164"],
      contact: ["+358 9 123 4567"],
    });
    // In Swedish, a Finnish company's registered office is its hemort.
    expect(particulars("FIN", undefined, "swe").legal).toContain("Hemort Helsinki");
    expect(particulars("FIN", undefined, "eng").legal).toContain("Registered office Helsinki");
  });

  it("names a Swedish company's organisationsnummer, säte and VAT number", () => {
    expect(particulars("SWE")).toEqual({
      legal: ["Demo AB", "Org.nr 556703-7485", "Säte Stockholm", "Momsreg.nr SE556703748501"],
      contact: ["faktura@demo.example"],
    });
  });

  it("follows a Norwegian organisation number with MVA and Foretaksregisteret", () => {
    expect(particulars("NOR").legal).toEqual(["Demo AS", "Org.nr 988077917 MVA Foretaksregisteret"]);
    // Not registered for VAT: no MVA.
    expect(particulars("NOR", { ...CREDITORS.NOR, vatNumber: null }).legal).toEqual(["Demo AS", "Org.nr 988077917 Foretaksregisteret"]);
    // A sole trader is not in Foretaksregisteret unless its profile says so.
    const soleTrader = { ...CREDITORS.NOR, name: "Kari Nordmann Rørlegger" };
    expect(particulars("NOR", soleTrader).legal).toEqual(["Kari Nordmann Rørlegger", "Org.nr 988077917 MVA"]);
    expect(particulars("NOR", { ...soleTrader, foretaksregisteret: true }).legal).toEqual([
      "Kari Nordmann Rørlegger",
      "Org.nr 988077917 MVA Foretaksregisteret",
    ]);
  });

  it("labels the business id by the seller's country, in every language: a Norwegian organisation number is no Y-tunnus", () => {
    const labels: Record<DocumentLanguage, Record<Country, string>> = {
      fin: { FIN: "Y-tunnus", SWE: "Org.nr", NOR: "Org.nr" },
      swe: { FIN: "FO-nummer", SWE: "Org.nr", NOR: "Org.nr" },
      nor: { FIN: "Y-tunnus", SWE: "Org.nr", NOR: "Org.nr" },
      eng: { FIN: "Business ID", SWE: "Org.nr", NOR: "Org.nr" },
      est: { FIN: "Y-tunnus", SWE: "Org.nr", NOR: "Org.nr" },
    };
    for (const [language, byCountry] of Object.entries(labels) as [DocumentLanguage, Record<Country, string>][])
      for (const country of ["FIN", "SWE", "NOR"] as const) {
        const id = `${byCountry[country]} ${CREDITORS[country].businessId}`;
        expect(
          particulars(country, undefined, language).legal.some((line) => line.startsWith(id)),
          `${language}: ${id}`,
        ).toBe(true);
      }
  });

  it("prints no registered office it does not know", () => {
    for (const country of ["FIN", "SWE", "NOR"] as const) {
      const legal = particulars(country, { ...CREDITORS[country], registeredOffice: null }).legal.join(" ");
      expect(legal).not.toMatch(/Kotipaikka|Säte|Sete/);
    }
    expect(particulars("FIN", { ...CREDITORS.FIN, registeredOffice: "  " }).legal).toEqual(["Demo Oy", "Y-tunnus 2617416-4", "ALV-numero FI26174164"]);
    expect(particulars("FIN", { ...CREDITORS.FIN, vatNumber: null }).legal).toEqual(["Demo Oy", "Y-tunnus 2617416-4", "Kotipaikka Helsinki"]);
  });
});

describe("Foretaksregisteret", () => {
  it("is an AS or ASA by its name, or what the profile says; never a seller outside Norway", () => {
    expect(foretaksregisteretOf({ country: "NO", name: "Demo AS" })).toBe(true);
    expect(foretaksregisteretOf({ country: "NO", name: "Equinor ASA" })).toBe(true);
    expect(foretaksregisteretOf({ country: "NO", name: "Byggmester Hansen aksjeselskap" })).toBe(true);
    expect(foretaksregisteretOf({ country: "NO", name: "Kari Nordmann" })).toBe(false);
    expect(foretaksregisteretOf({ country: "NO", name: "Kari Nordmann", foretaksregisteret: true })).toBe(true);
    expect(foretaksregisteretOf({ country: "NO", name: "Demo AS", foretaksregisteret: false })).toBe(false);
    expect(foretaksregisteretOf({ country: "SE", name: "Demo AS" })).toBe(false);
  });
});

describe("the date of supply", () => {
  const withDelivery = (deliverydate: string) => ({ ...invoice(), deliverydate });

  it("is shown in Finland and Sweden when it differs from the invoice's date", () => {
    for (const country of ["FIN", "SWE"] as const) {
      expect(showsDeliveryDate(documentOf(country, undefined, withDelivery("2026-11-20")))).toBe(true);
      expect(showsDeliveryDate(documentOf(country, undefined, withDelivery("2026-11-22")))).toBe(false);
      expect(showsDeliveryDate(documentOf(country))).toBe(false);
    }
  });

  it("is always shown in Norway when known", () => {
    expect(showsDeliveryDate(documentOf("NOR", undefined, withDelivery("2026-11-22")))).toBe(true);
    expect(showsDeliveryDate(documentOf("NOR"))).toBe(false);
  });

  it("is named with its place on every Norwegian invoice and credit note, the invoice's date and the buyer's address when the job names none", () => {
    // bokføringsforskriften § 5-1-1 første ledd nr. 4 (as in force 1.1.2023).
    const plain = documentOf("NOR");
    expect(plain.deliveryDate).toBeNull();
    expect(deliveryDateOf(plain)).toBe("2026-11-22");
    expect(deliveryPlaceOf(plain)).toBe("Esimerkkikatu 1, 00100 Helsinki");
    expect(deliveryDateOf(documentOf("NOR", undefined, withDelivery("2026-11-20")))).toBe("2026-11-20");
    const creditNote = documentOf("NOR", undefined, { ...invoice(), payrow: [{ desc: "Kreditering", count: 1, amount: "-100.00", taxpr: 25 }] });
    expect(creditNote.kind).toBe("credit-note");
    expect(deliveryDateOf(creditNote)).toBe("2026-11-22");
    expect(deliveryPlaceOf(creditNote)).toBe("Esimerkkikatu 1, 00100 Helsinki");
    const noAddress = documentOf("NOR", undefined, { ...invoice(), address: null, postcode: null, city: null });
    expect(deliveryPlaceOf(noAddress)).toBeNull();
  });

  it("is no invented date or place in Finland and Sweden, nor on a Norwegian notice", () => {
    for (const country of ["FIN", "SWE"] as const) {
      expect(deliveryDateOf(documentOf(country))).toBeNull();
      expect(deliveryPlaceOf(documentOf(country))).toBeNull();
      expect(deliveryDateOf(documentOf(country, undefined, withDelivery("2026-11-20")))).toBe("2026-11-20");
    }
    const notice = documentOf("NOR", undefined, reminder());
    expect(deliveryDateOf(notice)).toBeNull();
    expect(deliveryPlaceOf(notice)).toBeNull();
  });

  it("on a reminder, is compared with the reminded invoice's date", () => {
    const item = { ...reminder(), deliverydate: "2026-09-01" };
    const document = documentOf("FIN", undefined, item);
    expect(document.reminder?.originalDate).toBe("2026-09-01");
    expect(showsDeliveryDate(document)).toBe(false);
    expect(showsDeliveryDate(documentOf("FIN", undefined, { ...item, deliverydate: "2026-08-30" }))).toBe(true);
  });
});

describe("the profile's particulars", () => {
  it("come from createprofile's customer_info into the creditor the documents print", () => {
    const request = createProfileRequestSchema.parse({
      customer_info: { business_id: "923609016", name: "Nordisk Filial NUF", country: "NOR", registered_office: "Bergen", foretaksregisteret: true },
      contact_person: { email: "kari@example.no" },
    });
    const creditor = creditorFromProfileRequest(request, "NOR")!;
    expect(creditor).toMatchObject({ registeredOffice: "Bergen", foretaksregisteret: true });
    const stored = creditorOf({ creditor, name: creditor.name, businessId: creditor.businessId }, "NOR");
    expect(particulars("NOR", stored).legal).toEqual(["Nordisk Filial NUF", "Org.nr 923609016 Foretaksregisteret", "Sete Bergen"]);
  });

  it("print no VAT number, nor Norway's MVA, for a seller that says it is not liable to pay VAT", () => {
    const request = createProfileRequestSchema.parse({
      customer_info: { business_id: "923609016", name: "Liten Forening", country: "NOR", vat_number: "NO923609016MVA", liable_to_pay_vat: 2 },
      contact_person: { email: "kari@example.no" },
    });
    const creditor = creditorFromProfileRequest(request, "NOR")!;
    expect(creditor.vatNumber).toBeNull();
    expect(particulars("NOR", creditorOf({ creditor, name: creditor.name, businessId: creditor.businessId }, "NOR")).legal.join(" ")).not.toContain("MVA");
  });

  it("leave a profile stored before they existed as it was", () => {
    const older = { name: "Demo Oy", country: "FI", businessId: "2617416-4" };
    const creditor = creditorOf({ creditor: older, name: "Demo Oy", businessId: "2617416-4" }, "FIN");
    expect(particulars("FIN", creditor).legal).toEqual(["Demo Oy", "Y-tunnus 2617416-4"]);
  });
});
