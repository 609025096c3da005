import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as catchAllRoute from "@/app/rest/[...path]/route";
import * as receiverRoute from "@/app/rest/events/receiver/route";
import * as eventsRoute from "@/app/rest/events/route";
import * as ibanRoute from "@/app/rest/iban/route";
import * as jobPdfRoute from "@/app/rest/jobs/[jobid]/pdf/route";
import * as jobRoute from "@/app/rest/jobs/[jobid]/route";
import * as localPrintRoute from "@/app/rest/jobs/localprint/route";
import * as previewRoute from "@/app/rest/jobs/preview/route";
import * as jobsRoute from "@/app/rest/jobs/route";
import * as createProfileRoute from "@/app/rest/profile/createprofile/route";
import * as controlRoute from "@/app/rest/reports/control/route";
import * as stockMovementsRoute from "@/app/rest/stock/[code]/movements/route";
import * as stockItemRoute from "@/app/rest/stock/[code]/route";
import * as stockRoute from "@/app/rest/stock/route";
import * as clockRoute from "@/app/rest/testing/clock/route";
import * as paymentsRoute from "@/app/rest/testing/payments/route";
import * as tokenRoute from "@/app/rest/token/route";
import { getDb } from "@/lib/db/client";
import { getSecrets } from "@/lib/platform/secrets";
import { TOKEN_ISSUER } from "@/lib/service/auth/verify-token";
import { seedDemoProfiles } from "@/lib/service/profiles/seed-demo-profiles";
import { envelope, invoice, letter, TINY_PDF } from "@/lib/testing/jobs";
import { profileWithToken } from "@/lib/testing/rest";
import { buildZip } from "@/lib/testing/zip";

import { resetTokenCache } from "./token-cache";

import { isReplayedAnswer, ServiceClient, ServiceRequestError, type PostJobsProgress } from "./index";

/*
 * The client against the service's real route handlers behind a real HTTP server on 127.0.0.1, the
 * way the portal reaches the embedded service: same paths, same headers, same bodies. The server
 * records what arrives and lets a test answer a request itself (a 401, a token of another
 * environment) before the handlers see it.
 */

type Handler = (request: Request) => Promise<Response>;
type RouteModule = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Handler>>;

const ROUTES: [RegExp, RouteModule][] = [
  [/^\/token$/, tokenRoute],
  [/^\/jobs$/, jobsRoute],
  [/^\/jobs\/preview$/, previewRoute],
  [/^\/jobs\/localprint$/, localPrintRoute],
  [/^\/jobs\/[^/]+\/pdf$/, jobPdfRoute],
  [/^\/jobs\/\d+$/, jobRoute],
  [/^\/profile\/createprofile$/, createProfileRoute],
  [/^\/events$/, eventsRoute],
  [/^\/events\/receiver$/, receiverRoute],
  [/^\/testing\/clock$/, clockRoute],
  [/^\/testing\/payments$/, paymentsRoute],
  [/^\/iban$/, ibanRoute],
  [/^\/reports\/control$/, controlRoute],
  [/^\/stock$/, stockRoute],
  [/^\/stock\/[^/]+$/, stockItemRoute],
  [/^\/stock\/[^/]+\/movements$/, stockMovementsRoute],
];

interface Seen {
  method: string;
  /** Below /{environment}/rest. */
  path: string;
  environment: string;
  status: number;
  idempotencyKey: string | null;
  userAgent: string | null;
}

/** A test's own answer to a request, or null to let the route handler answer. */
type Intercept = (request: Request, path: string) => Promise<Response | null> | Response | null;

let server: Server;
let origin: string;
const seen: Seen[] = [];
let intercept: Intercept | null = null;

