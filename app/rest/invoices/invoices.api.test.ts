import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { openPersonalIds } from "@/lib/platform/personal-ids";
import type { JobsResponse } from "@/lib/spec/jobs";
import { collection, envelope, invoice, letter } from "@/lib/testing/jobs";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";

import { POST as postJobsRoute } from "../jobs/route";

import { GET, POST } from "./route";

/* GET /invoices: a customer's invoices by customer number or personal id, only the caller's own. */

let fin: string;
let other: { id: string; token: string };
const GOVID = "131052-308T";

interface Page {
  invoices: Record<string, unknown>[];
  next_cursor: string | null;
}

async function post(token: string, ...dataset: unknown[]): Promise<number[]> {
  const body = await json<JobsResponse>(await call(postJobsRoute, "/fin-test/rest/jobs", { body: envelope(...dataset), token }));
  expect(body.errors).toEqual([]);
  return body.result.map((result) => result.jobid!);
}

const query = (search: string, token = fin) => call(GET, `/fin-test/rest/invoices?${search}`, { method: "GET", token });

let mine: number[];

beforeAll(async () => {
  fin = await demoToken("fin-test");
  other = await profileWithToken("fin-test");
  mine = await post(
    fin,
    invoice({ custnum: "K-1", govid: GOVID, billnum: "INV-1", ownref: "doc-1" }),
    invoice({ custnum: "K-1", billnum: "INV-2" }),
    collection({ custnum: "K-1", govid: "131052-308t", billnum: "COL-3" }),
    letter({ custnum: "K-1" }),
    invoice({ custnum: "K-2", govid: "010101-123N" }),
  );
  await post(other.token, invoice({ custnum: "K-1", govid: GOVID, billnum: "THEIRS" }));
});

