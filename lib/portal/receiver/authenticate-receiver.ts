import type { Db } from "../../db/client";

import { organizationForBasic } from "./receiver-credentials";
import { verifyAccessToken } from "./receiver-tokens";

/*
 * Who is delivering: the Authorization header of a POST to the receiver, with HTTP Basic or a
 * bearer token from the receiver's own token endpoint. Either names one organization; a bearer
 * token counts only while its client id is still the organization's (rotation revokes it).
 */

type ReceiverCaller = { ok: true; organizationId: string; scheme: "basic" | "bearer" } | { ok: false; presented: "none" | "basic" | "bearer" | "other" };

/** RFC 7617 user-pass from a Basic credential; null when it is not one. */
export function parseBasic(credential: string): { username: string; password: string } | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credential)) return null;
  const decoded = Buffer.from(credential, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export async function authenticateReceiver(db: Db, header: string | null): Promise<ReceiverCaller> {
  if (!header) return { ok: false, presented: "none" };
  // Auth schemes are case-insensitive (RFC 9110 §11.1).
  const match = /^([A-Za-z]+) +(\S+)\s*$/.exec(header);
  const scheme = match?.[1]?.toLowerCase();
  const credential = match?.[2] ?? "";
  if (scheme === "basic") {
    const pair = parseBasic(credential);
    const organizationId = pair ? await organizationForBasic(db, pair.username, pair.password) : null;
    return organizationId ? { ok: true, organizationId, scheme: "basic" } : { ok: false, presented: "basic" };
  }
  if (scheme === "bearer") {
    const claims = await verifyAccessToken(credential);
    if (!claims) return { ok: false, presented: "bearer" };
    const current = await db.portalReceiver.findUnique({ where: { organizationId: claims.organizationId }, select: { clientId: true } });
    if (!current || current.clientId !== claims.clientId) return { ok: false, presented: "bearer" };
    return { ok: true, organizationId: claims.organizationId, scheme: "bearer" };
  }
  return { ok: false, presented: "other" };
}
