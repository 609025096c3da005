import { beforeEach, describe, expect, it } from "vitest";

import type { JobResult, JobsResponse } from "../spec/jobs";

import { DEFAULT_USER_AGENT, ServiceClient } from "./service-client";
import { CLIENT_PROBLEM_TYPES, ServiceRequestError } from "./service-request-error";
import { resetTokenCache, TOKEN_RENEW_BEFORE_MS } from "./token-cache";

/*
 * The client against a scripted fetch: what it sends, and how it takes answers the real service
 * gives rarely (timeouts, a broken connection, a proxy's page). service-client.api.test.ts runs
 * it against the real route handlers.
 */

const BASE = "https://provider.example/fin-test/rest";
const APICODE = "secret-apicode-123";

interface Sent {
  method: string;
  path: string;
  headers: Headers;
  body: string | null;
}

type Route = (request: Sent, signal: AbortSignal | undefined) => Response | Promise<Response>;

function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(payload)}.signature`;
}

const inTwoHours = () => Math.floor(Date.now() / 1000) + 7200;

function scripted(routes: Record<string, Route>) {
  const sent: Sent[] = [];
  let tokens = 0;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const request: Sent = {
      method: init?.method ?? "GET",
      path: url.pathname.replace("/fin-test/rest", "") + url.search,
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? init.body : null,
    };
    sent.push(request);
    const key = `${request.method} ${url.pathname.replace("/fin-test/rest", "")}`;
    if (key === "POST /token" && !routes[key]) {
      tokens++;
      return Response.json({ token: jwt({ sub: "p", exp: inTwoHours(), n: tokens }) }, { status: 201 });
    }
    const route = routes[key];
    if (!route)
      return Response.json(
        { type: "/rest/problems/not-found", title: "Not found", status: 404 },
        { status: 404, headers: { "content-type": "application/problem+json" } },
      );
    return route(request, init?.signal ?? undefined);
  }) as typeof globalThis.fetch;
  return { fetch, sent, tokenRequests: () => sent.filter((request) => request.path === "/token").length };
}

const client = (fetch: typeof globalThis.fetch, options: { apicode?: string; timeoutMs?: number } = {}) =>
  new ServiceClient({ baseUrl: `${BASE}/`, cid: "demo-fin", apicode: options.apicode ?? APICODE, fetch, timeoutMs: options.timeoutMs });

function result(overrides: Partial<JobResult> = {}): JobResult {
  return {
    accepted: 1,
    amount: 10,
    billnum: "1",
    billcode: null,
    error: null,
    evoicetype: null,
    jobid: 1,
    jobstatus: "0",
    jobtype: "0",
    notice: null,
    origbillnum: null,
    ownref: null,
    print: null,
    receiver: null,
    reference: null,
    sendtype: "post",
    ...overrides,
  };
}

/** POST /jobs that accepts every item but those whose ownref starts with "bad". */
const acceptingJobs: Route = (request) => {
  const dataset = (JSON.parse(request.body!) as { datastream: { dataset: { ownref: string }[] } }).datastream.dataset;
  const answer: JobsResponse = { result: [], errors: [], accepted: 0 };
  dataset.forEach((item, index) => {
    const bad = item.ownref.startsWith("bad");
    answer.result.push(
      bad
        ? result({
            accepted: 0,
            jobid: null,
            ownref: item.ownref,
            error: { code: "invalid", message: "bad", problems: [{ field: "paydate", code: "invalid", message: "bad" }] },
          })
        : result({ ownref: item.ownref }),
    );
    if (bad) answer.errors.push({ index, field: "paydate", code: "invalid", message: "bad" });
    else answer.accepted++;
  });
  return Response.json(answer, { status: answer.accepted > 0 ? 200 : 422 });
};

beforeEach(() => resetTokenCache());

describe("tokens", () => {
  it("fetches one token for concurrent calls of every client of the profile, and reuses it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let issued = 0;
    const script = scripted({
      "POST /token": async () => {
        issued++;
        await gate;
        return Response.json({ token: jwt({ exp: inTwoHours() }) }, { status: 201 });
      },
      "GET /events": () => Response.json({ data: {}, next: "e0", more: false }),
    });
    const calls = [client(script.fetch).pollEvents(), client(script.fetch).pollEvents(), client(script.fetch).pollEvents()];
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await Promise.all(calls);
    await client(script.fetch).pollEvents();
    expect(issued).toBe(1);
    const tokenBody = JSON.parse(script.sent.find((request) => request.path === "/token")!.body!) as unknown;
    expect(tokenBody).toEqual({ cid: "demo-fin", apicode: APICODE });
  });

  it("does not lend a token to a client with another apicode for the same cid", async () => {
    const script = scripted({ "GET /events": () => Response.json({ data: {}, next: "e0", more: false }) });
    await client(script.fetch).pollEvents();
    await client(script.fetch, { apicode: "another-apicode" }).pollEvents();
    expect(script.tokenRequests()).toBe(2);
  });

  it("renews a token five minutes before it expires", async () => {
    let exp = Math.floor((Date.now() + TOKEN_RENEW_BEFORE_MS) / 1000) + 2;
    const script = scripted({
      "POST /token": () => Response.json({ token: jwt({ exp }) }, { status: 201 }),
      "GET /events": () => Response.json({ data: {}, next: "e0", more: false }),
    });
    await client(script.fetch).pollEvents();
    await client(script.fetch).pollEvents();
    expect(script.tokenRequests()).toBe(1);
    exp = Math.floor((Date.now() + TOKEN_RENEW_BEFORE_MS) / 1000) - 1;
    resetTokenCache();
    await client(script.fetch).pollEvents();
    await client(script.fetch).pollEvents();
    expect(script.tokenRequests()).toBe(3);
  });

  it("gets a new token and sends the call once more after a 401, but only once", async () => {
    let refusals = 1;
    const script = scripted({
      "GET /events": () =>
        refusals-- > 0
          ? Response.json(
              { type: "/rest/problems/unauthorized", title: "Authentication is required", status: 401 },
              { status: 401, headers: { "content-type": "application/problem+json" } },
            )
          : Response.json({ data: {}, next: "e1", more: false }),
    });
    await expect(client(script.fetch).pollEvents()).resolves.toMatchObject({ next: "e1" });
    expect(script.tokenRequests()).toBe(2);
    const tokens = script.sent.filter((request) => request.path === "/events").map((request) => request.headers.get("authorization"));
    expect(tokens[0]).not.toBe(tokens[1]);

    refusals = 5;
    const error = await client(script.fetch)
      .pollEvents()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceRequestError);
    expect((error as ServiceRequestError).status).toBe(401);
    expect(script.sent.filter((request) => request.path === "/events")).toHaveLength(4);
  });

  it("explains refused credentials without the apicode", async () => {
    const script = scripted({ "POST /token": () => Response.json({ errorId: 2, errorText: "Unknown cid or wrong apicode." }, { status: 400 }) });
    const error = (await client(script.fetch)
      .pollEvents()
      .catch((caught: unknown) => caught)) as ServiceRequestError;
    expect(error).toBeInstanceOf(ServiceRequestError);
    expect(error).toMatchObject({ status: 400, errorId: 2, path: "/token", problem: { type: CLIENT_PROBLEM_TYPES.tokenRefused } });
    expect(error.problem.detail).toContain("demo-fin");
    expect(JSON.stringify({ message: error.message, problem: error.problem })).not.toContain(APICODE);
    // A refusal is not cached: the next call asks again.
    await client(script.fetch)
      .pollEvents()
      .catch(() => undefined);
    expect(script.tokenRequests()).toBe(2);
  });
});

describe("requests", () => {
  it("sends a User-Agent, and a base URL's trailing slash does not double", async () => {
    const script = scripted({ "GET /events": () => Response.json({ data: {}, next: "e0", more: false }) });
    await client(script.fetch).pollEvents({ cursor: "e5", limit: 10, types: ["payment", "lcstatus"] });
    const poll = script.sent.find((request) => request.path.startsWith("/events"))!;
    expect(poll.path).toBe("/events?after=e5&limit=10&types=payment%2Clcstatus");
    expect(poll.headers.get("user-agent")).toBe(DEFAULT_USER_AGENT);
  });

  it("gives up after the timeout with status 0", async () => {
    const script = scripted({
      "GET /events": (_, signal) => new Promise<Response>((_resolve, reject) => signal?.addEventListener("abort", () => reject(signal.reason))),
    });
    const error = (await client(script.fetch, { timeoutMs: 50 })
      .pollEvents()
      .catch((caught: unknown) => caught)) as ServiceRequestError;
    expect(error).toBeInstanceOf(ServiceRequestError);
    expect(error).toMatchObject({ status: 0, problem: { type: CLIENT_PROBLEM_TYPES.timeout } });
  });

  it("rejects with the caller's own abort reason", async () => {
    const script = scripted({
      "GET /events": (_, signal) => new Promise<Response>((_resolve, reject) => signal?.addEventListener("abort", () => reject(signal.reason))),
    });
    const controller = new AbortController();
    const call = client(script.fetch).pollEvents({}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user left")), 20);
    await expect(call).rejects.toThrow("user left");
  });

  it("names a service it cannot reach", async () => {
    const fetch = (async () => {
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });
    }) as typeof globalThis.fetch;
    const error = (await client(fetch)
      .pollEvents()
      .catch((caught: unknown) => caught)) as ServiceRequestError;
    expect(error).toMatchObject({ status: 0, path: "/token", problem: { type: CLIENT_PROBLEM_TYPES.unreachable } });
    expect(error.problem.detail).toBe(`Could not reach ${BASE} (ECONNREFUSED).`);
  });

  it("refuses an answer the interface does not describe", async () => {
    const script = scripted({
      "GET /events": () => new Response("<html>login</html>", { headers: { "content-type": "text/html" } }),
      "POST /jobs/preview": () => new Response("<html>login</html>", { headers: { "content-type": "text/html" } }),
      "POST /profile/createprofile": () => Response.json({ status: "created" }),
    });
    await expect(client(script.fetch).pollEvents()).rejects.toMatchObject({ status: 200, problem: { type: CLIENT_PROBLEM_TYPES.unexpectedAnswer } });
    await expect(client(script.fetch).preview({})).rejects.toMatchObject({ problem: { detail: "Expected a PDF, got text/html." } });
    await expect(client(script.fetch).createProfile({ customer_info: { business_id: "1" }, contact_person: { email: "a@b.example" } })).rejects.toMatchObject({
      problem: { type: CLIENT_PROBLEM_TYPES.unexpectedAnswer, detail: expect.stringContaining("customerId") as unknown },
    });
  });

  it("reads no receiver as null, and refuses bad arguments before sending", async () => {
    const script = scripted({});
    await expect(client(script.fetch).getReceiver()).resolves.toBeNull();
    await expect(client(script.fetch).deleteReceiver()).resolves.toBe(false);
    await expect(client(script.fetch).jobPdf(0)).rejects.toThrow(TypeError);
    await expect(client(script.fetch).postJobs([{ ownref: "a" }], { idempotencyKey: "has space" })).rejects.toThrow(TypeError);
    expect(() => new ServiceClient({ baseUrl: "fin-test/rest", cid: "c", apicode: "a" })).toThrow(TypeError);
  });
});

describe("postJobs", () => {
  it("posts nothing for no items", async () => {
    const script = scripted({});
    await expect(client(script.fetch).postJobs([])).resolves.toEqual({ result: [], errors: [], accepted: 0 });
    expect(script.sent).toHaveLength(0);
  });

  it("splits, numbers the keys, reports progress and merges with errors indexed into the whole list", async () => {
    const script = scripted({ "POST /jobs": acceptingJobs });
    const items = Array.from({ length: 1500 }, (_, n) => ({ ownref: n === 1200 ? "bad-1200" : `job-${n}` }));
    const progress: unknown[] = [];
    const answer = await client(script.fetch).postJobs(items, { idempotencyKey: "k", onProgress: (step) => progress.push(step) });
    const posts = script.sent.filter((request) => request.path === "/jobs");
    expect(posts.map((request) => request.headers.get("idempotency-key"))).toEqual(["k-1", "k-2"]);
    expect(posts.map((request) => request.headers.get("content-type"))).toEqual(["application/json", "application/json"]);
    expect(progress).toEqual([
      { sent: 1000, total: 1500, accepted: 1000 },
      { sent: 1500, total: 1500, accepted: 1499 },
    ]);
    expect(answer.accepted).toBe(1499);
    expect(answer.result.map((record) => record.ownref)).toEqual(items.map((item) => item.ownref));
    expect(answer.errors).toEqual([{ index: 1200, field: "paydate", code: "invalid", message: "bad" }]);
  });

  it("hands back what earlier requests stored when a later one fails", async () => {
    let posts = 0;
    const script = scripted({
      "POST /jobs": (request) =>
        ++posts === 1
          ? acceptingJobs(request, undefined)
          : Response.json(
              { type: "/rest/problems/unavailable", title: "Temporarily unavailable", status: 503 },
              { status: 503, headers: { "content-type": "application/problem+json", "retry-after": "2" } },
            ),
    });
    const items = Array.from({ length: 1001 }, (_, n) => ({ ownref: `job-${n}` }));
    const error = (await client(script.fetch)
      .postJobs(items, { idempotencyKey: "k" })
      .catch((caught: unknown) => caught)) as ServiceRequestError;
    expect(error).toBeInstanceOf(ServiceRequestError);
    expect(error.status).toBe(503);
    expect(error.retryAfterSeconds).toBe(2);
    expect(error.partial?.accepted).toBe(1000);
    expect(error.partial?.result).toHaveLength(1000);
  });

  it("throws a refused request (422 problem) but returns a 422 result record", async () => {
    const script = scripted({
      "POST /jobs": () =>
        Response.json(
          { type: "/rest/problems/idempotency-key-reused", title: "The Idempotency-Key was used with another request", status: 422 },
          { status: 422, headers: { "content-type": "application/problem+json" } },
        ),
    });
    await expect(client(script.fetch).postJobs([{ ownref: "a" }], { idempotencyKey: "k" })).rejects.toMatchObject({
      status: 422,
      problem: { type: "/rest/problems/idempotency-key-reused" },
    });
    const rejecting = scripted({ "POST /jobs": acceptingJobs });
    await expect(client(rejecting.fetch).postJobs([{ ownref: "bad" }])).resolves.toMatchObject({ accepted: 0, errors: [{ index: 0 }] });
  });

  it("refuses an answer with another number of result records than jobs", async () => {
    const script = scripted({ "POST /jobs": () => Response.json({ result: [result()], errors: [], accepted: 1 }) });
    await expect(client(script.fetch).postJobs([{ ownref: "a" }, { ownref: "b" }])).rejects.toMatchObject({
      problem: { type: CLIENT_PROBLEM_TYPES.unexpectedAnswer },
    });
  });

  it("refuses a job too large for any request without sending anything", async () => {
    const script = scripted({});
    // Three bytes a character: over 64 MiB of JSON in fewer characters to measure.
    const huge = { ownref: "huge", info: "€".repeat(22 * 1024 * 1024) };
    await expect(client(script.fetch).postJobs([{ ownref: "a" }, huge])).rejects.toMatchObject({
      status: 413,
      problem: { type: CLIENT_PROBLEM_TYPES.tooLarge },
    });
    expect(script.sent).toHaveLength(0);
  }, 30_000);
});
