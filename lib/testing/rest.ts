import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { getDb } from "../db/client";
import { DEMO_CREDITORS, seedDemoProfiles } from "../service/profiles/seed-demo-profiles";
import { environment as environmentById, type EnvironmentId } from "../spec/environments";

/*
 * Calling the REST route handlers as a client would, without a server: a Request goes in, a
 * Response comes out. Paths are written as a client writes them (/fin-test/rest/jobs), and the
 * handlers resolve the environment from them exactly as behind the real server.
 */

type Handler = (request: Request) => Promise<Response>;

interface CallOptions {
  body?: unknown;
  raw?: BodyInit;
  headers?: Record<string, string>;
  token?: string;
  method?: string;
}

export async function call(handler: Handler, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return handler(new Request(`http://localhost${path}`, { method: options.method ?? "POST", headers, body }));
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Seeds the demo profiles and returns a token for one of them. */
export async function demoToken(environment: EnvironmentId = "fin-test"): Promise<string> {
  await seedDemoProfiles(getDb());
  const { POST } = await import("../../app/rest/token/route");
  const country = environment.split("-")[0];
  const response = await call(POST, `/${environment}/rest/token`, { body: { cid: `demo-${country}`, apicode: `demo-${country}-apicode` } });
  if (response.status !== 201) throw new Error(`token: ${response.status} ${await response.text()}`);
  return (await json<{ token: string }>(response)).token;
}

/** A profile of its own for a test, with a token: for tenant isolation and profile settings. */
export async function profileWithToken(
  environment: EnvironmentId,
  options: { referenceFormat?: "national" | "rf"; referenceLength?: number | null; createCustomerApi?: boolean } = {},
): Promise<{ id: string; cid: string; token: string }> {
  const { randomUUID } = await import("node:crypto");
  const { hashApicode } = await import("../platform/secret-hash");
  const id = randomUUID();
  const cid = `test-${id.slice(0, 8)}`;
  const apicode = `apicode-${id}`;
  await getDb().profile.create({
    data: {
      id,
      environment,
      cid,
      apicodeHash: await hashApicode(apicode),
      status: "created",
      businessId: "2617416-4",
      name: "Test profile",
      // A production profile needs an account its debtors pay to (intake/payee-account.ts); a test
      // environment's keeps none, as the API's tests always had, its documents naming the profile alone.
      creditor: environmentById(environment).isTest
        ? undefined
        : { ...DEMO_CREDITORS[environmentById(environment).country], name: "Test profile", businessId: "2617416-4" },
      createCustomerApi: options.createCustomerApi ?? false,
      referenceFormat: options.referenceFormat ?? "national",
      referenceLength: options.referenceLength ?? null,
    },
  });
  const { POST } = await import("../../app/rest/token/route");
  const response = await call(POST, `/${environment}/rest/token`, { body: { cid, apicode } });
  if (response.status !== 201) throw new Error(`token: ${response.status} ${await response.text()}`);
  return { id, cid, token: (await json<{ token: string }>(response)).token };
}

/**
 * The route handlers behind a real server on 127.0.0.1, as a portal's connection reaches a service:
 * each request's path, less `/fin-test/rest`, picks its handler by pattern (404 when none does).
 * Answers the base URL a connection is given, and closes the server with its open connections.
 */
export async function serveRoutes(routes: readonly [RegExp, Handler][]): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
      const path = url.pathname.replace(/^\/fin-test\/rest/, "");
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
      const handler = routes.find(([pattern]) => pattern.test(path))?.[1];
      const request = new Request(`http://localhost${url.pathname}`, {
        method: incoming.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      const response = handler ? await handler(request) : new Response(null, { status: 404 });
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/fin-test/rest`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
