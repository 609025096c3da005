import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

/*
 * The connected peer's address at the end of every request's X-Forwarded-For, before Next.js reads
 * the request. `next start` sets the header to the socket's address only when the request has none
 * (base-server.js: `headers['x-forwarded-for'] ??= socket.remoteAddress`), so a client without a
 * proxy in front could write any address and be counted as it, and a sign-in limit per address
 * (lib/portal/auth/check-password.ts) would slow nobody who rotates it. Route handlers do not see
 * the socket; Node announces each request on the diagnostics channel below before its 'request'
 * event, with the request and its socket, in the process that answers it.
 *
 * Appending, not replacing, is what a proxy does: behind TRUSTED_PROXY_HOPS proxies the entry that
 * many places before the peer is the client the nearest trusted proxy saw (client-address.ts), and
 * with none the peer itself is the client.
 */

const CHANNEL = "http.server.request.start";
const INSTALLED = Symbol.for("nordic-receivables.forwarded-for");

/** The header with the peer appended; the peer alone where the request had none. */
export function withPeer(forwardedFor: string | string[] | undefined, peer: string | undefined): string | undefined {
  const prior = Array.isArray(forwardedFor) ? forwardedFor.join(", ") : forwardedFor;
  if (!peer) return prior;
  return prior && prior.trim() !== "" ? `${prior}, ${peer}` : peer;
}

/** From now on every HTTP server of this process appends the peer to X-Forwarded-For; once per process. */
export function appendPeerToForwardedFor(): void {
  const global = globalThis as { [INSTALLED]?: true };
  if (global[INSTALLED]) return;
  global[INSTALLED] = true;
  subscribe(CHANNEL, (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    const value = withPeer(request.headers["x-forwarded-for"], socket.remoteAddress);
    if (value !== undefined) request.headers["x-forwarded-for"] = value;
  });
}