async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = incoming.method ?? "GET";
  const request = new Request(`${origin}${incoming.url}`, { method, headers, body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks) });
  const url = new URL(request.url);
  const match = /^\/([a-z]{3}-[a-z]{4})\/rest(\/.*)?$/.exec(url.pathname);
  const environment = match?.[1] ?? "";
  const path = match?.[2] ?? url.pathname;
  const routeModule = ROUTES.find(([pattern]) => pattern.test(path))?.[1] ?? (catchAllRoute as RouteModule);
  const handler = routeModule[method as keyof RouteModule];
  const response = (await intercept?.(request.clone(), path)) ?? (handler ? await handler(request) : new Response(null, { status: 405 }));
  seen.push({ method, path, environment, status: response.status, idempotencyKey: headers.get("idempotency-key"), userAgent: headers.get("user-agent") });
  const body = Buffer.from(await response.arrayBuffer());
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(body);
}

const tokenRequests = () => seen.filter((request) => request.path === "/token").length;
const requestsTo = (path: string) => seen.filter((request) => request.path === path);

function demoClient(options: { cid?: string; apicode?: string; environment?: string } = {}) {
  return new ServiceClient({
    baseUrl: `${origin}/${options.environment ?? "fin-test"}/rest`,
    cid: options.cid ?? "demo-fin",
    apicode: options.apicode ?? "demo-fin-apicode",
  });
}

