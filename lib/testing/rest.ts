import { getDb } from "../db/client";
import { seedDemoProfiles } from "../service/profiles/seed-demo-profiles";
import type { EnvironmentId } from "../spec/environments";

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
