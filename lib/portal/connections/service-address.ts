import { isIP } from "node:net";

/*
 * Which addresses a connection may point the portal's requests at. A provider's environment is a
 * public https address; the embedded service is this app itself. Anything else on the local
 * network (loopback, private ranges, link-local such as a cloud's metadata address) would let an
 * admin use the portal to reach what only the server can see, so it is refused. Host names are
 * judged as written: a name that resolves to a private address is the DNS operator's doing, and
 * the deployment's egress rules are the place to stop that.
 */

function isPrivateIpv4(address: string): boolean {
  const [a, b] = address.split(".").map(Number) as [number, number];
  return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
}

function isPrivateIpv6(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower === "::1" || lower === "::") return true;
  if (lower.startsWith("::ffff:")) {
    const rest = lower.slice(7);
    // The URL parser writes an IPv4-mapped address in hex: ::ffff:10.0.0.1 becomes ::ffff:a00:1.
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
    if (!hex) return isPrivateIpv4(rest);
    const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return isPrivateIpv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return /^(fc|fd|fe8|fe9|fea|feb)/.test(lower);
}

function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return true;
  if (isIP(host) === 4) return isPrivateIpv4(host);
  if (isIP(host) === 6) return isPrivateIpv6(host);
  return false;
}

/** Why a connection may not use this address, or null when it may. */
export function serviceAddressProblem(baseUrl: string, ownBaseUrl: string, production: boolean): string | null {
  const url = new URL(baseUrl);
  const own = new URL(ownBaseUrl);
  if (url.host === own.host) return null;
  if (isLocalHost(url.hostname)) return "Use the provider's public address; addresses on the local network are not allowed.";
  if (production && url.protocol !== "https:") return "A production environment is reached over https.";
  return null;
}
