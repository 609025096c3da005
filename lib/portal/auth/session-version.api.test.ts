import { randomUUID } from "node:crypto";

import type { Session } from "next-auth";
import { decode, encode, type JWT } from "next-auth/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { getDb } from "../../db/client";
import { changePassword } from "../account/change-password";

import { authOptions, SESSION_MAX_AGE_S } from "./auth-options";
import { checkPassword } from "./check-password";
import { hashPassword } from "./passwords";
import { reissuedSession } from "./session-cookie";

/*
 * A password change ends the user's other sessions and keeps the one that made it. Sessions are
 * real next-auth cookies: signed in through the portal's credentials provider and jwt callback,
 * encoded with the portal's secret, and read back through its session callback; only the request
 * that carries the cookie is a stand-in.
 */

let cookie: string | undefined;
vi.mock("next-auth", () => ({
  getServerSession: async () => {
    if (!cookie) return null;
    const options = authOptions();
    const token = await decode({ token: cookie, secret: options.secret ?? "" });
    if (!token) return null;
    const session = options.callbacks?.session as unknown as (params: { session: Session; token: JWT }) => Session;
    return session({ session: { expires: new Date(Date.now() + 60_000).toISOString() }, token });
  },
}));

const { getPortalUser } = await import("./session");

const organizationId = randomUUID();
const userId = randomUUID();
const email = `sessions-${userId}@example.test`;

/** Signs in as the portal's sign-in form does, and answers the session cookie's value. */
async function signIn(password: string): Promise<string> {
  const options = authOptions();
  const provider = options.providers[0] as unknown as { options: { authorize: (raw: object, request: object) => Promise<{ id: string } | null> } };
  const user = await provider.options.authorize({ email, password }, { headers: { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 200)}` } });
  if (!user) throw new Error("sign-in refused");
  const jwt = options.callbacks?.jwt as unknown as (params: { token: JWT; user: object }) => JWT;
  return encode({ token: jwt({ token: { email }, user }), secret: options.secret ?? "", maxAge: SESSION_MAX_AGE_S });
}

async function userOf(value: string): Promise<string | null> {
  cookie = value;
  return (await getPortalUser())?.id ?? null;
}

beforeAll(async () => {
  const db = getDb();
  await db.portalOrganization.create({ data: { id: organizationId, name: "Sessions Oy" } });
  await db.portalUser.create({ data: { id: userId, organizationId, email, name: "S", role: "clerk", passwordHash: await hashPassword("first-password-1") } });
});

describe("a password change", () => {
  it("ends every other session of the user at once, and the changing session, issued anew, stays signed in", async () => {
    const otherBrowser = await signIn("first-password-1");
    const thisBrowser = await signIn("first-password-1");
    expect(await userOf(otherBrowser)).toBe(userId);
    expect(await userOf(thisBrowser)).toBe(userId);

    const version = await changePassword(getDb(), userId, { current: "first-password-1", next: "second-password-2", confirm: "second-password-2" });
    const reissued = await reissuedSession(thisBrowser, userId, version);

    expect(await userOf(otherBrowser)).toBeNull();
    expect(await userOf(thisBrowser)).toBeNull();
    expect(reissued).not.toBeNull();
    expect(await userOf(reissued ?? "")).toBe(userId);
    // A new sign-in with the new password is a session like any other.
    expect(await userOf(await signIn("second-password-2"))).toBe(userId);
  });

  it("issues anew only a session of the same user", async () => {
    const session = await signIn("second-password-2");
    expect(await reissuedSession(session, randomUUID(), 7)).toBeNull();
    expect(await reissuedSession("not-a-session", userId, 7)).toBeNull();
    expect(await reissuedSession(undefined, userId, 7)).toBeNull();
  });

  it("lets a session issued before versions were kept (no version in it) stand until the first change", async () => {
    const db = getDb();
    const id = randomUUID();
    await db.portalUser.create({
      data: { id, organizationId, email: `legacy-${id}@example.test`, name: "L", role: "viewer", passwordHash: await hashPassword("legacy-password-1") },
    });
    const legacy = await encode({ token: { sub: id }, secret: authOptions().secret ?? "", maxAge: SESSION_MAX_AGE_S });
    expect(await userOf(legacy)).toBe(id);
    await changePassword(db, id, { current: "legacy-password-1", next: "legacy-password-2", confirm: "legacy-password-2" });
    expect(await userOf(legacy)).toBeNull();
  });

  it("is the only thing that ends sessions: failed sign-ins by someone else lock sign-in but sign nobody out", async () => {
    const db = getDb();
    const { sessionVersion: before } = await db.portalUser.findUniqueOrThrow({ where: { id: userId } });
    const session = await signIn("second-password-2");
    for (let n = 0; n < 8; n++) await checkPassword(db, email, "a-guess", new Date(), `203.0.113.${n}`);
    expect(await db.portalUser.findUniqueOrThrow({ where: { id: userId } })).toMatchObject({ sessionVersion: before });
    expect((await db.portalUser.findUniqueOrThrow({ where: { id: userId } })).signInLockedUntil?.getTime()).toBeGreaterThan(Date.now());
    expect(await userOf(session)).toBe(userId);
  });
});
