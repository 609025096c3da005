import { z } from "zod";

/*
 * The portal's roles, each allowed everything the one below it may do: a viewer reads cases, a
 * clerk also posts jobs and saves drafts, an admin also manages connections, the receiver and
 * onboarding of customer profiles.
 */

export const ROLES = ["viewer", "clerk", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

export function mayAct(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}
