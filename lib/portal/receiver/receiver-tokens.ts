import { randomUUID } from "node:crypto";

import { errors, jwtVerify, SignJWT } from "jose";

import { deriveKey } from "../../platform/secrets";

/*
 * Access tokens of the receiver's OAuth 2.0 token endpoint: JWTs signed with HS256 under a key of
 * their own, derived from the app's data key, so nothing else the app signs (the service's API
 * tokens, the portal's sessions) is ever accepted here, nor these anywhere else. The token names
 * the client id it was issued to: rotating the credentials changes the client id, and with it
 * every token issued before stops working.
 */

export const ACCESS_TOKEN_LIFETIME_S = 60 * 60;
const ISSUER = "nordic-receivables-portal";
const AUDIENCE = "portal-receiver";

let cachedKey: Uint8Array | undefined;
const signingKey = () => (cachedKey ??= new Uint8Array(deriveKey("portal-receiver-access-tokens")));

interface AccessToken {
  accessToken: string;
  expiresIn: number;
}

export async function issueAccessToken(organizationId: string, clientId: string, now: Date = new Date()): Promise<AccessToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const accessToken = await new SignJWT({ client_id: clientId, scope: "events" })
    .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(organizationId)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_LIFETIME_S)
    .sign(signingKey());
  return { accessToken, expiresIn: ACCESS_TOKEN_LIFETIME_S };
}

/** The organization and client a valid token was issued to; null for anything else (expired, forged, malformed). */
export async function verifyAccessToken(token: string, now: Date = new Date()): Promise<{ organizationId: string; clientId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
      typ: "at+jwt",
      currentDate: now,
      requiredClaims: ["sub", "exp", "client_id"],
    });
    if (typeof payload.sub !== "string" || typeof payload.client_id !== "string") return null;
    return { organizationId: payload.sub, clientId: payload.client_id };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
