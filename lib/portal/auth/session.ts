import { forbidden, redirect } from "next/navigation";
import { getServerSession } from "next-auth";

import { getDb } from "../../db/client";
import { portalProblem } from "../http/problem-details";
import { localeSchema, type Locale } from "../i18n/locale";
import { keyed, messageText } from "../i18n/messages";

import { authOptions } from "./auth-options";
import { mayAct, roleSchema, type Role } from "./roles";

export interface PortalUser {
  id: string;
  organizationId: string;
  email: string;
  name: string;
  role: Role;
  locale: Locale;
}

type UserRow = Pick<PortalUser, "id" | "organizationId" | "email" | "name"> & { role: string; locale: string; sessionVersion: number | bigint };

/**
 * The signed-in user, read from the database on every call; null without a valid session, and for a
 * session signed in before the user's password last changed (its session version is behind). A raw
 * statement: every page and portal API request reads it, and a model query is compiled anew on the
 * thread that answers requests each time (Prisma 6), about four times the cost of running it.
 */
export async function getPortalUser(): Promise<PortalUser | null> {
  const session = (await getServerSession(authOptions())) as { userId?: string; sessionVersion?: number } | null;
  if (!session?.userId) return null;
  const rows = await getDb().$queryRaw<UserRow[]>`
    SELECT "id", "organizationId", "email", "name", "role", "locale", "sessionVersion" FROM "PortalUser" WHERE "id" = ${session.userId}`;
  const row = rows[0];
  if (!row || Number(row.sessionVersion) !== (session.sessionVersion ?? 0)) return null;
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    name: row.name,
    role: roleSchema.catch("viewer").parse(row.role),
    locale: localeSchema.catch("eng").parse(row.locale),
  };
}

/**
 * For pages and server actions: the user, or a redirect to sign-in without a session (401's
 * equivalent for a page), or the 403 page when the role is not enough.
 */
export async function requireUser(needed: Role = "viewer"): Promise<PortalUser> {
  const user = await getPortalUser();
  if (!user) redirect("/sign-in");
  if (!mayAct(user.role, needed)) forbidden();
  return user;
}

/** For route handlers, which answer with status codes instead of pages. */
export async function userForRoute(needed: Role = "viewer"): Promise<{ user: PortalUser } | { response: Response }> {
  const user = await getPortalUser();
  if (!user) return { response: portalProblem(401, "Sign in first.") };
  if (!mayAct(user.role, needed)) return { response: portalProblem(403, messageText(keyed("roleMayNot"), user.locale), user.locale) };
  return { user };
}
