import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { MAX_JSON_DEPTH } from "@/lib/platform/parse-json";
import type { JobsResponse } from "@/lib/spec/jobs";
import type { ProblemDetails } from "@/lib/spec/problem-details";
import { envelope, invoice } from "@/lib/testing/jobs";
import { call, demoToken, json } from "@/lib/testing/rest";

import { POST as disconnection } from "../telecom/disconnections/route";
import { POST as tokenRoute } from "../token/route";

import { POST as preview } from "./preview/route";
import { POST } from "./route";

/*
 * Bodies made to hurt: nesting tens of thousands deep, NUL characters, invalid UTF-8. Each is
 * refused at once with a problem that says why, and a bad job never takes its good neighbours down.
 */

let token: string;

beforeAll(async () => {
  token = await demoToken("fin-test");
});

/** An unknown member nested `depth` levels deep, as raw JSON text. */
const nestedMember = (depth: number) => `${'{"x":'.repeat(depth)}"deep"${"}".repeat(depth)}`;

function withMember(item: Record<string, unknown>, member: string): string {
  const text = JSON.stringify(item);
  return `${text.slice(0, -1)},"extra":${member}}`;
}

describe("nesting", () => {
  it("refuses a preview with a member nested 50,000 levels deep as malformed, naming the limit", async () => {
    const raw = withMember(invoice(), nestedMember(50_000));
    const response = await call(preview, "/fin-test/rest/jobs/preview", { raw, token, headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    const problem = await json<ProblemDetails>(response);
    expect(problem.detail).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it("refuses a POST /jobs body nested past the limit before anything is stored", async () => {
    const raw = `{"datastream":{"dataset":[${withMember(invoice({ ownref: "deep-1" }), nestedMember(30_000))}]}}`;
    const response = await call(POST, "/fin-test/rest/jobs", { raw, token, headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect((await json<ProblemDetails>(response)).detail).toContain("nest deeper");
    expect(await getDb().job.count({ where: { ownref: "deep-1" } })).toBe(0);
  });

  it("keeps an unknown member nested within the limit", async () => {
    const raw = `{"datastream":{"dataset":[${withMember(invoice({ ownref: "deep-ok" }), nestedMember(MAX_JSON_DEPTH - 6))}]}}`;
    const response = await call(POST, "/fin-test/rest/jobs", { raw, token, headers: { "content-type": "application/json" } });
    expect(response.status).toBe(200);
    expect((await json<JobsResponse>(response)).accepted).toBe(1);
  });
});

describe("NUL characters", () => {
  it("rejects only the job that holds one, deep inside an unknown member, and names where", async () => {
    const bad = withMember(invoice({ ownref: "nul-bad" }), `${'{"x":'.repeat(40)}"a\\u0000b"${"}".repeat(40)}`);
    const raw = `{"datastream":{"dataset":[${JSON.stringify(invoice({ ownref: "nul-good" }))},${bad}]}}`;
    const response = await call(POST, "/fin-test/rest/jobs", { raw, token, headers: { "content-type": "application/json" } });
    expect(response.status).toBe(200);
    const body = await json<JobsResponse>(response);
    expect(body.accepted).toBe(1);
    expect(body.result[0]?.error ?? null).toBeNull();
    const problem = body.result[1]?.error?.problems[0];
    expect(problem?.field).toBe(`extra${".x".repeat(40)}`);
    expect(problem?.message).toContain("NUL");
  });
});

describe("encoding", () => {
  it("refuses a body that is not valid UTF-8 instead of replacing what it cannot read", async () => {
    const text = JSON.stringify(envelope(invoice({ ownref: "utf8", person: "Maija XX" })));
    const bytes = Buffer.from(text);
    const at = bytes.indexOf("XX");
    bytes[at] = 0xc3;
    bytes[at + 1] = 0x28;
    const response = await call(POST, "/fin-test/rest/jobs", { raw: bytes, token, headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect((await json<ProblemDetails>(response)).detail).toContain("UTF-8");
  });
});

describe("lone surrogates", () => {
  it("reject only the job whose text holds half of a surrogate pair, on both engines", async () => {
    const bad = JSON.stringify(invoice({ ownref: "surrogate-bad" })).replace('"Maija Meik', '"\\udfffMaija Meik');
    const raw = `{"datastream":{"dataset":[${JSON.stringify(invoice({ ownref: "surrogate-good", person: "Emoji 😀 Oy" }))},${bad}]}}`;
    const response = await call(POST, "/fin-test/rest/jobs", { raw, token, headers: { "content-type": "application/json" } });
    expect(response.status).toBe(200);
    const body = await json<JobsResponse>(response);
    expect(body.accepted).toBe(1);
    expect(body.result[0]?.error ?? null).toBeNull();
    expect(body.result[1]?.error?.problems[0]).toMatchObject({ field: "person", message: expect.stringContaining("surrogate") });
  });

  it("are a malformed request, not a 500, where a body is one record", async () => {
    const tokenAnswer = await call(tokenRoute, "/fin-test/rest/token", {
      raw: '{"cid":"\\udfff","apicode":"x"}',
      headers: { "content-type": "application/json" },
    });
    expect(tokenAnswer.status).toBe(400);
    expect(await tokenAnswer.json()).toMatchObject({ errorId: 1 });
    const telecom = await call(disconnection, "/fin-test/rest/telecom/disconnections", {
      raw: '{"customernumber":"R-9","time":"2026-11-20T08:00:00+02:00","reason":"\\ud800"}',
      token,
      headers: { "content-type": "application/json" },
    });
    expect(telecom.status).toBe(400);
    expect((await json<ProblemDetails>(telecom)).detail).toContain("surrogate");
  });
});

describe("text no database can store, echoed back", () => {
  it("rejects only the job whose billnum holds a NUL, and echoes it storably, on both engines", async () => {
    const response = await call(POST, "/fin-test/rest/jobs", {
      body: envelope(invoice({ ownref: "echo-ok" }), invoice({ ownref: "echo-nul", billnum: "A\u0000B" })),
      token,
    });
    expect(response.status).toBe(200);
    const body = await json<JobsResponse>(response);
    expect(body.accepted).toBe(1);
    expect(body.result[1]).toMatchObject({ accepted: 0, billnum: "A\uFFFDB", error: { problems: [{ field: "billnum" }] } });
  });

  it("answers a cid with a NUL as malformed, not 500", async () => {
    const response = await call(tokenRoute, "/fin-test/rest/token", { body: { cid: "demo\u0000fin", apicode: "demo-fin-apicode" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorId: 1 });
  });
});
