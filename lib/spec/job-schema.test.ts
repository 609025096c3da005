import { describe, expect, it } from "vitest";

import { jobSchemaFor, pathOf } from "./minimum-data";
import { problemsFromZod } from "./problems";

/* jobSchemaFor: the dataset item and its minimum data as one schema, as a form uses it. */

const reminder = {
  jobtype: "2",
  customertype: "2",
  person: "Maija Meikäläinen",
  address: "Esimerkkikatu 1",
  postcode: "00100",
  city: "Helsinki",
  billdate: "2026-09-01",
  paydate: "2026-09-15",
  billnum: "1001",
  billcode: "12345672",
  amount: "150.50",
};

describe("jobSchemaFor", () => {
  it("accepts a complete job and gives the normalised item", () => {
    expect(jobSchemaFor("SWE").parse(reminder)).toMatchObject({ jobtype: 2, customertype: 2, amount: 150.5 });
  });

  it("places each problem of the minimum data on its member, by the country's rules", () => {
    const result = jobSchemaFor("FIN").safeParse({ ...reminder, person: " ", payrow: [{ desc: "x" }] });
    expect(result.success).toBe(false);
    expect(problemsFromZod(result.error!)).toEqual([
      {
        field: "person",
        code: "required",
        message: "is required when customertype is 2 (natural person)",
        rule: "requiredByCustomertype",
        params: { customertype: "2 (natural person)" },
      },
      {
        field: "noticedate",
        code: "required",
        message: "is required for debt collection in Finland (the date the creditor sent the reminder)",
        rule: "required",
        params: { when: " for debt collection in Finland (the date the creditor sent the reminder)" },
      },
    ]);
  });

  it("turns a written path into the path a form uses", () => {
    expect(pathOf("payrow[12].taxpr")).toEqual(["payrow", 12, "taxpr"]);
    expect(pathOf("image.filename")).toEqual(["image", "filename"]);
    expect(pathOf("billnum")).toEqual(["billnum"]);
  });
});
