import { cookies } from "next/headers";
import { decode, encode } from "next-auth/jwt";

import { authOptions, SESSION_MAX_AGE_S, sessionCookie, type PortalToken } from "./auth-options";

/**
 * The session cookie's value issued anew under the user's new session version, for the session
 * that changed the password: every other session of the user is refused from then on
 * (session.ts), this one stays signed in. Null when the value is no session of this user (the
 * action's own session check has passed, so only a cookie that changed meanwhile is left).
 */
export async function reissuedSession(value: string | undefined, userId: string, sessionVersion: number): Promise<string | null> {
  const secret = authOptions().secret ?? "";
  const token = value ? await decode({ token: value, secret }).catch(() => null) : null;
  if (!token || token.sub !== userId) return null;
  return encode({ token: { ...token, sessionVersion } satisfies PortalToken, secret, maxAge: SESSION_MAX_AGE_S });
}

/** In a server action: keeps the request's session signed in under the user's new session version. */
export async function keepThisSession(userId: string, sessionVersion: number): Promise<void> {
  const jar = await cookies();
  const { name, options } = sessionCookie();
  const value = await reissuedSession(jar.get(name)?.value, userId, sessionVersion);
  if (value) jar.set(name, value, { ...options, maxAge: SESSION_MAX_AGE_S });
}
