import { z } from "zod";

import { ruleMessage } from "../../spec/rules";

/*
 * The token request of the receiver's OAuth 2.0 token endpoint (RFC 6749 §4.4, client credentials)
 * and the error answers of §5.2. Every parameter is a string from a form body; anything not named
 * here is ignored, as §3.2 asks of unrecognised parameters.
 */

// RFC 6749 §3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ), tokens separated by single spaces.
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/;
// RFC 6749 Appendix A: client ids and secrets are visible ASCII (VSCHAR).
const vschar = z
  .string()
  .regex(/^[\x20-\x7e]+$/, { error: "must be visible ASCII characters" })
  .max(500);

export const tokenRequestSchema = z.object({
  grant_type: z.string({ error: ruleMessage("required") }).min(1, { error: ruleMessage("required") }),
  client_id: vschar.optional(),
  client_secret: vschar.optional(),
  scope: z.string().regex(SCOPE, { error: "must be space-separated scope tokens" }).max(1000).optional(),
});

type TokenErrorCode = "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope";

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

export function tokenError(error: TokenErrorCode, description: string): Response {
  const status = error === "invalid_client" ? 401 : 400;
  const headers: Record<string, string> = { "Content-Type": "application/json", ...NO_STORE };
  // §5.2: a 401 answers with the scheme the client may authenticate with.
  if (status === 401) headers["WWW-Authenticate"] = 'Basic realm="status events token endpoint", charset="UTF-8"';
  return new Response(JSON.stringify({ error, error_description: description }), { status, headers });
}

export function tokenAnswer(body: { access_token: string; expires_in: number; scope?: string }): Response {
  return new Response(JSON.stringify({ token_type: "Bearer", ...body }), { status: 200, headers: { "Content-Type": "application/json", ...NO_STORE } });
}
