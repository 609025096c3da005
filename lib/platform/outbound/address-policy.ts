import ipaddr from "ipaddr.js";

/*
 * Which network addresses the app may open a connection to when a user chose the address: an
 * API user's event receiver and its token endpoint, a portal connection's service. Only public
 * unicast addresses, so nobody can use the app to reach what only the server can see (its own
 * ports, the database, a cloud's metadata endpoint at 169.254.169.254, the office network).
 *
 * Two exceptions, both the operator's choice, never the user's:
 * - the app's own public origin (PUBLIC_BASE_URL), which anyone outside can reach anyway: the demo
 *   portal receives the embedded service's events there;
 * - ranges on PRIVATE_NETWORK_ALLOWLIST, for test environments only (a developer's receiver on
 *   localhost, a staging network). Production environments never reach a private address.
 *
 * ipaddr.js names the special ranges (IANA's registries); everything but plain unicast is refused,
 * including the IPv6 forms that embed an IPv4 address (mapped, 6to4, NAT64, Teredo) and the
 * deprecated IPv4-compatible ::a.b.c.d, which ipaddr.js would call unicast.
 */

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

export interface AddressPolicy {
  /** Non-public ranges that may still be reached. Empty in production environments. */
  readonly allowed: readonly Cidr[];
  /** Origins (`scheme://host:port`) reached whatever their name resolves to: the app itself. */
  readonly trustedOrigins: ReadonlySet<string>;
}

const RANGE_WORDS: Record<string, string> = {
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address (such as a cloud's metadata service)",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT address",
  private: "a private network address",
  uniqueLocal: "a private network address",
  deprecatedSiteLocal: "a site-local address",
};

const IPV6_GLOBAL_UNICAST: Cidr = [ipaddr.parse("2000::"), 3];

/** Parses `PRIVATE_NETWORK_ALLOWLIST`: addresses and CIDR ranges separated by commas. */
export function parseAllowList(text: string): Cidr[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      if (entry.includes("/")) return ipaddr.parseCIDR(entry);
      const address = ipaddr.parse(entry);
      return [address, address.kind() === "ipv4" ? 32 : 128] as Cidr;
    });
}

function inRange(address: ipaddr.IPv4 | ipaddr.IPv6, [base, bits]: Cidr): boolean {
  return address.kind() === base.kind() && address.match(base, bits);
}

/**
 * Why the policy forbids connecting to this IP address, or null when it may. An IPv4-mapped IPv6
 * address is judged as the IPv4 address it is.
 */
export function addressRefusal(ip: string, policy: Pick<AddressPolicy, "allowed">): string | null {
  const bare = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return `${ip} is not an IP address`;
  const address = ipaddr.process(bare);
  if (policy.allowed.some((range) => inRange(address, range))) return null;
  const range = address.range();
  const isPublic = address.kind() === "ipv4" ? range === "unicast" : range === "unicast" && inRange(address, IPV6_GLOBAL_UNICAST);
  if (isPublic) return null;
  const what = RANGE_WORDS[range] ?? "a reserved address";
  return `${address.toString()} is ${what}; only public addresses are reached`;
}

/** Host names that always mean this machine or its local network, whatever a resolver says. */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || /\.(localhost|local|internal|home\.arpa)$/.test(name) || !name.includes(".");
}

/**
 * What can be said of a URL before any name is resolved: its host is a refused IP address, or a
 * name that can only be local. The connection itself is checked again by the address it reaches
 * (outbound-fetch.ts); this check only lets a form or a PUT answer at once.
 */
export function urlRefusal(url: URL, policy: AddressPolicy): string | null {
  if (policy.trustedOrigins.has(url.origin)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) return addressRefusal(host, policy);
  // With an allow list, a local name may resolve into it: the connection decides.
  if (isLocalName(host) && policy.allowed.length === 0) return `${url.hostname} is a name on the local network; only public addresses are reached`;
  return null;
}
