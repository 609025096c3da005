import { z } from "zod";

import type { Db } from "../../db/client";
import type { Clock } from "../../platform/clock";
import { readBoundedBody } from "../../platform/read-bounded-body";
import { seal, unseal } from "../../platform/secrets";

/*
 * The Authorization header for a receiver. OAuth 2.0 client credentials with client_secret_post,
 * exactly as the specification's Authentication section says; the access token is kept encrypted
 * on the receiver until a minute before it expires, and fetched again when the webhook answers 401.
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

const tokenResponseSchema = z.looseObject({
  token_type: z.string().refine((value) => value.toLowerCase() === "bearer", { error: "must be Bearer" }),
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive().optional(),
});

/** Tokens are renewed this long before they expire, so none runs out while a batch is on its way. */
const EXPIRY_MARGIN_MS = 60_000;
/** A token endpoint that gives no expires_in: the token is used for this long. */
const DEFAULT_TOKEN_LIFETIME_S = 300;

export async function authorizationFor(
  db: Db,
  receiver: ReceiverCredentials,
  clock: Clock,
  options: { fetch: typeof fetch; timeoutMs: number; forceRefresh?: boolean },
): Promise<string> {
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
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (receiver.scope) form.set("scope", receiver.scope);
  form.set("client_id", receiver.clientId ?? "");
  form.set("client_secret", secret);
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
  let parsed: z.output<typeof tokenResponseSchema>;
  try {
    const read = await readBoundedBody(response, TOKEN_RESPONSE_MAX_BYTES);
    if (!read.ok) throw new Error(`token answer over ${TOKEN_RESPONSE_MAX_BYTES} bytes`);
    parsed = tokenResponseSchema.parse(JSON.parse(read.bytes.toString("utf8")));
  } catch {
    throw new TokenError("token endpoint answered without token_type Bearer and access_token", response.status, statusLine(response));
  }
  const expiresAt = new Date(now.getTime() + (parsed.expires_in ?? DEFAULT_TOKEN_LIFETIME_S) * 1000);
  const accessTokenEncrypted = seal(parsed.access_token);
  await db.eventReceiver.update({ where: { id: receiver.id }, data: { accessTokenEncrypted, accessTokenExpiresAt: expiresAt } });
  receiver.accessTokenEncrypted = accessTokenEncrypted;
  receiver.accessTokenExpiresAt = expiresAt;
  return `Bearer ${parsed.access_token}`;
}

/** "422 Unprocessable Entity": what GET /events/batches shows of an answer, never its body. */
export function statusLine(response: Pick<Response, "status" | "statusText">): string {
  // A status text is the peer's words: printable ASCII only, and short.
  return `${response.status} ${response.statusText.replace(/[^\x20-\x7e]/g, "").slice(0, 60)}`.trim();
}

/** A token answer is a few hundred bytes; one that will not end is cut off and fails to parse. */
const TOKEN_RESPONSE_MAX_BYTES = 64 * 1024;

/** A failed request in words that name no secret: the error's kind and cause code. */
export function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError" || error.name === "AbortError") return "timed out";
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // The policy's own words name the address and why; they hold no secret.
    if (cause?.code === "ERR_ADDRESS_REFUSED") return `connection refused: ${cause.message}`;
    return cause?.code ? `${error.message} (${cause.code})` : error.message;
  }
  return String(error);
}
