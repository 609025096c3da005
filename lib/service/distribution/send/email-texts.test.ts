import { describe, expect, it } from "vitest";

import { datasetItemSchema } from "../../../spec/dataset-item";
import type { Country } from "../../../spec/environments";
import { COLLECTOR } from "../../../testing/fixtures/finnish-collector";
import { collection, invoice, reminder } from "../../../testing/jobs";
import { buildInvoiceDocument } from "../../documents/invoice-document";

import { mailReplyTo, mailSenderName, mailSubject, mailText } from "./email-texts";

/* The e-mail that carries a document names its sender as the document does. */

function documentOf(country: Country, item: Record<string, unknown>) {
  return buildInvoiceDocument({
    item: datasetItemSchema.parse(item),
    jobid: 100_001,
    billnum: "1001",
    reference: null,
    country,
    creditor: { name: "Demo Oy", country: "FI", businessId: "2617416-4", email: "laskutus@demo.example" },
    today: "2026-11-22",
    dueDateAgreed: true,
    finnishCollector: COLLECTOR,
  });
}

describe("the e-mail of a document", () => {
  // 513/1999 5 §: the payment demand is the collector's, sent for the creditor; its mail says so too.
  it("comes from the collector of a Finnish payment demand, naming the creditor it collects for", () => {
    const document = documentOf("FIN", collection());
    expect(mailSubject(document, false)).toBe("MAKSUVAATIMUS 1001 – Perintäpalvelu Esimerkki Oy, velkoja Demo Oy");
    const subjects = Object.fromEntries(
      (["swe", "nor", "eng", "est"] as const).map((language) => [language, mailSubject(documentOf("FIN", collection({ language })), false)]),
    );
    expect(subjects).toEqual({
      swe: "BETALNINGSKRAV 1001 – Perintäpalvelu Esimerkki Oy på uppdrag av Demo Oy",
      nor: expect.stringMatching(/ 1001 – Perintäpalvelu Esimerkki Oy på vegne av Demo Oy$/),
      eng: expect.stringMatching(/ 1001 – Perintäpalvelu Esimerkki Oy on behalf of Demo Oy$/),
      est: expect.stringMatching(/ 1001 – Perintäpalvelu Esimerkki Oy, võlausaldaja Demo Oy$/),
    });
    expect(mailText(document, false)).toContain("Perintäpalvelu Esimerkki Oy\nperinta@perija.example\n+358 9 123 4567\n\nVelkoja (toimeksiantaja): Demo Oy\n");
  });

  it("names the collector of a Finnish payment demand as its sender and the creditor of the rest", () => {
    expect(mailSenderName(documentOf("FIN", collection()), false)).toBe(COLLECTOR.name);
    expect(mailSenderName(documentOf("FIN", reminder()), false)).toBe("Demo Oy");
    expect(mailSenderName(documentOf("SWE", collection({ language: "swe" })), false)).toBe("Demo Oy");
    // A letter (301) is the customer's own: its mail comes from the customer.
    expect(mailSenderName(documentOf("FIN", collection()), true)).toBe("Demo Oy");
  });

  // The debtor's reply goes to whoever sent the letter: the collector of a payment demand, the creditor of the rest.
  it("takes replies at the collector's address on a Finnish payment demand and at the creditor's otherwise", () => {
    expect(mailReplyTo(documentOf("FIN", collection()))).toBe("perinta@perija.example");
    expect(mailReplyTo(documentOf("FIN", reminder()))).toBe("laskutus@demo.example");
    expect(mailReplyTo(documentOf("SWE", collection({ language: "swe" })))).toBe("laskutus@demo.example");
  });

  it("comes from the creditor of a reminder and of a Swedish or Norwegian collection letter", () => {
    expect(mailSubject(documentOf("FIN", reminder()), false)).toBe("MAKSUMUISTUTUS 1001 – Demo Oy");
    for (const country of ["SWE", "NOR"] as const) {
      const document = documentOf(country, collection({ language: country === "SWE" ? "swe" : "nor" }));
      expect(mailSubject(document, false), country).toMatch(/– Demo Oy$/);
      expect(mailText(document, false), country).not.toContain(COLLECTOR.name);
    }
  });

  it("gives the amount, due date and reference as the document's language writes them, as its PDF does", () => {
    const finnish = mailText({ ...documentOf("FIN", invoice({ paydate: "2027-02-11" })), reference: { value: "10100", kind: "fi-national" } }, false);
    expect(finnish).toContain("Maksettava: 273,00 EUR\nEräpäivä: 11.2.2027\nViitenumero: 10100\n");
    const swedish = mailText(
      {
        ...documentOf("SWE", invoice({ language: "swe", paydate: "2027-02-11", payrow: [{ desc: "Bok", count: 1000, amount: 12.5, taxpr: 6 }] })),
        reference: { value: "100461", kind: "se-ocr" },
      },
      false,
    );
    expect(swedish).toContain("Att betala: 13\u00a0250,00 SEK\nFörfallodag: 2027-02-11\nOCR-nummer: 100461\n");
    const norwegian = mailText(documentOf("NOR", invoice({ language: "nor", paydate: "2027-02-11" })), false);
    expect(norwegian).toContain("Forfallsdato: 11.02.2027\n");
  });

  it("says what a credit note credits and that nothing is to be paid, with no due date", () => {
    const text = mailText(documentOf("FIN", invoice({ payrow: [{ desc: "Hyvitys", count: "1", amount: "-100.00", taxpr: "25.5" }] })), false);
    expect(text).toContain("Hyvitetään yhteensä: 125,50 EUR\nTämä on hyvityslasku: teidän ei tarvitse maksaa mitään.\n");
    expect(text).not.toContain("Maksettava");
    expect(text).not.toContain("Eräpäivä");
    expect(text).not.toContain("-");
  });
});
