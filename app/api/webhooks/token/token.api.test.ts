import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { ACCESS_TOKEN_LIFETIME_S, verifyAccessToken } from "@/lib/portal/receiver/receiver-tokens";
import { basicHeader, createTestOrganization } from "@/lib/testing/organization-fixture";

import { POST as token } from "./route";

const FORM = "application/x-www-form-urlencoded";

function request(fields: Record<string, string> | string, headers: Record<string, string> = {}) {
  const body = typeof fields === "string" ? fields : new URLSearchParams(fields).toString();
  return token(new Request("http://localhost/api/webhooks/token", { method: "POST", headers: { "content-type": FORM, ...headers }, body }));
}

async function error(response: Response) {
  expect(response.headers.get("content-type")).toBe("application/json");
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as { error: string; error_description: string };
}

describe("POST /api/webhooks/token (RFC 6749 client credentials)", () => {
  it("issues an hour's bearer token to client_secret_post, not to be cached", async () => {
    const org = await createTestOrganization(getDb());
    const response = await request({ grant_type: "client_credentials", client_id: org.credentials.clientId, client_secret: org.credentials.clientSecret });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("pragma")).toBe("no-cache");
    const body = (await response.json()) as { token_type: string; access_token: string; expires_in: number };
    expect(body).toEqual({ token_type: "Bearer", access_token: expect.any(String), expires_in: ACCESS_TOKEN_LIFETIME_S });
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ sub: org.organizationId, aud: "portal-receiver", client_id: org.credentials.clientId });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(await verifyAccessToken(body.access_token)).toEqual({ organizationId: org.organizationId, clientId: org.credentials.clientId });
    expect(await verifyAccessToken(body.access_token, new Date(Date.now() + 3601_000))).toBeNull();
  });

  it("also takes client_secret_basic and an optional scope, and ignores unknown parameters", async () => {
    const org = await createTestOrganization(getDb());
    const response = await request(
      { grant_type: "client_credentials", scope: "events", unknown: "x" },
      { authorization: basicHeader(org.credentials.clientId, org.credentials.clientSecret) },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: "Bearer", scope: "events" });
  });

  it("answers invalid_client with 401 for a wrong secret, an unknown client or none", async () => {
    const org = await createTestOrganization(getDb());
    const attempts: Record<string, string>[] = [
      { grant_type: "client_credentials", client_id: org.credentials.clientId, client_secret: "wrong" },
      { grant_type: "client_credentials", client_id: "unknown", client_secret: org.credentials.clientSecret },
      { grant_type: "client_credentials", client_id: org.credentials.basicUsername, client_secret: org.credentials.basicPassword },
      { grant_type: "client_credentials" },
    ];
    for (const fields of attempts) {
      const response = await request(fields);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Basic");
      expect((await error(response)).error).toBe("invalid_client");
    }
  });

  it("answers invalid_request, unsupported_grant_type and invalid_scope with 400", async () => {
    const org = await createTestOrganization(getDb());
    const client = { client_id: org.credentials.clientId, client_secret: org.credentials.clientSecret };
    const missing = await request(client);
    expect(missing.status).toBe(400);
    expect(await error(missing)).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("grant_type") });
    const password = await request({ grant_type: "password", username: "u", password: "p", ...client });
    expect(password.status).toBe(400);
    expect((await error(password)).error).toBe("unsupported_grant_type");
    const twice = await request(
      `grant_type=client_credentials&grant_type=client_credentials&client_id=${client.client_id}&client_secret=${client.client_secret}`,
    );
    expect((await error(twice)).error).toBe("invalid_request");
    const json = await token(
      new Request("http://localhost/api/webhooks/token", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ grant_type: "client_credentials", ...client }),
      }),
    );
    expect(json.status).toBe(400);
    expect((await error(json)).error).toBe("invalid_request");
    const both = await request({ grant_type: "client_credentials", ...client }, { authorization: basicHeader(client.client_id, client.client_secret) });
    expect((await error(both)).error).toBe("invalid_request");
    const scope = await request({ grant_type: "client_credentials", scope: 'bad"scope', ...client });
    expect(scope.status).toBe(400);
    expect((await error(scope)).error).toBe("invalid_scope");
  });
});
