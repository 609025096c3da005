import { isIP } from "node:net";

/*
 * The address of the client that sent a request, for rate limits. Route handlers do not see the
 * socket; `next start` puts its remote address in X-Forwarded-For when the request has none, and
 * keeps one the client sent. So the address is read from the right: each proxy in front of the
 * app (TRUSTED_PROXY_HOPS, configured by the operator) appends the address it saw, and the entry
 * that many places from the end is the one a trusted party wrote. Without proxies a client can
 * write its own header: limits keyed by address then slow one client, and the per-user limits
 * still hold.
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
