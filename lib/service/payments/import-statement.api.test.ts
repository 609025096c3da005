import { readFileSync } from "node:fs";
import { join } from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { POST as statements } from "@/app/rest/payments/statements/route";
import { getDb, getEngine } from "@/lib/db/client";
import { MAX_CAMT_DEPTH } from "@/lib/payment-data/camt/parse-camt";
import { MAX_STATEMENT_BYTES } from "@/lib/spec/limits";
import { problemDetailsSchema } from "@/lib/spec/problem-details";
import { caseOf, postInvoice } from "@/lib/testing/payment-cases";
import { call, demoToken, json } from "@/lib/testing/rest";

/*
 * A statement that pays several cases, booked while another transaction holds one of them and then
 * wants the profile's events (as the disconnection sweep does: its cases first, then the `disconnect`
 * event). Only PostgreSQL takes these locks; SQLite writes one transaction at a time.
 */

const fixture = readFileSync(join(process.cwd(), "lib/payment-data/camt/fixtures", "camt054-fi-v02.xml"));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let token: string;

beforeAll(async () => {
  token = await demoToken("fin-test");
});

describe.runIf(getEngine() === "postgres")("importing a statement beside another transaction on its cases", () => {
  it("locks the file's cases in id order before booking the first, so the two do not deadlock", async () => {
    // Posted in the opposite order to the file's entries: the file pays the newest case first.
    const typed = await postInvoice("fin-test", token, "30.00", { billcode: "20261023" });
    const rf = await postInvoice("fin-test", token, "80.00", { billcode: "RF7520261052" });
    const national = await postInvoice("fin-test", token, "100.00", { billcode: "20261007" });
    const { profileId } = await caseOf(rf.jobid);

    let importing: Promise<Response> | null = null;
    await getDb().$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`case:${rf.jobid}`}))::text`;
        importing = call(statements, "/fin-test/rest/payments/statements", {
          raw: new Uint8Array(fixture),
          token,
          headers: { "content-type": "application/xml" },
        });
        // Long enough for the import to book the first entry, emit its event and wait for this case.
        await sleep(700);
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`events:${profileId}`}))::text`;
      },
      { timeout: 20_000 },
    );
    const response = await importing!;
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({ booked: 3, unmatched: 1 });
    expect(await caseOf(national.jobid)).toMatchObject({ jobstatus: 101, openCapital: 0n });
    expect(await caseOf(rf.jobid)).toMatchObject({ openCapital: 3000n });
    expect(await caseOf(typed.jobid)).toMatchObject({ jobstatus: 101 });
  });
});

describe("a statement's size", () => {
  it("is refused unread past the limit, so the parser only ever sees a bounded file", async () => {
    const huge = await call(statements, "/fin-test/rest/payments/statements", {
      raw: new Uint8Array(MAX_STATEMENT_BYTES + 1).fill(32),
      token,
      headers: { "content-type": "application/xml" },
    });
    expect(huge.status).toBe(413);
  });
});

describe("a statement nested deeper than any bank message", () => {
  // fast-xml-parser's nesting limit threw a plain error, answered 500, for 150 levels.
  it("is refused as invalid with a problem document naming the limit, 150 levels deep, and books nothing", async () => {
    const nested = `${"<Ntry>".repeat(150)}x${"</Ntry>".repeat(150)}`;
    const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>deep-1</MsgId><CreDtTm>2026-11-22T10:00:00</CreDtTm></GrpHdr><Ntfctn>${nested}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
    const before = await getDb().payment.count();
    const response = await call(statements, "/fin-test/rest/payments/statements", { raw: xml, token, headers: { "content-type": "application/xml" } });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const problem = problemDetailsSchema.parse(await response.json());
    expect(problem).toMatchObject({ type: "/rest/problems/invalid-request", status: 400 });
    expect(problem.detail).toContain(`deeper than ${MAX_CAMT_DEPTH} levels`);
    expect(await getDb().payment.count()).toBe(before);
  });
});
