import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A real event receiver for tests and benchmarks: a node:http server on 127.0.0.1 with a webhook
 * and an OAuth 2.0 token endpoint (client_secret_post). It keeps every batch by id, as a receiver
 * that dedupes would, and every POST as it came. Faults are injected per request from a queue.
 */

type Fault =
  | { kind: "ok"; status?: number; delayMs?: number }
  | { kind: "server_error"; status?: number; retryAfter?: string }
  | { kind: "client_error"; status?: number }
  | { kind: "unauthorized" }
  | { kind: "hang" }
  | { kind: "reset" };

interface ReceivedPost {
  id: string;
  at: number;
  authorization: string | null;
  status: number | "hang" | "reset";
  body: { created_at: string; id: string; data: Record<string, unknown[]> };
}

export interface WebhookReceiver {
  url: string;
  tokenUrl: string;
  /** Batches by id, each kept once (the first copy), as a deduping receiver stores them. */
  batches: Map<string, ReceivedPost["body"]>;
  posts: ReceivedPost[];
  tokenRequests: URLSearchParams[];
  /** Queue faults for the next webhook requests; when empty, requests are answered 200. */
  enqueue(...faults: Fault[]): void;
  /** Queue failures of the next token requests (server_error or hang); when empty, the token endpoint answers as configured. */
  enqueueToken(...faults: Extract<Fault, { kind: "server_error" | "hang" }>[]): void;
  clearFaults(): void;
  /** The most requests that were being answered at one time. */
  maxInFlight(): number;
  /** Called with every stored batch; for latency measurements. */
  onBatch?: (body: ReceivedPost["body"], at: number) => void;
  close(): Promise<void>;
}

interface ReceiverOptions {
  basic?: { username: string; password: string };
  oauth?: { clientId: string; clientSecret: string; scope?: string; expiresIn?: number };
  /** Delay of every 2xx answer, so overlapping senders would show. */
  delayMs?: number;
}

function readAll(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function problem(response: ServerResponse, status: number, title: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/problem+json", ...headers });
  response.end(JSON.stringify({ type: "about:blank", title, status, detail: `${title} (injected by the test receiver)` }));
}

export async function startWebhookReceiver(options: ReceiverOptions = {}): Promise<WebhookReceiver> {
  const faults: Fault[] = [];
  const tokenFaults: Extract<Fault, { kind: "server_error" | "hang" }>[] = [];
  const issuedTokens = new Set<string>();
  const hanging = new Set<ServerResponse>();
  let inFlight = 0;
  let maxInFlight = 0;

  const receiver: WebhookReceiver = {
    url: "",
    tokenUrl: "",
    batches: new Map(),
    posts: [],
    tokenRequests: [],
    enqueue: (...more) => faults.push(...more),
    enqueueToken: (...more) => tokenFaults.push(...more),
    clearFaults: () => {
      faults.splice(0);
      tokenFaults.splice(0);
    },
    maxInFlight: () => maxInFlight,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function token(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readAll(request));
    receiver.tokenRequests.push(form);
    const fault = tokenFaults.shift();
    if (fault?.kind === "hang") {
      hanging.add(response);
      return;
    }
    if (fault) return problem(response, fault.status ?? 503, "Service Unavailable");
    const oauth = options.oauth;
    const fine =
      oauth &&
      request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") &&
      form.get("grant_type") === "client_credentials" &&
      form.get("client_id") === oauth.clientId &&
      form.get("client_secret") === oauth.clientSecret &&
      (oauth.scope === undefined || form.get("scope") === oauth.scope);
    if (!fine) {
      response.writeHead(401, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: "invalid_client" }));
      return;
    }
    const accessToken = `token-${randomUUID()}`;
    issuedTokens.add(accessToken);
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ token_type: "Bearer", access_token: accessToken, expires_in: oauth.expiresIn ?? 3600 }));
  }

  function authorised(header: string | undefined): boolean {
    if (options.basic) {
      const expected = `Basic ${Buffer.from(`${options.basic.username}:${options.basic.password}`).toString("base64")}`;
      return header === expected;
    }
    const bearer = /^Bearer (.+)$/.exec(header ?? "")?.[1];
    return bearer !== undefined && issuedTokens.has(bearer);
  }

  async function webhook(request: IncomingMessage, response: ServerResponse) {
    const text = await readAll(request);
    const body = JSON.parse(text) as ReceivedPost["body"];
    const fault = faults.shift() ?? { kind: "ok" };
    const post: ReceivedPost = { id: body.id, at: Date.now(), authorization: request.headers.authorization ?? null, status: 200, body };
    receiver.posts.push(post);
    if (!authorised(request.headers.authorization)) {
      post.status = 401;
      return problem(response, 401, "Unauthorized");
    }
    switch (fault.kind) {
      case "ok": {
        const delay = fault.delayMs ?? options.delayMs ?? 0;
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        if (!receiver.batches.has(body.id)) {
          receiver.batches.set(body.id, body);
          receiver.onBatch?.(body, Date.now());
        }
        post.status = fault.status ?? 200;
        response.writeHead(post.status, { "Content-Type": "application/json" });
        return response.end(JSON.stringify({ stored: body.id }));
      }
      case "server_error":
        post.status = fault.status ?? 503;
        return problem(response, post.status, "Service Unavailable", fault.retryAfter ? { "Retry-After": fault.retryAfter } : {});
      case "client_error":
        post.status = fault.status ?? 422;
        return problem(response, post.status, "Unprocessable batch");
      case "unauthorized":
        // The token in use is revoked: the sender has to fetch a new one.
        issuedTokens.delete(/^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "");
        post.status = 401;
        return problem(response, 401, "Unauthorized");
      case "hang":
        post.status = "hang";
        hanging.add(response);
        return;
      case "reset":
        post.status = "reset";
        request.socket.destroy();
        return;
    }
  }

  const server = createServer((request, response) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on("close", () => {
      inFlight -= 1;
    });
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const handle = request.method === "POST" && path === "/token" ? token : request.method === "POST" && path === "/webhook" ? webhook : null;
    if (!handle) {
      response.writeHead(404).end();
      return;
    }
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/webhook`;
  receiver.tokenUrl = `http://127.0.0.1:${port}/token`;
  return receiver;
}
