import { z } from "zod";

import type { Db } from "../../db/client";
import type { Clock } from "../../platform/clock";
import { readBoundedBody } from "../../platform/read-bounded-body";
import { seal, unseal } from "../../platform/secrets";
import { clientCredentialsForm, receiverTokenAnswerSchema } from "../../spec/receiver-token";

import { outcomeOf, retryAfterMs, tokenOutcomeOf } from "./retry-schedule";

/*
 * The Authorization header for a receiver the service calls: the event receiver, and a partner's
 * apicode receiver (profiles/apikey-delivery.ts). OAuth 2.0 client credentials with
 * client_secret_post, exactly as the specification's Authentication section says; the access token
 * is kept encrypted on the receiver's row (saveToken) until a minute before it expires, and fetched
 * again when the receiver answers 401.
 */

export interface ReceiverCredentials {
  id: string;
  scheme: string;
  tokenUrl: string | null;
  clientId: string | null;
  scope: string | null;
  username: string | null;
  secretEncrypted: string;
  accessTokenEncrypted: string | null;
  accessTokenExpiresAt: Date | null;
}

/**
 * The token endpoint failed. `status` and `response` are its answer (null when it gave none); the
 * dispatcher retries a transient failure and parks the batch when the credentials were refused
 * (retry-schedule.ts tokenOutcomeOf).
 */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly response: string | null,
  ) {
    super(message);
    this.name = "TokenError";
  }
}

/** Tokens are renewed this long before they expire, so none runs out while a batch is on its way. */
const EXPIRY_MARGIN_MS = 60_000;
/** A token endpoint that gives no expires_in: the token is used for this long. */
const DEFAULT_TOKEN_LIFETIME_S = 300;

interface AuthorizationOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  forceRefresh?: boolean;
  /** Keeps a fetched access token on the receiver's own row, sealed. */
  saveToken: (accessTokenEncrypted: string, expiresAt: Date) => Promise<unknown>;
}

/** The event receiver's token, kept on its EventReceiver row. */
export const eventReceiverTokenSaver = (db: Db, receiverId: string) => (accessTokenEncrypted: string, accessTokenExpiresAt: Date) =>
  db.eventReceiver.update({ where: { id: receiverId }, data: { accessTokenEncrypted, accessTokenExpiresAt } });

async function authorizationFor(receiver: ReceiverCredentials, clock: Clock, options: AuthorizationOptions): Promise<string> {
  const secret = unseal(receiver.secretEncrypted);
  if (receiver.scheme === "basic") return `Basic ${Buffer.from(`${receiver.username ?? ""}:${secret}`, "utf8").toString("base64")}`;
  const now = clock.now();
  if (
    !options.forceRefresh &&
    receiver.accessTokenEncrypted &&
    receiver.accessTokenExpiresAt &&
    receiver.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > now.getTime()
  ) {
    return `Bearer ${unseal(receiver.accessTokenEncrypted)}`;
  }
  const form = clientCredentialsForm({ clientId: receiver.clientId ?? "", clientSecret: secret, scope: receiver.scope });
  let response: Response;
  try {
    response = await options.fetch(receiver.tokenUrl ?? "", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: form.toString(),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: "manual",
    });
  } catch (error) {
    throw new TokenError(`token endpoint unreachable: ${describeFailure(error)}`, null, null);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new TokenError(`token endpoint answered ${response.status}`, response.status, statusLine(response));
  }
  let parsed: z.output<typeof receiverTokenAnswerSchema>;
  try {
    const read = await readBoundedBody(response, TOKEN_RESPONSE_MAX_BYTES);
    if (!read.ok) throw new Error(`token answer over ${TOKEN_RESPONSE_MAX_BYTES} bytes`);
    parsed = receiverTokenAnswerSchema.parse(JSON.parse(read.bytes.toString("utf8")));
  } catch {
    throw new TokenError("token endpoint answered without token_type Bearer and access_token", response.status, statusLine(response));
  }
  const expiresAt = new Date(now.getTime() + (parsed.expires_in ?? DEFAULT_TOKEN_LIFETIME_S) * 1000);
  const accessTokenEncrypted = seal(parsed.access_token);
  await options.saveToken(accessTokenEncrypted, expiresAt);
  receiver.accessTokenEncrypted = accessTokenEncrypted;
  receiver.accessTokenExpiresAt = expiresAt;
  return `Bearer ${parsed.access_token}`;
}

/** "422 Unprocessable Entity": what GET /events/batches shows of an answer, never its body. */
function statusLine(response: Pick<Response, "status" | "statusText">): string {
  // A status text is the peer's words: printable ASCII only, and short.
  return `${response.status} ${response.statusText.replace(/[^\x20-\x7e]/g, "").slice(0, 60)}`.trim();
}

/** A token answer is a few hundred bytes; one that will not end is cut off and fails to parse. */
const TOKEN_RESPONSE_MAX_BYTES = 64 * 1024;

/** A failed request in words that name no secret: the error's kind and cause code. */
function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError" || error.name === "AbortError") return "timed out";
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // The policy's own words name the address and why; they hold no secret.
    if (cause?.code === "ERR_ADDRESS_REFUSED") return `connection refused: ${cause.message}`;
    return cause?.code ? `${error.message} (${cause.code})` : error.message;
  }
  return String(error);
}

/** One POST to a receiver and what its answer means (retry-schedule.ts outcomeOf). */
export interface Attempt {
  status: number | null;
  error: string | null;
  /** The answer's status line, never its body. */
  response: string | null;
  retryAfterMs?: number;
  outcome: "delivered" | "retry" | "park";
}

/**
 * POSTs a JSON body to a receiver with its credentials: a 401 with OAuth gets a fresh token and one
 * more try; redirects are not followed (a POST with credentials must not wander to another address).
 */
export async function postToReceiver(
  receiver: ReceiverCredentials & { url: string },
  body: string,
  options: { clock: Clock; fetch: typeof fetch; timeoutMs: number; saveToken: AuthorizationOptions["saveToken"] },
): Promise<Attempt> {
  const { clock, fetch } = options;
  let refreshed = false;
  for (;;) {
    let authorization: string;
    try {
      authorization = await authorizationFor(receiver, clock, { fetch, timeoutMs: options.timeoutMs, forceRefresh: refreshed, saveToken: options.saveToken });
    } catch (error) {
      if (error instanceof TokenError) return { status: error.status, error: error.message, response: error.response, outcome: tokenOutcomeOf(error.status) };
      throw error;
    }
    let response: Response;
    try {
      response = await fetch(receiver.url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: authorization },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: "manual",
      });
    } catch (error) {
      return { status: null, error: `receiver unreachable: ${describeFailure(error)}`, response: null, outcome: "retry" };
    }
    // Only the status line is kept: a receiver's body is the receiver's business, and showing it
    // would turn the service into a reader of whatever the address answers.
    await response.body?.cancel().catch(() => undefined);
    const outcome = outcomeOf(response.status, receiver.scheme, refreshed);
    if (outcome === "refresh_token") {
      refreshed = true;
      continue;
    }
    return {
      status: response.status,
      error: outcome === "delivered" ? null : `receiver answered ${response.status}`,
      response: outcome === "delivered" ? null : statusLine(response),
      retryAfterMs: retryAfterMs(response.headers.get("retry-after"), clock.now()),
      outcome,
    };
  }
}
