import { describe, expect, it } from "vitest";

import { clientCredentialsForm, receiverTokenAnswerSchema, receiverTokenRequestSchema } from "../../spec/receiver-token";

import { tokenAnswer, tokenError } from "./token-request";

/* The service as client and the portal's receiver as token endpoint speak the one exchange of lib/spec. */

describe("the receiver's token exchange", () => {
  it("accepts at the portal's endpoint the form the service sends", () => {
    const form = clientCredentialsForm({ clientId: "portal-org-1", clientSecret: "s3cret with space", scope: "events" });
    const parsed = receiverTokenRequestSchema.parse(Object.fromEntries(form));
    expect(parsed).toEqual({ grant_type: "client_credentials", client_id: "portal-org-1", client_secret: "s3cret with space", scope: "events" });
    expect(clientCredentialsForm({ clientId: "a", clientSecret: "b", scope: null }).has("scope")).toBe(false);
  });

  it("answers a token the service reads as a Bearer with its lifetime", async () => {
    const response = tokenAnswer({ access_token: "token-1", expires_in: 3600, scope: "events" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    const answer = receiverTokenAnswerSchema.parse(await response.json());
    expect(answer).toMatchObject({ token_type: "Bearer", access_token: "token-1", expires_in: 3600 });
  });

  it("answers an error the service cannot take for a token", async () => {
    const response = tokenError("invalid_client", "Unknown client or wrong secret.");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Basic /);
    expect(receiverTokenAnswerSchema.safeParse(await response.json()).success).toBe(false);
  });

  it("takes token_type in any case and ignores members it does not know, as RFC 6749 §5.1 asks", () => {
    expect(receiverTokenAnswerSchema.parse({ token_type: "bearer", access_token: "x", refresh_hint: 1 })).toMatchObject({ access_token: "x" });
    expect(receiverTokenAnswerSchema.parse({ token_type: "Bearer", access_token: "x", scope: null }).access_token).toBe("x");
    expect(receiverTokenAnswerSchema.parse({ token_type: "Bearer", access_token: "x", scope: ["events"] }).access_token).toBe("x");
    expect(receiverTokenAnswerSchema.parse({ token_type: "Bearer", access_token: "x", expires_in: null }).expires_in).toBeUndefined();
    expect(receiverTokenAnswerSchema.parse({ token_type: "Bearer", access_token: "x", expires_in: "3600" }).expires_in).toBe(3600);
    expect(receiverTokenAnswerSchema.safeParse({ token_type: "mac", access_token: "x" }).success).toBe(false);
  });
});