/** A token the real /token of another environment issued: valid, but not here. */
async function sweToken(): Promise<Response> {
  const response = await tokenRoute.POST(
    new Request(`${origin}/swe-test/rest/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ cid: "demo-swe", apicode: "demo-swe-apicode" }),
    }),
  );
  expect(response.status).toBe(201);
  return response;
}

/** Answers the first request that matches, once. */
function once(matches: (path: string, request: Request) => boolean, answer: () => Promise<Response> | Response): Intercept {
  let used = false;
  return (request, path) => {
    if (used || !matches(path, request)) return null;
    used = true;
    return answer();
  };
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";

/** A valid Finnish business id (Y-tunnus) from seven digits. */
function businessId(seed: number): string {
  for (let n = seed; ; n++) {
    const digits = String(n % 10_000_000).padStart(7, "0");
    const sum = [7, 9, 10, 5, 8, 4, 2].reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
    const rest = sum % 11;
    if (rest === 1) continue;
    return `${digits}-${rest === 0 ? 0 : 11 - rest}`;
  }
}

beforeAll(async () => {
  await seedDemoProfiles(getDb());
  server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      outgoing.writeHead(500, { "content-type": "text/plain" });
      outgoing.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  resetTokenCache();
  seen.length = 0;
  intercept = null;
});

describe("tokens", () => {
  it("fetches one token for concurrent calls of every client of the profile and keeps it", async () => {
    const first = demoClient();
    const second = demoClient();
    await Promise.all([first.pollEvents(), second.getReceiver(), first.pollEvents({ limit: 5 }), second.pollEvents()]);
    await first.getReceiver();
    expect(tokenRequests()).toBe(1);
    expect(requestsTo("/events")).toHaveLength(3);
    expect(seen.every((request) => request.userAgent?.startsWith("nordic-receivables-client/"))).toBe(true);
  });

  it("keeps tokens of different environments and cids apart", async () => {
    await demoClient().pollEvents();
    await demoClient({ environment: "swe-test", cid: "demo-swe", apicode: "demo-swe-apicode" }).pollEvents();
    expect(seen.filter((request) => request.path === "/token").map((request) => request.environment)).toEqual(["fin-test", "swe-test"]);
  });

  it("refuses wrong credentials with the service's reason and without the apicode", async () => {
    const error = (await demoClient({ apicode: "not-the-apicode-xyz" })
      .pollEvents()
      .catch((caught: unknown) => caught)) as ServiceRequestError;
    expect(error).toBeInstanceOf(ServiceRequestError);
    expect(error).toMatchObject({ status: 400, errorId: 2, path: "/token" });
    expect(error.problem.detail).toBe("No token for cid demo-fin: Unknown cid or wrong apicode. (errorId 2).");
    expect(`${error.message} ${JSON.stringify(error.problem)}`).not.toContain("not-the-apicode-xyz");
    expect(requestsTo("/events")).toHaveLength(0);
  });

  it("gets a new token when the service refuses one issued by another environment, and posts once more", async () => {
    intercept = once((path) => path === "/token", sweToken);
    const answer = await demoClient().postJobs([invoice({ ownref: "retoken-environment" })]);
    expect(answer.accepted).toBe(1);
    expect(requestsTo("/jobs").map((request) => request.status)).toEqual([401, 200]);
    expect(tokenRequests()).toBe(2);
    expect(await getDb().job.count({ where: { ownref: "retoken-environment" } })).toBe(1);
  });

  it("gets a new token when the cached one has expired", async () => {
    const profile = await getDb().profile.findUniqueOrThrow({ where: { environment_cid: { environment: "fin-test", cid: "demo-fin" } } });
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(TOKEN_ISSUER)
      .setAudience("fin-test")
      .setSubject(profile.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7300)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 100)
      .sign(getSecrets().jwtSecret);
    intercept = once(
      (path) => path === "/token",
      () => Response.json({ token: expired }, { status: 201 }),
    );
    await expect(demoClient().pollEvents()).resolves.toMatchObject({ more: false });
    expect(requestsTo("/events").map((request) => request.status)).toEqual([401, 200]);
  });

  it("resends a call only once when the service keeps answering 401", async () => {
    intercept = (_request, path) =>
      path === "/events/receiver"
        ? Response.json(
            { type: "/rest/problems/unauthorized", title: "Authentication is required", status: 401, detail: "The profile of this token is not active." },
            { status: 401, headers: { "content-type": "application/problem+json" } },
          )
        : null;
    const error = (await demoClient()
      .getReceiver()
      .catch((caught: unknown) => caught)) as ServiceRequestError;
    expect(error).toBeInstanceOf(ServiceRequestError);
    expect(error.status).toBe(401);
    expect(error.problem.detail).toBe("The profile of this token is not active.");
    expect(requestsTo("/events/receiver")).toHaveLength(2);
  });
});

describe("postJobs", () => {
  it("splits 1200 invoices into two requests and merges the answers in order", async () => {
    const items = Array.from({ length: 1200 }, (_, n) => (n === 1100 ? invoice({ ownref: `split-${n}`, payrow: [] }) : invoice({ ownref: `split-${n}` })));
    const progress: PostJobsProgress[] = [];
    const answer = await demoClient().postJobs(items, { idempotencyKey: "client-split", onProgress: (step) => progress.push(step) });

    expect(requestsTo("/jobs").map((request) => [request.status, request.idempotencyKey])).toEqual([
      [200, "client-split-1"],
      [200, "client-split-2"],
    ]);
    expect(progress).toEqual([
      { sent: 1000, total: 1200, accepted: 1000 },
      { sent: 1200, total: 1200, accepted: 1199 },
    ]);
    expect(answer.result).toHaveLength(1200);
    expect(answer.result.map((record) => record.ownref)).toEqual(items.map((item) => item.ownref));
    expect(answer.accepted).toBe(1199);
    expect(answer.result[1100]).toMatchObject({ accepted: 0, jobid: null });
    expect(answer.errors.length).toBeGreaterThan(0);
    expect(answer.errors.every((problem) => problem.index === 1100)).toBe(true);
    const jobids = answer.result.map((record) => record.jobid).filter((id): id is number => id !== null);
    expect(new Set(jobids).size).toBe(1199);

    // The same post again, under the same key, is answered from what was stored: no second set of jobs.
    const again = await demoClient().postJobs(items, { idempotencyKey: "client-split" });
    expect(again.result.map((record) => record.jobid)).toEqual(answer.result.map((record) => record.jobid));
    expect(await getDb().job.count({ where: { ownref: { startsWith: "split-" } } })).toBe(1199);
    // Every request of it was replayed, and the client says so; the first post was not.
    expect(isReplayedAnswer(again)).toBe(true);
    expect(isReplayedAnswer(answer)).toBe(false);
  });

  it("answers a mixed batch with the bad job's record and error in its place", async () => {
    const answer = await demoClient().postJobs([
      invoice({ ownref: "mixed-0" }),
      invoice({ ownref: "mixed-1", paydate: "not a date" }),
      invoice({ ownref: "mixed-2" }),
    ]);
    expect(answer.accepted).toBe(2);
    expect(answer.result.map((record) => record.accepted)).toEqual([1, 0, 1]);
    expect(answer.result[1]!.error?.problems.map((problem) => problem.field)).toContain("paydate");
    expect(answer.errors).toEqual([expect.objectContaining({ index: 1, field: "paydate" })]);
  });

  it("returns the result record of a request in which no job was accepted (422)", async () => {
    const answer = await demoClient().postJobs([invoice({ ownref: "none-0", payrow: [] }), invoice({ ownref: "none-1", paydate: "soon" })]);
    expect(requestsTo("/jobs").map((request) => request.status)).toEqual([422]);
    expect(answer.accepted).toBe(0);
    expect(answer.result.map((record) => record.accepted)).toEqual([0, 0]);
    expect(new Set(answer.errors.map((problem) => problem.index))).toEqual(new Set([0, 1]));
  });

  it("throws the service's 422 problem when a key is reused for other jobs", async () => {
    await demoClient().postJobs([invoice({ ownref: "key-a" })], { idempotencyKey: "client-reused" });
    const error = (await demoClient()
      .postJobs([invoice({ ownref: "key-b" })], { idempotencyKey: "client-reused" })
      .catch((caught: unknown) => caught)) as ServiceRequestError;
    expect(error).toBeInstanceOf(ServiceRequestError);
    expect(error.status).toBe(422);
    expect(error.problem.type).toBe("/rest/problems/idempotency-key-reused");
  });

  it("posts a ZIP package", async () => {
    const zip = await buildZip([
      {
        name: "index.json",
        content: JSON.stringify(envelope(letter({ ownref: "zip-letter", image: { filename: "letter.pdf" } }), invoice({ ownref: "zip-invoice" }))),
      },
      { name: "letter.pdf", content: TINY_PDF },
    ]);
    const answer = await demoClient().postZip(new Uint8Array(zip), { idempotencyKey: "client-zip" });
    expect(answer.result.map((record) => [record.ownref, record.accepted])).toEqual([
      ["zip-letter", 1],
      ["zip-invoice", 1],
    ]);
    expect(requestsTo("/jobs")[0]!.idempotencyKey).toBe("client-zip");
  });
});

describe("documents", () => {
  it("previews a job as a PDF", async () => {
    const pdf = await demoClient().preview(invoice({ ownref: "preview" }));
    expect(isPdf(pdf)).toBe(true);
    expect(await getDb().job.count({ where: { ownref: "preview" } })).toBe(0);
  });

  it("carries the service's problems[] when a preview is refused", async () => {
    const error = (await demoClient()
      .preview(invoice({ paydate: "tomorrow", payrow: [{ desc: "Row", count: "many", amount: "1.00", taxpr: "25.5" }] }))
      .catch((caught: unknown) => caught)) as ServiceRequestError;
    expect(error).toBeInstanceOf(ServiceRequestError);
    expect(error.status).toBe(422);
    expect(error.problem.type).toBe("/rest/problems/invalid-job");
    expect(error.problem.problems?.map((problem) => problem.field)).toEqual(expect.arrayContaining(["paydate", "payrow[0].count"]));
  });

  it("prints a job locally and reads its PDF back", async () => {
    const printed = await demoClient().localPrint(invoice({ ownref: "local-print", pdfname: "Lasku äö" }), { idempotencyKey: "client-localprint" });
    expect(isPdf(printed.pdf)).toBe(true);
    expect(printed.filename).toMatch(/^Lasku äö/);
    expect(printed.jobid).toBeGreaterThan(0);
    expect(printed.reference).toMatch(/^\d+$/);
    expect(printed.replayed).toBe(false);
    const replay = await demoClient().localPrint(invoice({ ownref: "local-print", pdfname: "Lasku äö" }), { idempotencyKey: "client-localprint" });
    expect(replay).toMatchObject({ jobid: printed.jobid, replayed: true });

    expect(isPdf(await demoClient().jobPdf(printed.jobid))).toBe(true);
    await expect(demoClient().jobPdf(999_999_999)).rejects.toMatchObject({ status: 404, problem: { type: "/rest/problems/not-found" } });
  });
});

describe("profiles", () => {
  it("creates a profile that onboarding completes", async () => {
    const answer = await demoClient().createProfile({
      customer_info: { business_id: businessId(1234567) },
      contact_person: { email: "owner@client-test.example" },
    });
    expect(answer.status).toBe("onboarding");
    expect(answer.missing.length).toBeGreaterThan(0);
  });

  it("carries problems[] of a refused profile", async () => {
    const error = (await demoClient()
      .createProfile({ customer_info: { business_id: "" }, contact_person: { email: "not an e-mail" } })
      .catch((caught: unknown) => caught)) as ServiceRequestError;
    expect(error).toBeInstanceOf(ServiceRequestError);
    expect(error.status).toBe(400);
    expect(error.problem.problems?.length).toBeGreaterThan(0);
    expect(error.problem.problems?.map((problem) => problem.field)).toEqual(expect.arrayContaining(["customer_info.business_id"]));
  });
});

describe("events", () => {
  it("sets, reads and removes the receiver", async () => {
    const client = demoClient();
    await expect(client.getReceiver()).resolves.toBeNull();
    const put = await client.putReceiver({ url: "http://127.0.0.1:9/portal-hook", auth: { scheme: "basic", username: "portal", password: "receiver-secret" } });
    expect(put).toMatchObject({ url: "http://127.0.0.1:9/portal-hook", auth: { scheme: "basic", username: "portal", password: "set" } });
    await expect(client.getReceiver()).resolves.toEqual(put);
    await expect(client.deleteReceiver()).resolves.toBe(true);
    await expect(client.getReceiver()).resolves.toBeNull();
  });

  it("carries problems[] of a refused receiver", async () => {
    const error = (await demoClient()
      .putReceiver({ url: "not a url", auth: { scheme: "basic", username: "a:b", password: "p" } })
      .catch((caught: unknown) => caught)) as ServiceRequestError;
    expect(error).toBeInstanceOf(ServiceRequestError);
    expect(error.problem.problems?.map((problem) => problem.field)).toEqual(expect.arrayContaining(["url", "auth.username"]));
  });

  it("reads a job it posted, and answers null for one the profile does not have", async () => {
    const client = demoClient();
    const answer = await client.postJobs([invoice({ ownref: "client-get-job" })]);
    const jobid = answer.result[0]!.jobid!;
    expect(await client.getJob(jobid)).toMatchObject({ jobid, documentid: "client-get-job", jobstatus: 0 });
    expect(await client.getJob(999_999_999)).toBeNull();
  });

  it("calculates an IBAN, and rejects a bad account with the service's problem on it", async () => {
    const client = demoClient();
    expect(await client.calculateIban("123456-785")).toMatchObject({ country: "FIN", iban: "FI2112345600000785", bic: "NDEAFIHH" });
    expect((await client.calculateIban("8601 11 17947", "NOR")).iban).toBe("NO9386011117947");
    await expect(client.calculateIban("123456-786")).rejects.toMatchObject({
      status: 400,
      problem: { problems: [expect.objectContaining({ field: "account" })] },
    });
    await expect(client.calculateIban("9960 0047514", "SWE")).rejects.toMatchObject({ status: 422 });
  });

  it("reads the control list, and refuses a period that ends before it starts", async () => {
    const client = demoClient();
    const list = await client.controlList("2026-01-01", "2026-12-31");
    expect(list).toMatchObject({ environment: "fin-test", from: "2026-01-01", to: "2026-12-31", timeZone: "Europe/Helsinki" });
    for (const currency of list.ledger)
      expect(currency.closing.total).toBeCloseTo(
        currency.movements.reduce((sum, movement) => sum + movement.total, currency.opening.total),
        2,
      );
    await expect(client.controlList("2026-12-31", "2026-01-01")).rejects.toMatchObject({ status: 400 });
  });

  it("defines a stock item, records stock and a count, reads it back, and names a bad member", async () => {
    const client = demoClient();
    const defined = await client.putStockItem("CLIENT-LEAFLET", { name: "Client leaflet", kind: "insert", threshold: 10 });
    expect(defined).toMatchObject({ code: "CLIENT-LEAFLET", level: 0, low: true, documents: ["invoice"] });
    expect(await client.recordStockMovement("CLIENT-LEAFLET", { type: "received", quantity: 40 })).toMatchObject({ level: 40, low: false });
    expect(await client.recordStockMovement("CLIENT-LEAFLET", { type: "counted", level: 38 })).toMatchObject({ level: 38 });
    expect((await client.listStock()).items.find((item) => item.code === "CLIENT-LEAFLET")).toMatchObject({ level: 38 });
    expect((await client.stockItem("CLIENT-LEAFLET")).movements.map((movement) => movement.quantity)).toEqual([-2, 40]);
    await expect(client.putStockItem("CLIENT-LEAFLET", { name: "x", kind: "leaflet" as "insert" })).rejects.toMatchObject({
      status: 400,
      problem: { problems: [expect.objectContaining({ field: "kind" })] },
    });
    await expect(client.stockItem("NO-SUCH")).rejects.toMatchObject({ status: 404 });
  });

  it("looks up many jobs in one request, in the order asked, and names those the profile does not have", async () => {
    const client = demoClient();
    const answer = await client.postJobs([invoice({ ownref: "lookup-a" }), invoice({ ownref: "lookup-b" })]);
    const [a, b] = answer.result.map((record) => record.jobid!);
    const found = await client.lookUpJobs([b!, 999_999_999, a!]);
    expect(found.jobs.map((job) => [job.jobid, job.documentid])).toEqual([
      [b, "lookup-b"],
      [a, "lookup-a"],
    ]);
    expect(found.missing).toEqual([999_999_999]);
    // Another profile's job is missing like one that does not exist.
    expect((await demoClient({ cid: "demo-swe", apicode: "demo-swe-apicode", environment: "swe-test" }).lookUpJobs([a!])).missing).toEqual([a]);
    await expect(client.lookUpJobs(Array.from({ length: 101 }, (_, n) => n + 1))).rejects.toMatchObject({ status: 400 });
    await expect(client.lookUpJobs([a!, a!])).rejects.toMatchObject({ status: 400 });
  });

  it("polls events page by page with the cursor", async () => {
    const client = demoClient();
    const first = await client.pollEvents({ limit: 1 });
    expect(typeof first.next).toBe("string");
    // Every job the tests before posted has its lcstatus: page on until the last page says so.
    let page = await client.pollEvents({ cursor: first.next, limit: 500, types: ["lcstatus", "payment"] });
    let pages = 2;
    while (page.more) {
      expect(page.data.lcstatus?.length ?? 0).toBeGreaterThan(0);
      page = await client.pollEvents({ cursor: page.next, limit: 500, types: ["lcstatus", "payment"] });
      pages += 1;
      expect(pages).toBeLessThan(50);
    }
    expect(page.more).toBe(false);
    const query = seen.filter((request) => request.path === "/events");
    expect(query).toHaveLength(pages);
    await expect(client.pollEvents({ cursor: "not-a-cursor" })).rejects.toMatchObject({ status: 400 });
  });
});

describe("testing endpoints", () => {
  it("moves the profile's clock and simulates a payment", async () => {
    const profile = await profileWithToken("fin-test");
    const client = demoClient({ cid: profile.cid, apicode: `apicode-${profile.id}` });
    const [posted] = (await client.postJobs([invoice({ ownref: "testing-paid" })])).result;
    const before = await client.testing.getClock();
    const moved = await client.testing.advanceClock({ days: 2 });
    expect(moved.offsetseconds - before.offsetseconds).toBe(2 * 86_400);
    await client.testing.advanceClock({ duration: "PT6H" });
    const paid = await client.testing.simulatePayment({ jobid: posted!.jobid!, amount: "10.00" });
    expect(paid).toMatchObject({ status: "booked", jobid: posted!.jobid, amount: 10 });
    await expect(client.testing.simulatePayment({ amount: "1.00" })).rejects.toMatchObject({ status: 400 });
  });
});
