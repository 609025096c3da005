import { describe, expect, it } from "vitest";

import { fieldInWords, listMemberLabel, memberLabel, problemInWords } from "./field-words";

describe("a service problem in the user's words", () => {
  it("names a row's member by the row's number and the form's label", () => {
    expect(fieldInWords("payrow[0].amount", "eng")).toBe("Row 1: Unit price (excl. VAT)");
    expect(fieldInWords("payrow.2.taxpr", "eng")).toBe("Row 3: VAT %");
    expect(fieldInWords("accountrow[1].debit", "fin")).toBe("Kirjanpitorivi 2: Debet");
    expect(fieldInWords("payrow[4]", "swe")).toBe("Rad 5");
  });

  it("names a member by its label in each language, and one no form shows by its name without the path", () => {
    expect(fieldInWords("city", "eng")).toBe("City");
    expect(fieldInWords("paydate", "fin")).toBe("Eräpäivä");
    expect(fieldInWords("postcode", "nor")).toBe("Postnummer");
    expect(fieldInWords("customer_info.street_address", "eng")).toBe("street address");
    expect(fieldInWords(null, "eng")).toBeNull();
  });

  it("never shows brackets or a dotted path", () => {
    for (const path of ["payrow[0].amount", "accountrow[3].vatamount", "customer_info.street_address", "image.file", "propertyrow[0].propvalue"]) {
      const words = fieldInWords(path, "eng")!;
      expect(words).not.toMatch(/\[|\]|\.\w/);
    }
    expect(problemInWords({ field: "city", message: "is required" }, "eng")).toBe("City: is required");
    expect(problemInWords({ field: null, message: "duplicate bill number" }, "eng")).toBe("duplicate bill number");
  });

  it("names a member of a list by the list, the entry's number and the member", () => {
    expect(listMemberLabel("govid", "eng")).toBe("Personal identity code");
    expect(listMemberLabel("addaddress.1.govid", "eng")).toBe(`${memberLabel("addaddress", "eng")} 2: Personal identity code`);
    expect(listMemberLabel("addaddress.1.govid", "fin")).toMatch(/ 2: Henkilötunnus$/);
  });
});
