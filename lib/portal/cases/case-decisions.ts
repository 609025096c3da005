/*
 * Which decisions the portal offers on a case, by its phase: a pure table the case page (a client
 * component) and the server actions share. The service checks every decision again and answers
 * 409 when the phase does not allow it.
 */

/** Which decisions the portal offers, by the phase a case is in (the service checks them again). */
export const PORTAL_CASE_ACTIONS = ["hold", "release", "dispute", "resolve-dispute", "terminate", "legal"] as const;
export type PortalCaseAction = (typeof PORTAL_CASE_ACTIONS)[number];

const CLOSED = new Set([101, 102, 103, 104, 108]);
const LEGAL_FROM = new Set([2, 16, 203]);

/** The decisions that fit a case in `code`; none for a closed case or a letter (301). */
export function actionsFor(code: number | null, jobtype: number | null): PortalCaseAction[] {
  if (code === null || CLOSED.has(code) || jobtype === 301 || code === 301) return [];
  if (code === 100) return ["release"];
  if (code === 80) return ["resolve-dispute"];
  return ["hold", "dispute", "terminate", ...(LEGAL_FROM.has(code) ? (["legal"] as const) : [])];
}
