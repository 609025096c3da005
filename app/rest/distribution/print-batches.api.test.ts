import { beforeAll, describe, expect, it } from "vitest";

import { POST as postJobs } from "@/app/rest/jobs/route";
import { getDb } from "@/lib/db/client";
import { fixedClock } from "@/lib/platform/clock";
import { distributeDocuments } from "@/lib/service/distribution/distribute-documents";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, demoToken, json, profileWithToken } from "@/lib/testing/rest";

import { GET, POST } from "./print-batches/[date]/route";

/* GET /{environment}/rest/distribution/print-batches/{date}: a profile's own post of the day. */

let fin: string;
let jobid: number;

beforeAll(async () => {
  fin = await demoToken("fin-test");
  const response = await call(postJobs, "/fin-test/rest/jobs", { body: envelope(invoice({ sendtype: "post", postclass: 1, ownref: "batch-1" })), token: fin });
  jobid = (await json<JobsResponse>(response)).result[0]!.jobid!;
  await distributeDocuments(getDb(), fixedClock("2026-11-27T08:00:00Z"));
});

const get = (path: string, token?: string) => call(GET, path, { method: "GET", token });

describe("the print batch of a day", () => {
  it("lists the profile's documents with what the print house needs", async () => {
    const response = await get("/fin-test/rest/distribution/print-batches/2026-11-27", fin);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ environment: "fin-test", date: "2026-11-27" });
    expect(body.documents).toEqual([
      { jobid, document: "original", pages: expect.any(Number), postclass: 1, color: false, doublesided: false, country: "FI", supplies: [] },
    ]);
  });

  it("shows another profile nothing of it, and a day without post as empty", async () => {
    const other = await profileWithToken("fin-test");
    expect((await json(await get("/fin-test/rest/distribution/print-batches/2026-11-27", other.token))).documents).toEqual([]);
    expect((await json(await get("/fin-test/rest/distribution/print-batches/2026-11-28", fin))).documents).toEqual([]);
  });

  it("refuses a date that is not one, a call without a token, and other methods", async () => {
    const bad = await get("/fin-test/rest/distribution/print-batches/2026-02-30", fin);
    expect(bad.status).toBe(400);
    expect((await json(bad)).problems).toEqual([expect.objectContaining({ field: "date", code: "invalid" })]);
    expect((await get("/fin-test/rest/distribution/print-batches/2026-11-27")).status).toBe(401);
    expect((await call(POST, "/fin-test/rest/distribution/print-batches/2026-11-27", { token: fin })).status).toBe(405);
  });
});
