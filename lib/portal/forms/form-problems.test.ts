import { describe, expect, it } from "vitest";

import { ruleProblem } from "@/lib/spec/problems";
import { ruleKeyed } from "@/lib/spec/rules";

import { problemInWords } from "./field-words";
import { FORM_LEVEL, fieldErrorsOf, formPathOf, itemProblems, toFormFieldErrors, toFormProblems } from "./form-problems";

describe("formPathOf", () => {
  it.each([
    ["payrow[0].taxpr", "payrow.0.taxpr"],
    ["payrow.1.desc", "payrow.1.desc"],
    ["person", "name"],
    ["company", "name"],
    ["accountrow[2]", "accountrow.2.debit"],
    ["payrow[3]", "payrow.3.amount"],
    ["noticedate", "noticedate"],
    [null, FORM_LEVEL],
  ])("%j → %j", (field, path) => {
    expect(formPathOf(field)).toBe(path);
  });
});

describe("toFormFieldErrors", () => {
  it("keeps the first message of a field and sends unknown members to the form", () => {
    const fields = new Set(["name", "email", "payrow"]);
    expect(
      toFormFieldErrors(
        { person: "is required", "payrow[0].count": "must be a number", image: "is required", "": "Rejected.", "root.server": "The job as a whole is wrong." },
        fields,
      ),
    ).toEqual([
      { path: "name", message: "is required" },
      { path: "payrow.0.count", message: "must be a number" },
      { path: FORM_LEVEL, field: "image", message: "is required" },
      { path: FORM_LEVEL, message: "Rejected." },
      { path: FORM_LEVEL, message: "The job as a whole is wrong." },
    ]);
  });
});

describe("a problem of a member the form has no field for", () => {
  const fields = new Set(["name", "email"]);
  const refused = toFormProblems([ruleProblem("countryname", "required", "required")], fields);

  it("keeps the member apart from the rule, which travels by its key, through the action's field errors", () => {
    expect(refused).toEqual([{ path: FORM_LEVEL, field: "countryname", message: ruleKeyed("required") }]);
    expect(toFormFieldErrors(fieldErrorsOf(refused), fields)).toEqual(refused);
  });

  it("is said in the reader's language, never as the rule's key", () => {
    const [problem] = toFormFieldErrors(fieldErrorsOf(refused), fields);
    const line = (locale: "eng" | "fin") => problemInWords({ field: problem!.field ?? null, message: problem!.message }, locale);
    expect(line("eng")).toBe("countryname: is required");
    expect(line("fin")).toBe("countryname: Pakollinen tieto.");
  });
});

describe("a postcode or an identity code the debtor's country cannot have", () => {
  const item = {
    jobtype: 0,
    customertype: 2,
    person: "Maija Meikäläinen",
    address: "Esimerkkikatu 1",
    postcode: "ABC",
    city: "Helsinki",
    govid: "123456-7890",
    billdate: "2026-11-22",
    paydate: "2026-12-06",
    payrow: [{ desc: "Työ", count: 1, amount: 100, taxpr: 25.5 }],
    addaddress: [{ addresstype: 5, customertype: 2, person: "Matti", postcode: "1234" }],
  };
  const fields = new Set(["name", "postcode", "govid"]);
  const problems = toFormProblems(itemProblems(item, "FIN"), fields);

  it("goes on the form's field by the rule's key, and an additional address's to the form with its path", () => {
    expect(problems).toEqual([
      { path: "postcode", message: ruleKeyed("finnishPostcode") },
      { path: "govid", message: ruleKeyed("personalIdOfCountry", { personalId: "henkilötunnus" }) },
      { path: FORM_LEVEL, field: "addaddress[0].postcode", message: ruleKeyed("finnishPostcode") },
    ]);
  });

  it("is said in the reader's language", () => {
    const said = (locale: "eng" | "fin" | "swe" | "nor") =>
      problems.map((problem) => problemInWords({ field: problem.field ?? null, message: problem.message }, locale));
    expect(said("eng")).toEqual([
      "must be a Finnish postcode of five digits",
      "must be the person's henkilötunnus, with a valid check digit",
      expect.stringMatching(/: must be a Finnish postcode of five digits$/),
    ]);
    expect(said("fin").slice(0, 2)).toEqual([
      "Suomalainen postinumero on viisi numeroa, esimerkiksi 00100.",
      "Tämä ei ole kelvollinen henkilötunnus. Tarkista, että tunnus on kirjoitettu oikein.",
    ]);
    expect(said("swe")[0]).toBe("Ett finskt postnummer har fem siffror, till exempel 00100.");
    expect(said("nor")[1]).toBe("Dette er ikke et gyldig henkilötunnus. Kontroller at nummeret er skrevet riktig.");
    for (const line of [...said("fin"), ...said("swe"), ...said("nor")]) expect(line).not.toMatch(/must be|rule:|[{}]/);
  });
});
