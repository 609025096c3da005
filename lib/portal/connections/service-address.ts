import { urlRefusal, type AddressPolicy } from "../../platform/outbound/address-policy";
import { keyed } from "../i18n/messages";

/*
 * Which addresses a connection may point the portal's requests at: a provider's public address,
 * or the embedded service (this app's own origin). The local network would let an admin use the
 * portal to reach what only the server can see. This check answers the form at once for addresses
 * written as local; the portal's client connects through the guarded fetch, which refuses by the
 * address it actually reaches (lib/platform/outbound), names that resolve there included.
 */

/** Why a connection may not use this address (a key of lib/portal/i18n/messages.ts), or null when it may. */
export function serviceAddressProblem(baseUrl: string, policy: AddressPolicy, production: boolean): string | null {
  const url = new URL(baseUrl);
  if (policy.trustedOrigins.has(url.origin)) return null;
  if (urlRefusal(url, policy)) return keyed("publicAddress");
  if (production && url.protocol !== "https:") return keyed("httpsInProduction");
  return null;
}
