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
 */

let options: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  if (options) return options;
  const env = getEnv();
  // next-auth v4 reads its own address from the process environment only, so the one validated
  // setting is handed to it there.
  // eslint-disable-next-line no-restricted-properties
  process.env.NEXTAUTH_URL ??= env.PUBLIC_BASE_URL;
  options = {
    secret: deriveKey("portal-session").toString("base64url"),
    session: { strategy: "jwt", maxAge: 8 * 60 * 60 },
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
          return { id: check.userId, email: parsed.data.email };
        },
      }),
    ],
    callbacks: {
      jwt: ({ token, user }) => (user ? { ...token, sub: user.id } : token),
      session: ({ session, token }) => ({ ...session, userId: token.sub }),
    },
  };
  return options;
}