describe("GET /invoices", () => {
  it("answers the customer's invoices, reminders and collections by customer number, not its letters", async () => {
    const response = await query("custnum=K-1");
    expect(response.status).toBe(200);
    const body = await json<Page>(response);
    expect(body.invoices.map((row) => row.jobid)).toEqual([mine[0], mine[1], mine[2]]);
    expect(body.next_cursor).toBeNull();
    const job = await getDb().job.findUniqueOrThrow({ where: { id: mine[0]! } });
    expect(body.invoices[0]).toEqual({
      jobid: mine[0],
      jobtype: 0,
      billnum: "INV-1",
      documentid: "doc-1",
      reference: job.reference,
      billdate: "2026-11-22",
      paydate: "2026-12-06",
      currentpaydate: "2026-12-06",
      jobstatus: 0,
      status: "Invoicing",
      amount: Number(job.grossAmount) / 100,
      opencapital: Number(job.openCapital) / 100,
      interest: 0,
      expenses: 0,
      openamount: Number(job.openCapital) / 100,
      currency: "EUR",
    });
    expect(body.invoices[2]).toMatchObject({ jobtype: 2, jobstatus: 2, status: "Debt collection", amount: 150.5, opencapital: 150.5 });
  });

  it("finds by personal id however it is written, and never answers the id", async () => {
    const response = await query(`govid=${encodeURIComponent(" 131052-308t ")}`);
    const text = await response.text();
    expect((JSON.parse(text) as Page).invoices.map((row) => row.jobid)).toEqual([mine[0], mine[2]]);
    expect(text.toUpperCase()).not.toContain("131052");
  });

  it("finds a Swedish personnummer or organisationsnummer written any of the ways they are written", async () => {
    const swe = await profileWithToken("swe-test");
    const local = { postcode: "111 22", city: "Stockholm", address: "Storgatan 1" };
    const response = await call(postJobsRoute, "/swe-test/rest/jobs", {
      body: envelope(
        invoice({ ...local, govid: "811228-9874", ownref: "short" }),
        invoice({ ...local, customertype: "1", company: "Bolaget AB", person: null, govid: "2021005489", ownref: "company" }),
        // Also a valid henkilötunnus: a Swedish debtor's code is read as a personnummer.
        invoice({ ...local, govid: "010101-0189", ownref: "both" }),
      ),
      token: swe.token,
    });
    const [person, company, both] = (await json<JobsResponse>(response)).result.map((result) => result.jobid!);
    const find = async (govid: string) =>
      (await json<Page>(await call(GET, `/swe-test/rest/invoices?govid=${encodeURIComponent(govid)}`, { method: "GET", token: swe.token }))).invoices.map(
        (row) => row.jobid,
      );
    for (const spelling of ["811228-9874", "8112289874", "198112289874", "19811228-9874"]) expect(await find(spelling), spelling).toEqual([person]);
    for (const spelling of ["202100-5489", "2021005489", "162021005489"]) expect(await find(spelling), spelling).toEqual([company]);
    for (const spelling of ["010101-0189", "200101010189"]) expect(await find(spelling), spelling).toEqual([both]);
    // A centenarian's "+" is another person.
    expect(await find("811228+9874")).toEqual([]);
  });

  it("stores personal ids sealed, opened only for the documents", async () => {
    const rows = await getDb().job.findMany({ where: { id: { in: mine } }, select: { id: true, data: true, nationalIdHash: true } });
    for (const row of rows) expect(JSON.stringify(row).toUpperCase(), `job ${row.id}`).not.toContain("131052");
    const first = rows.find((row) => row.id === mine[0])!;
    expect((first.data as { govid: string }).govid).toMatch(/^v1\./);
    expect(openPersonalIds(first.data as { govid?: string }).govid).toBe(GOVID);
  });

  it("answers only the calling profile's jobs", async () => {
    const theirs = await json<Page>(await query("custnum=K-1", other.token));
    expect(theirs.invoices.map((row) => row.billnum)).toEqual(["THEIRS"]);
    const byId = await json<Page>(await query(`govid=${GOVID}`, other.token));
    expect(byId.invoices.map((row) => row.billnum)).toEqual(["THEIRS"]);
    expect((await json<Page>(await query("custnum=nobody"))).invoices).toEqual([]);
  });

  it("pages with a cursor", async () => {
    const first = await json<Page>(await query("custnum=K-1&limit=2"));
    expect(first.invoices.map((row) => row.jobid)).toEqual([mine[0], mine[1]]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await json<Page>(await query(`custnum=K-1&limit=2&cursor=${first.next_cursor}`));
    expect(second.invoices.map((row) => row.jobid)).toEqual([mine[2]]);
    expect(second.next_cursor).toBeNull();
  });

  it("requires exactly one of custnum and govid, and names each bad parameter", async () => {
    const neither = await query("");
    expect(neither.status).toBe(400);
    expect((await json<{ problems: unknown[] }>(neither)).problems).toEqual([
      { field: "custnum", code: "required", message: "give exactly one of custnum and govid" },
    ]);
    const both = await json<{ problems: unknown[] }>(await query(`custnum=K-1&govid=${GOVID}`));
    expect(both.problems).toEqual([{ field: "govid", code: "conflict", message: "give exactly one of custnum and govid" }]);
    const limits = await json<{ problems: { field: string }[] }>(await query("custnum=K-1&limit=0"));
    expect(limits.problems).toEqual([{ field: "limit", code: "invalid", message: "must be an integer from 1 to 100" }]);
    const cursor = await json<{ problems: unknown[] }>(await query(`custnum=K-1&cursor=${Buffer.from("v1:x").toString("base64url")}`));
    expect(cursor.problems).toEqual([expect.objectContaining({ field: "cursor", code: "invalid" })]);
    const twice = await json<{ problems: unknown[] }>(await query("custnum=K-1&custnum=K-2"));
    expect(twice.problems).toEqual([{ field: "custnum", code: "duplicate", message: "must be given once" }]);
    const empty = await json<{ problems: unknown[]; detail: string }>(await query("govid=%20"));
    expect(empty.problems).toEqual([{ field: "govid", code: "invalid", message: "must not be empty" }]);
  });

  it("requires a token of this environment and takes only GET", async () => {
    expect((await call(GET, "/fin-test/rest/invoices?custnum=K-1", { method: "GET" })).status).toBe(401);
    expect((await call(GET, "/swe-test/rest/invoices?custnum=K-1", { method: "GET", token: fin })).status).toBe(401);
    const swe = await demoToken("swe-test");
    expect((await json<Page>(await call(GET, "/swe-test/rest/invoices?custnum=K-1", { method: "GET", token: swe }))).invoices).toEqual([]);
    const refused = await call(POST, "/fin-test/rest/invoices", { body: {}, token: fin });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET");
  });
});
