import { describe, expect, it } from "vitest";

import { createFinnishReference, createKid, createOcr } from "@/lib/payment-data/references";
import { COUNTRIES, type Country } from "@/lib/spec/environments";
import { jobSchemaFor } from "@/lib/spec/minimum-data";
import { ruleKeyed } from "@/lib/spec/rules";

import { defaultReceivableValues, receivableFormProblems, receivableFormToItem, type ReceivableFormValues } from "./receivable-form";

const REFERENCES: Record<Country, string> = { FIN: createFinnishReference("12345"), SWE: createOcr("12345"), NOR: createKid("12345") };

function filled(country: Country, jobtype: "1" | "2", change: Partial<ReceivableFormValues> = {}): ReceivableFormValues {
  return {
    ...defaultReceivableValues({ draftId: "3f2b8c1e-6a4d-4f7e-9b1a-2c3d4e5f6a7b", connectionId: "c1", country, jobtype }),
    customertype: "1",
    name: "Velallinen Oy",
    address: "Katu 2",
    postcode: { FIN: "00100", SWE: "114 55", NOR: "0150" }[country],
    city: "Espoo",
    billnum: "ERP-1001",
    billcode: REFERENCES[country],
    amount: "1 250,40",
    billdate: "2026-10-01",
    paydate: "2026-10-15",
    noticedate: jobtype === "2" ? "2026-10-29" : "",
    ...change,
  };
}

describe("receivableFormToItem", () => {
  it.each(COUNTRIES.flatMap((country) => [[country, "1"] as const, [country, "2"] as const]))(
    "makes a job the service accepts: %s jobtype %s",
    (country, jobtype) => {
      const values = filled(country, jobtype);
      expect(receivableFormProblems(values, country)).toEqual([]);
      const parsed = jobSchemaFor(country).safeParse(receivableFormToItem(values));
      expect(parsed.success).toBe(true);
      expect(parsed.data).toMatchObject({
        jobtype: Number(jobtype),
        company: "Velallinen Oy",
        amount: 1250.4,
        billcode: REFERENCES[country],
        billnum: "ERP-1001",
      });
    },
  );

  it("sends the reference without the spaces of its printed form", () => {
    const item = receivableFormToItem(filled("FIN", "1", { billcode: "12 34561" })) as Record<string, unknown>;
    expect(item.billcode).toBe("1234561");
  });
});

describe("receivableFormProblems", () => {
  it("requires noticedate for a collection in Finland and Norway only", () => {
    expect(receivableFormProblems(filled("FIN", "2", { noticedate: "" }), "FIN").map((problem) => problem.path)).toEqual(["noticedate"]);
    expect(receivableFormProblems(filled("NOR", "2", { noticedate: "" }), "NOR").map((problem) => problem.path)).toEqual(["noticedate"]);
    expect(receivableFormProblems(filled("SWE", "2", { noticedate: "" }), "SWE")).toEqual([]);
    expect(receivableFormProblems(filled("FIN", "1", { noticedate: "" }), "FIN")).toEqual([]);
  });

  it("checks the reference by the country's format", () => {
    const wrong = `${REFERENCES.FIN.slice(0, -1)}${(Number(REFERENCES.FIN.slice(-1)) + 1) % 10}`;
    const problems = receivableFormProblems(filled("FIN", "1", { billcode: wrong }), "FIN");
    expect(problems).toEqual([{ path: "billcode", message: ruleKeyed("finnishReference") }]);
  });

  it("requires the minimum data and a positive open capital", () => {
    const problems = receivableFormProblems(filled("NOR", "1", { billnum: "", billcode: "", amount: "0", name: "" }), "NOR");
    expect(problems.map((problem) => problem.path)).toEqual(expect.arrayContaining(["billnum", "billcode", "amount", "name"]));
  });
});
