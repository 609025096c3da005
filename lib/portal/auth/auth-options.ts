import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";

import { getDb } from "../../db/client";
import { getEnv } from "../../env";
import { log } from "../../log";
import { clientAddress } from "../../platform/client-address";
import { deriveKey } from "../../platform/secrets";

import { checkPassword } from "./check-password";
import { credentialsSchema } from "./sign-in-schema";

/*
 * Sign-in with e-mail and password (next-auth's credentials provider). The session is a signed,
 * encrypted cookie holding only the user's id; every page and action reads the user again
 * (session.ts), so a changed role or a removed user takes effect at once, not when the cookie ends.
 * The cookie also holds the user's session version at sign-in: a password change raises it, which
 * ends every other session of the user at once (session.ts); the session that made the change is
 * issued anew under the new version (session-cookie.ts).
 */

let options: NextAuthOptions | undefined;

/** The claims this portal adds to next-auth's token. */
export interface PortalToken {
  sub?: string;
  /** PortalUser.sessionVersion when the session signed in; absent in a cookie issued before it was kept, read as 0. */
  sessionVersion?: number;
}

export const SESSION_MAX_AGE_S = 8 * 60 * 60;

/**
 * The session cookie, named and set as next-auth's default would (secure and __Secure- prefixed on
 * https), but stated here so that a session issued anew after a password change lands in the same
 * cookie next-auth reads.
 */
export function sessionCookie(): { name: string; options: { httpOnly: true; sameSite: "lax"; path: "/"; secure: boolean } } {
  const secure = getEnv().PUBLIC_BASE_URL.startsWith("https://");
  return { name: `${secure ? "__Secure-" : ""}next-auth.session-token`, options: { httpOnly: true, sameSite: "lax", path: "/", secure } };
}

export function authOptions(): NextAuthOptions {
  if (options) return options;
  const env = getEnv();
  // next-auth v4 reads its own address from the process environment only, so the one validated
  // setting is handed to it there, over any NEXTAUTH_URL of the environment: the address next-auth
  // redirects to and the session cookie's Secure flag (sessionCookie) must follow one setting.
  // eslint-disable-next-line no-restricted-properties
  process.env.NEXTAUTH_URL = env.PUBLIC_BASE_URL;
  options = {
    secret: deriveKey("portal-session").toString("base64url"),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    cookies: { sessionToken: sessionCookie() },
    pages: { signIn: "/sign-in" },
    logger: {
      error: (code) => log.warn("next-auth", { code }),
      warn: (code) => log.debug("next-auth", { code }),
      debug: () => {},
    },
    providers: [
      CredentialsProvider({
        name: "E-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(raw, request) {
          const parsed = credentialsSchema.safeParse(raw);
          if (!parsed.success) return null;
          const headers = (request?.headers ?? {}) as Record<string, string | string[] | undefined>;
          const forwardedFor = [headers["x-forwarded-for"]].flat().join(",");
          const client = clientAddress(forwardedFor, getEnv().TRUSTED_PROXY_HOPS);
          const check = await checkPassword(getDb(), parsed.data.email, parsed.data.password, new Date(), client);
          if (!check.ok) return null;
          return { id: check.userId, email: parsed.data.email, sessionVersion: check.sessionVersion };
        },
      }),
    ],
    callbacks: {
      jwt: ({ token, user }) => (user ? { ...token, sub: user.id, sessionVersion: (user as { sessionVersion?: number }).sessionVersion ?? 0 } : token),
      session: ({ session, token }) => ({ ...session, userId: token.sub, sessionVersion: (token as PortalToken).sessionVersion }),
    },
  };
  return options;
}
