import type { z } from "zod";

import type { receiverTokenAnswerSchema, ReceiverTokenErrorCode } from "../../spec/receiver-token";

/*
 * The answers of the portal receiver's OAuth 2.0 token endpoint: a token (RFC 6749 §5.1) or an error
 * (§5.2). What a request and an answer hold is the interface's, in lib/spec/receiver-token.ts.
 */

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

export function tokenError(error: ReceiverTokenErrorCode, description: string): Response {
  const status = error === "invalid_client" ? 401 : 400;
  const headers: Record<string, string> = { "Content-Type": "application/json", ...NO_STORE };
  // §5.2: a 401 answers with the scheme the client may authenticate with.
  if (status === 401) headers["WWW-Authenticate"] = 'Basic realm="status events token endpoint", charset="UTF-8"';
  return new Response(JSON.stringify({ error, error_description: description }), { status, headers });
}

export function tokenAnswer(body: { access_token: string; expires_in: number; scope?: string }): Response {
  const answer = { token_type: "Bearer", ...body } satisfies z.input<typeof receiverTokenAnswerSchema>;
  return new Response(JSON.stringify(answer), { status: 200, headers: { "Content-Type": "application/json", ...NO_STORE } });
}
