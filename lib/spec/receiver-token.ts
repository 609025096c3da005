import { z } from "zod";

import { missingMember } from "./problems";

/*
 * The OAuth 2.0 exchange between the service and a receiver the API user runs (the specification's
 * Authentication section): the service, as client, asks the receiver's token endpoint for a token
 * with the client credentials grant and client_secret_post (RFC 6749 §4.4, §2.3.1), and sends the
 * token it gets as a Bearer on each POST. Both sides read this module: the service's dispatcher
 * (lib/service/events/receiver-auth.ts) and the portal's own receiver (app/api/webhooks/token).
 */

// RFC 6749 §3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ), tokens separated by single spaces.
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/;
// RFC 6749 Appendix A: client ids and secrets are visible ASCII (VSCHAR).
const vschar = z
  .string()
  .regex(/^[\x20-\x7e]+$/, { error: "must be visible ASCII characters" })
  .max(500);

/** The token request as a token endpoint reads its form body; parameters not named here are ignored (§3.2). */
export const receiverTokenRequestSchema = z.object({
  grant_type: z.string({ error: missingMember }).min(1, { error: missingMember }),
  client_id: vschar.optional(),
  client_secret: vschar.optional(),
  scope: z.string().regex(SCOPE, { error: "must be space-separated scope tokens" }).max(1000).optional(),
});

/** The form the service sends: client credentials, the client authenticated in the body (client_secret_post). */
export function clientCredentialsForm(credentials: { clientId: string; clientSecret: string; scope: string | null }): URLSearchParams {
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (credentials.scope) form.set("scope", credentials.scope);
  form.set("client_id", credentials.clientId);
  form.set("client_secret", credentials.clientSecret);
  return form;
}

/**
 * A successful token answer (§5.1). token_type is matched without regard to case (§5.1: "case
 * insensitive"); members not named here are ignored, whatever their form (a scope given as null or
 * a list by some endpoints must not cost a token). Without expires_in the client decides how long
 * to use the token.
 */
export const receiverTokenAnswerSchema = z.looseObject({
  token_type: z.string().refine((value) => value.toLowerCase() === "bearer", { error: "must be Bearer" }),
  access_token: z.string().min(1),
  // An expires_in that is not a positive whole number of seconds (null, "soon") is as none given.
  expires_in: z.coerce.number().int().positive().optional().catch(undefined),
});

/** The error codes of a token endpoint's error answer (§5.2). */
export type ReceiverTokenErrorCode =
  "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope";
