import { getDb } from "@/lib/db/client";
import { errorFields, log } from "@/lib/log";
import { uncached } from "@/lib/platform/cache-control";
import { mediaTypeOf } from "@/lib/platform/media-type";
import { timedRoute } from "@/lib/platform/metrics";
import { readBoundedBody } from "@/lib/platform/read-bounded-body";
import { parseBasic } from "@/lib/portal/receiver/authenticate-receiver";
import { organizationForClient } from "@/lib/portal/receiver/receiver-credentials";
import { issueAccessToken } from "@/lib/portal/receiver/receiver-tokens";
import { tokenAnswer, tokenError } from "@/lib/portal/receiver/token-request";
import { receiverTokenRequestSchema } from "@/lib/spec/receiver-token";

/*
 * The OAuth 2.0 token endpoint of the status-event receiver: client credentials grant, the client
 * authenticated with client_secret_post (the specification's way) or client_secret_basic (which
 * RFC 6749 §2.3.1 asks every server to support). The token it issues is good for an hour at
 * POST /api/webhooks/events.
 */

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 16 * 1024;

function decodeFormComponent(value: string): string {
  // RFC 6749 §2.3.1: client_secret_basic form-encodes the id and secret before base64.
  return decodeURIComponent(value.replace(/\+/g, " "));
}

export const POST = timedRoute(
  "/api/webhooks/token",
  uncached(async (request: Request): Promise<Response> => {
    const mediaType = mediaTypeOf(request.headers);
    if (mediaType !== "application/x-www-form-urlencoded") return tokenError("invalid_request", "The request must be application/x-www-form-urlencoded.");
    const body = await readBoundedBody(request, MAX_BODY_BYTES);
    if (!body.ok) return tokenError("invalid_request", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);

    const form = new URLSearchParams(body.bytes.toString("utf8"));
    const raw: Record<string, string> = {};
    for (const [key, value] of form) {
      // §3.2: parameters must not be included more than once.
      if (key in raw) return tokenError("invalid_request", `The parameter ${key} is given more than once.`);
      raw[key] = value;
    }
    const parsed = receiverTokenRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? "request");
      return tokenError(field === "scope" ? "invalid_scope" : "invalid_request", `${field} ${issue.message}.`);
    }
    const input = parsed.data;
    if (input.grant_type !== "client_credentials") return tokenError("unsupported_grant_type", "Only the client_credentials grant is supported.");

    let clientId = input.client_id;
    let clientSecret = input.client_secret;
    const authorization = request.headers.get("authorization");
    if (authorization) {
      const basic = /^basic +(\S+)\s*$/i.exec(authorization);
      const pair = basic ? parseBasic(basic[1]!) : null;
      if (!pair) return tokenError("invalid_client", "The Authorization header is not HTTP Basic client authentication.");
      // §2.3: a client uses one authentication method per request.
      if (clientSecret !== undefined) return tokenError("invalid_request", "Authenticate the client either in the body or with HTTP Basic, not both.");
      try {
        clientId = decodeFormComponent(pair.username);
        clientSecret = decodeFormComponent(pair.password);
      } catch {
        return tokenError("invalid_client", "The HTTP Basic credentials are not form-encoded.");
      }
    }
    if (!clientId || !clientSecret) return tokenError("invalid_client", "client_id and client_secret are required (client_secret_post).");

    try {
      const organizationId = await organizationForClient(getDb(), clientId, clientSecret);
      if (!organizationId) return tokenError("invalid_client", "Unknown client or wrong secret.");
      const token = await issueAccessToken(organizationId, clientId);
      return tokenAnswer({ access_token: token.accessToken, expires_in: token.expiresIn, ...(input.scope ? { scope: "events" } : {}) });
    } catch (error) {
      log.error("receiver token endpoint failed", errorFields(error));
      return new Response(JSON.stringify({ error: "server_error", error_description: "The token could not be issued; try again." }), {
        status: 500,
        headers: { "Content-Type": "application/json" },
      });
    }
  }),
);
