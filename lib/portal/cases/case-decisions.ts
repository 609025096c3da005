import { ACTION_FROM } from "@/lib/spec/case-actions";

/*
 * Which decisions the portal offers on a case, by its phase: a pure table the case page (a client
 * component) and the server actions share. What a phase allows is the interface's own table
 * (ACTION_FROM, the one the service decides by); the service checks every decision again.
 */

export const PORTAL_CASE_ACTIONS = [
  "approve",
  "discard",
  "hold",
  "release",
  "dispute",
  "resolve-dispute",
  "end-proceedings",
  "terminate",
  "legal",
  "postcollection",
  "reschedule",
  "restructuring",
  "bankruptcy",
] as const;
export type PortalCaseAction = (typeof PORTAL_CASE_ACTIONS)[number];

/** The way back out of a held (100) or disputed (80) case: the one decision offered there. */
const WAY_BACK: Readonly<Record<number, PortalCaseAction>> = { 100: "release", 80: "resolve-dispute" };

/** The decisions that fit a case in `code`; none for a closed case (its phase allows none) or a letter (301). */
export function actionsFor(code: number | null, jobtype: number | null): PortalCaseAction[] {
  if (code === null || jobtype === 301) return [];
  if (WAY_BACK[code]) return [WAY_BACK[code]];
  return PORTAL_CASE_ACTIONS.filter((action) => ACTION_FROM[action].includes(code));
}
