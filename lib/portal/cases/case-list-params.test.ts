import { describe, expect, it } from "vitest";

import { keyed } from "../i18n/messages";

import { caseListSearch } from "./case-list-links";
import { canonicalCaseSearch, caseExportSearch, caseListQuerySchema, parseCaseListParams, viewSearchParams } from "./case-list-params";

describe("parseCaseListParams", () => {
  it("names each value that does not parse, and keeps the rest", () => {
    const parsed = parseCaseListParams(new URLSearchParams({ code: "x", country: "DEU", dueFrom: "2026-02-30", amountMin: "12.345", q: "Berg", sort: "size" }));
    expect(parsed.errors).toEqual({ code: "code", country: "country", dueFrom: "date", amountMin: "amount", sort: "sort" });
    expect(parsed.params).toMatchObject({ q: "Berg", sort: "updated", dir: "desc", limit: 50 });
    expect(parsed.raw).toMatchObject({ code: "x", amountMin: "12.345" });
  });

  it("refuses a range whose end is before its start", () => {
    expect(parseCaseListParams(new URLSearchParams({ amountMin: "20", amountMax: "10" })).errors).toEqual({ amountMax: "range" });
    expect(parseCaseListParams(new URLSearchParams({ dueFrom: "2026-12-10", dueTo: "2026-12-01" })).errors).toEqual({ dueTo: "range" });
  });

  it("reads amounts as a Nordic clerk types them, in minor units", () => {
    expect(parseCaseListParams(new URLSearchParams({ amountMin: "1 234,5" })).params.amountMin).toBe(123450n);
    expect(parseCaseListParams(new URLSearchParams({ amountMax: "0" })).params.amountMax).toBe(0n);
    expect(parseCaseListParams(new URLSearchParams({ amountMax: "-5" })).errors).toEqual({ amountMax: "amount" });
  });

  it("gives each sort its natural first direction, and takes Next's searchParams object too", () => {
    expect(parseCaseListParams({ sort: "due" }).params.dir).toBe("asc");
    expect(parseCaseListParams({ sort: "amount" }).params.dir).toBe("desc");
    expect(parseCaseListParams({ sort: ["name", "due"], dir: "desc" }).params).toMatchObject({ sort: "name", dir: "desc" });
    expect(parseCaseListParams({ limit: "500" }).errors).toEqual({ limit: "limit" });
  });

  it("writes back only what parsed, so the list refreshes exactly the view it showed", () => {
    const parsed = parseCaseListParams(new URLSearchParams({ q: "Berg", amountMin: "1 000,5", code: "nope", sort: "amount", after: "abc" }));
    expect(canonicalCaseSearch(parsed.params)).toBe("q=Berg&amountMin=1000.50&sort=amount&dir=desc&limit=50&after=abc");
    expect(parseCaseListParams(new URLSearchParams(canonicalCaseSearch(parsed.params))).params).toEqual(parsed.params);
  });
});

describe("caseExportSearch", () => {
  it("sends the export only the filters that parsed, with the order and without the page's size and cursor", () => {
    const parsed = parseCaseListParams(
      new URLSearchParams({ q: "Berg", amountMin: "x", amountMax: "1 000,5", dueFrom: "2026-02-30", sort: "amount", limit: "20", after: "abc" }),
    );
    expect(Object.keys(parsed.errors)).toEqual(["dueFrom", "amountMin"]);
    const search = caseExportSearch(parsed.params);
    expect(search).toBe("q=Berg&amountMax=1000.50&sort=amount&dir=desc");
    // What the export route reads: the same schema refuses nothing of it.
    expect(caseListQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search))).success).toBe(true);
  });
});

describe("caseListQuerySchema", () => {
  it("refuses the values parseCaseListParams refuses, each at its name, and gives the parameters of the rest", () => {
    const refused = caseListQuerySchema.safeParse({ code: "x", amountMin: "20", amountMax: "10", q: "Berg" });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["code", keyed("filterCode")],
      ["amountMax", keyed("filterRange")],
    ]);
    expect(caseListQuerySchema.parse({ q: "Berg", sort: "due" })).toMatchObject({ q: "Berg", sort: "due", dir: "asc", limit: 50 });
  });
});

describe("caseListSearch", () => {
  it("drops the cursor when the view changes, and empty values", () => {
    const view = viewSearchParams(parseCaseListParams(new URLSearchParams({ q: "Berg", sort: "name", after: "abc" })));
    expect(view).toEqual({ q: "Berg", sort: "name" });
    expect(caseListSearch(view, { sort: "due" })).toBe("?q=Berg&sort=due");
    expect(caseListSearch(view, { after: "next" })).toBe("?q=Berg&sort=name&after=next");
    expect(caseListSearch({}, { q: "" })).toBe("");
  });
});
