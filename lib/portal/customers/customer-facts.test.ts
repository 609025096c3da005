import { describe, expect, it } from "vitest";

import { customerKey, factsOfPostedItem } from "./customer-facts";

describe("customerKey", () => {
  it("is the customer number when there is one", () => {
    expect(customerKey({ name: "Acme Oy", postcode: "00100", custnum: " C-7 " })).toBe("n:C-7");
  });

  it("else folds case, spaces and Unicode forms of the name and the postcode's spaces", () => {
    expect(customerKey({ name: "  ACME   Oy ", postcode: "00 100", custnum: "" })).toBe(customerKey({ name: "acme oy", postcode: "00100", custnum: "" }));
    expect(customerKey({ name: "Ärlig AB", postcode: "111 22", custnum: "" })).toBe("a:ärlig ab|11122");
    expect(customerKey({ name: "Acme Oy", postcode: "00100", custnum: "" })).not.toBe(customerKey({ name: "Acme Oy", postcode: "33100", custnum: "" }));
  });

  it("is the name and e-mail address for a job with no postal address, and none for a name alone", () => {
    expect(customerKey({ name: "Acme Oy", postcode: "", custnum: "", email: " Laskut@Acme.FI " })).toBe("e:acme oy|laskut@acme.fi");
    // Every namesake of the connection would be one customer.
    expect(customerKey({ name: "Matti Virtanen", postcode: "", custnum: "" })).toBeNull();
  });

  it("is none for a job that names nobody", () => {
    expect(customerKey({ name: "  ", postcode: "00100", custnum: "" })).toBeNull();
  });
});

describe("factsOfPostedItem", () => {
  it("reads the debtor of a posted item, never its identity code", () => {
    const facts = factsOfPostedItem(
      { customertype: "1", company: "Acme Oy", address: "Tie 1", postcode: "00100", city: "Helsinki", govid: "1234567-8", language: "swe" },
      { environment: "fin-test", cid: "c1", country: "FIN" },
    );
    expect(facts).toEqual({
      environment: "fin-test",
      cid: "c1",
      country: "FIN",
      customertype: "company",
      name: "Acme Oy",
      address: "Tie 1",
      postcode: "00100",
      city: "Helsinki",
      email: "",
      custnum: "",
      language: "swe",
    });
  });
});
