import { describe, expect, it } from "vitest";

import { DISTRIBUTION_CHANNELS, SENDTYPES } from "../../spec/codes";
import { COUNTRIES } from "../../spec/environments";

import { distributionChannelOf, einvoiceFormatOf, sendtypeForDocument } from "./channels";

describe("distribution channels", () => {
  it("reports every sendtype the service sends by as a channel of the country's list", () => {
    for (const country of COUNTRIES) {
      for (const sendtype of SENDTYPES.filter((value) => value !== "print")) {
        for (const customertype of [1, 2]) expect(DISTRIBUTION_CHANNELS[country]).toContain(distributionChannelOf(sendtype, customertype, country));
      }
    }
  });

  it("writes Finvoice in Finland, Peppol BIS in Sweden and EHF in Norway", () => {
    expect(einvoiceFormatOf("evoice", "FIN")).toBe("finvoice");
    expect(einvoiceFormatOf("evoicenet", "FIN")).toBe("finvoice");
    expect(einvoiceFormatOf("peppol", "FIN")).toBe("peppol");
    expect(einvoiceFormatOf("evoicesm", "SWE")).toBe("peppol");
    expect(einvoiceFormatOf("evoice", "NOR")).toBe("ehf");
    expect(einvoiceFormatOf("peppol", "NOR")).toBe("ehf");
    expect(einvoiceFormatOf("email", "FIN")).toBeNull();
  });

  it("sends notices by a channel that can carry them", () => {
    expect(sendtypeForDocument("evoice", "reminder", 0, "FIN", false)).toBe("evoice");
    expect(sendtypeForDocument("peppol", "reminder", 0, "FIN", true)).toBe("email");
    expect(sendtypeForDocument("evoice", "collection", 0, "SWE", false)).toBe("post");
    expect(sendtypeForDocument("print", "reminder", 0, "FIN", true)).toBe("post");
    expect(sendtypeForDocument("peppol", "original", 0, "NOR", true)).toBe("peppol");
    expect(sendtypeForDocument(null, "original", 0, "FIN", false)).toBe("post");
    expect(sendtypeForDocument("email", "original", 301, "FIN", true)).toBe("email");
    // A cut-off warning is a written notice by post, whatever the invoices went by.
    for (const sendtype of ["email", "evoice", "peppol", "print", null]) expect(sendtypeForDocument(sendtype, "cutoff", 0, "FIN", true)).toBe("post");
  });
});
