import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { csvField } from "@/lib/platform/csv";

import { getDb } from "../../db/client";

import { parseCaseListParams } from "./case-list-params";
import { exportCasesCsv } from "./export-cases";

/*
 * The case list as CSV: the list's filters and order, the organization's cases only, a total row
 * per currency that adds up, a name that looks like a formula kept as text, and a file that says
 * when it was cut short.
 */

const ORG = "org-export";

async function seedCase(input: {
  organizationId?: string;
  name: string;
  environment: string;
  currency: string;
  amount: bigint;
  open: bigint;
  interest?: bigint;
  code?: number;
  due: string;
  updatedAt: string;
}) {
  await getDb().portalCase.create({
    data: {
      id: randomUUID(),
      organizationId: input.organizationId ?? ORG,
      environment: input.environment,
      country: input.environment.slice(0, 3).toUpperCase(),
      cid: "c-export",
      jobid: Math.floor(Math.random() * 1e9),
      jobtype: 0,
      code: input.code ?? 200,
      statusText: "Reminder",
      receiverName: input.name,
      billnum: `B-${input.name.length}`,
      currency: input.currency,
      amount: input.amount,
      openCapital: input.open,
      interest: input.interest ?? 0n,
      expenses: 500n,
      paydate: input.due,
      currentPaydate: input.due,
      updatedAt: new Date(input.updatedAt),
    },
  });
}

/** The fields of a CSV line (no line breaks inside fields here). */
const fields = (line: string) =>
  [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
    .slice(0, -1)
    .map(([, field]) => (field!.startsWith('"') ? field!.slice(1, -1).replaceAll('""', '"') : field!));

async function csv(search: string, options: { maxRows?: number; pageSize?: number } = {}): Promise<string[]> {
  let text = "";
  for await (const chunk of exportCasesCsv(getDb(), {
    organizationId: ORG,
    params: parseCaseListParams(new URLSearchParams(search)).params,
    locale: "eng",
    ...options,
  }))
    text += chunk;
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(text.endsWith("\r\n")).toBe(true);
  return text.slice(1).split("\r\n").slice(0, -1);
}

beforeAll(async () => {
  await getDb().portalOrganization.createMany({ data: [ORG, "org-export-other"].map((id) => ({ id, name: id })) });
  await seedCase({
    name: "Maija Meikäläinen",
    environment: "fin-test",
    currency: "EUR",
    amount: 12_450n,
    open: 12_450n,
    interest: 37n,
    due: "2026-12-06",
    updatedAt: "2026-11-25T10:00:00Z",
  });
  await seedCase({
    name: '=HYPERLINK("http://evil.example","x")',
    environment: "fin-test",
    currency: "EUR",
    amount: 100n,
    open: 50n,
    due: "2026-12-01",
    updatedAt: "2026-11-24T10:00:00Z",
  });
  await seedCase({
    name: "Åsa Öberg, AB",
    environment: "swe-test",
    currency: "SEK",
    amount: 99_900n,
    open: 0n,
    code: 101,
    due: "2026-11-30",
    updatedAt: "2026-11-23T10:00:00Z",
  });
  await seedCase({
    organizationId: "org-export-other",
    name: "Another organization",
    environment: "fin-test",
    currency: "EUR",
    amount: 1n,
    open: 1n,
    due: "2026-12-06",
    updatedAt: "2026-11-25T11:00:00Z",
  });
});

describe("exportCasesCsv", () => {
  it("lists the organization's cases in the list's order, with a total row per currency", async () => {
    const lines = await csv("");
    expect(lines[0]).toBe(
      "Job id,Receiver,Bill number,Reference,Environment,Lifecycle code,Lifecycle,Job type,Currency,Amount,Open capital,Interest,Expenses,Open in total,Original due date,Due date,Updated",
    );
    const rows = lines.slice(1, 4);
    expect(rows.map((row) => fields(row)[1])).toEqual(["Maija Meikäläinen", `'=HYPERLINK("http://evil.example","x")`, "Åsa Öberg, AB"]);
    expect(fields(rows[0]!).slice(4)).toEqual([
      "fin-test",
      "200",
      "Query – payment reminder",
      "0",
      "EUR",
      "124.50",
      "124.50",
      "0.37",
      "5.00",
      "129.87",
      "2026-12-06",
      "2026-12-06",
      "2026-11-25T10:00:00.000Z",
    ]);
    expect(lines.join("\n")).not.toContain("Another organization");
    expect(lines.slice(4)).toEqual([",Total EUR,,,,,,,EUR,125.50,125.00,0.37,10.00,135.37,,,", ",Total SEK,,,,,,,SEK,999.00,0.00,0.00,5.00,5.00,,,"]);
  });

  it("follows the filters and the sort of the view", async () => {
    const lines = await csv("environment=fin-test&sort=amount&dir=asc");
    expect(lines.slice(1).map((row) => fields(row)[9])).toEqual(["1.00", "124.50", "125.50"]);
  });

  it("reads page by page, and says so when it stopped at its bound", async () => {
    expect((await csv("", { pageSize: 1 })).length).toBe(6);
    const cut = await csv("", { maxRows: 2, pageSize: 1 });
    expect(cut.slice(1, 3).map((row) => fields(row)[1])).toEqual(["Maija Meikäläinen", `'=HYPERLINK("http://evil.example","x")`]);
    expect(cut[3]).toBe("Only the first 2 cases are listed; narrow the filters for the rest.");
    expect(cut.slice(4)).toEqual([",Total EUR,,,,,,,EUR,125.50,125.00,0.37,10.00,135.37,,,"]);
  });
});

describe("csvField", () => {
  it("quotes what needs quoting and defuses what a spreadsheet would run", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    for (const formula of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx"]) expect(csvField(formula)).toBe(`'${formula}`);
    expect(csvField(-12, "number")).toBe("-12");
    expect(csvField(null)).toBe("");
  });
});
