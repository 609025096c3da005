import { errors as joseErrors, jwtVerify } from "jose";

import type { Tx } from "../../db/client";
import type { Profile } from "../../db/generated/sqlite/client";
import type { Clock } from "../../platform/clock";
import { tokenKey } from "../../platform/secrets";
import type { Environment } from "../../spec/environments";
import { ServiceError } from "../errors";

export const TOKEN_ISSUER = "nordic-receivables";

export interface Principal {
  profile: Profile;
  environment: Environment;
}

const unauthorized = (detail: string) => new ServiceError("unauthorized", detail, { headers: { "WWW-Authenticate": 'Bearer realm="rest"' } });

/**
 * The profile behind `Authorization: Bearer <token>`. The token must have been issued by this
 * environment (its audience) to a profile that still exists and is active, and not before its
 * current apicode was issued.
 */
export async function authenticate(db: Tx, authorization: string | null, environment: Environment, clock: Clock): Promise<Principal> {
  const match = authorization?.match(/^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i);
  if (!match?.[1]) throw unauthorized("Send the token from POST /token as Authorization: Bearer <token>.");
  let subject: string | undefined;
  let issuedAt = 0;
  try {
    const { payload } = await jwtVerify(match[1], await tokenKey(), {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      audience: environment.id,
      currentDate: clock.now(),
    });
    subject = payload.sub;
    issuedAt = payload.iat ?? 0;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw unauthorized("The token has expired; get a new one from POST /token.");
    if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === "aud") {
      throw unauthorized(`The token was issued by another environment; get one from this environment's POST /token (${environment.id}).`);
    }
    throw unauthorized("The token is not valid.");
  }
  const profile = subject ? await profileById(db, subject) : null;
  if (!profile || profile.environment !== environment.id || profile.status !== "created") {
    throw unauthorized("The profile of this token is not active.");
  }
  // A new apicode (support's rotation after a leak) ends every token of the old one, not only new sign-ins.
  if (profile.apicodeIssuedAt && issuedAt < Math.floor(profile.apicodeIssuedAt.getTime() / 1000)) {
    throw unauthorized("The token was issued before the profile's apicode changed; get a new one from POST /token.");
  }
  return { profile, environment };
}

/**
 * The profile row by its id, as the model query would give it. A raw statement: every
 * authenticated REST request reads it, and Prisma 6 compiles a model query anew on the thread that
 * answers requests each time, several times the cost of running it. The driver adapters map the
 * row's types (dates, JSON, booleans, BigInt) as the model does; verify-token.api.test.ts holds the
 * two equal on both engines.
 */
export async function profileById(db: Tx, id: string): Promise<Profile | null> {
  const rows = await db.$queryRaw<Profile[]>`SELECT * FROM "Profile" WHERE "id" = ${id}`;
  return rows[0] ?? null;
}
