import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { DATASET_ITEM_FIELDS, datasetItemSchema, parseDatasetItem } from "./dataset-item";

/* parseDatasetItem is datasetItemSchema.safeParse made fast; it must answer exactly the same. */

const VALUES: unknown[] = [
  null,
  "",
  "0",
  0,
  "1",
  1,
  2,
  "301",
  -3,
  12.5,
  "12.50",
  "12,50",
  "1e3",
  "abc",
  true,
  [],
  {},
  "2026-11-22",
  "2026-02-30",
  "FIN",
  "fi",
  "246",
  "maija@example.fi",
  "x".repeat(300),
  [{ desc: "Row", count: "2", amount: "9.99", taxpr: "25.5" }],
  [{ desc: "Row", count: "x", amount: 1, taxpr: 101 }],
  [{ propname: "documenttype", propvalue: "invoice" }],
  { filename: "a.pdf", file: "JVBERi0=" },
  { instalment: [{ date: "2026-12-01", amount: "10.00" }] },
  // Edges of the fast paths: decimals, signs, spaces, case, lengths, control characters.
  1e-7,
  0.1 + 0.2,
  -0,
  1e21,
  "007",
  " 12 ",
  "12.500",
  "1.1234567",
  "-5",
  "9007199254740993",
  "fin",
  "se",
  "XX",
  "x".repeat(255),
  "x".repeat(256),
  " RF18 5390 0754 7034 ",
  "a\u0007b",
  "line\nbreak",
  "EUR",
  "eur",
  "post",
  "Y",
  "2028-02-29",
  "2027-02-29",
  [{ desc: "Row", count: 1e-7, amount: "0.1", taxpr: "25.50" }],
  [{ desc: " ", count: "-0", amount: -0, taxpr: "0" }],
  [{ contract_no: "C-1" }, { contract_no: null }],
  [{ address: { addresscountry: "fin", postcode: "00100" }, energycontract: [{ contract_no: "E" }] }],
  [{ sendtype: "email", evoice: null }],
];

const fields = [...DATASET_ITEM_FIELDS, "unknown_member", "__proto__"];

const item = fc.dictionary(fc.constantFrom(...fields), fc.constantFrom(...VALUES), { maxKeys: 25 });

const sortKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortKeys)
    : value && typeof value === "object"
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, sortKeys(v)]),
        )
      : value;

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.map(String).join(".")}: ${issue.message}`).sort();

describe("parseDatasetItem", () => {
  it("answers exactly as datasetItemSchema.safeParse for any item", () => {
    fc.assert(
      fc.property(item, (raw) => {
        const fast = parseDatasetItem(raw);
        const full = datasetItemSchema.safeParse(raw);
        expect(fast.success).toBe(full.success);
        if (fast.success && full.success) expect(sortKeys(fast.data)).toEqual(sortKeys(full.data));
        else expect(issuesOf(fast)).toEqual(issuesOf(full));
      }),
      { numRuns: 4000 },
    );
    // 4000 items take about 2 s alone and three times that on a machine busy with other test files.
  }, 30_000);

  it("answers as the schema for values that are not objects", () => {
    for (const raw of [null, 1, "x", [], undefined]) expect(parseDatasetItem(raw).success).toBe(false);
  });

  it("drops a member named __proto__ and never takes it for the prototype", () => {
    const parsed = parseDatasetItem(JSON.parse('{"jobtype": 0, "__proto__": {"polluted": true}}'));
    expect(parsed.success).toBe(true);
    expect(Object.getPrototypeOf(parsed.data)).toBe(Object.prototype);
    expect((parsed.data as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(parsed.data!)).toEqual(["jobtype"]);
  });
});
