import { isIP } from "node:net";

/*
 * The address of the client that sent a request, for rate limits. Route handlers do not see the
 * socket, so the app appends the connected peer to every request's X-Forwarded-For
 * (forwarded-for.ts), and the address is read from the right: each proxy in front of the app
 * (TRUSTED_PROXY_HOPS, configured by the operator) appends the address it saw, and the entry that
 * many places before the peer is the one the nearest trusted party wrote. With no proxy it is the
 * peer itself, whatever the client wrote.
 */

export function clientAddress(forwardedFor: string | null | undefined, trustedHops: number): string {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const chosen = entries[Math.max(0, entries.length - 1 - trustedHops)];
  if (!chosen) return "unknown";
  // IPv4-mapped IPv6 is the IPv4 client; anything that is not an address is kept as written.
  const bare = chosen.replace(/^::ffff:/i, "");
  return isIP(bare) ? bare.toLowerCase() : chosen.slice(0, 100);
}
