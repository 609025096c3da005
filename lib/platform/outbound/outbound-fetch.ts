import dns from "node:dns";
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from "node:dns";
import { isIP, type Socket } from "node:net";

import { Agent, buildConnector } from "undici";

import { getEnv } from "../../env";

import { addressRefusal, parseAllowList, type AddressPolicy } from "./address-policy";

/*
 * fetch for addresses a user chose, refusing by the address each connection actually reaches:
 * the connector resolves the name itself, refuses when any of its addresses is refused, and
 * connects to what it resolved, so a name that resolves to a public address for a check and to
 * 127.0.0.1 for the connection (DNS rebinding) cannot pass. IP literals, which net.connect never
 * resolves, are checked before connecting, and the socket's remote address once more after.
 * Redirects open connections through the same connector.
 *
 * It hands an undici Agent to the global fetch as its dispatcher: tests that replace globalThis.fetch
 * (to call route handlers without a port) still see every request.
 */

/** The connection was refused by policy; `fetch` rejects with this as its cause. */
export class AddressRefusedError extends Error {
  readonly code = "ERR_ADDRESS_REFUSED";
  constructor(message: string) {
    super(message);
    this.name = "AddressRefusedError";
  }
}

type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(policy: AddressPolicy, resolve: Resolve) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    resolve(hostname).then(
      (found) => {
        const usable = found.filter((entry) => !options.family || entry.family === options.family);
        const refused = usable.map((entry) => addressRefusal(entry.address, policy)).find((why) => why !== null);
        if (refused) return callback(new AddressRefusedError(`${hostname}: ${refused}`), "");
        if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
        if (options.all) return callback(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}

type Connector = ReturnType<typeof buildConnector>;

function guardedConnector(policy: AddressPolicy, resolve: Resolve = systemResolve): Connector {
  const connect = buildConnector({ lookup: guardedLookup(policy, resolve) } as buildConnector.BuildOptions);
  const trusted = buildConnector({});
  return (options, callback) => {
    const port = options.port || (options.protocol === "https:" ? "443" : "80");
    const host = options.hostname.replace(/^\[|\]$/g, "");
    const origin = new URL(`${options.protocol}//${isIP(host) === 6 ? `[${host}]` : host}:${port}`).origin;
    if (policy.trustedOrigins.has(origin)) return trusted(options, callback);
    if (isIP(host)) {
      const refused = addressRefusal(host, policy);
      if (refused) return void callback(new AddressRefusedError(refused), null);
    }
    return connect(options, (error, socket) => {
      if (error || !socket) return callback(error, null);
      const remote = (socket as Socket).remoteAddress;
      const refused = remote ? addressRefusal(remote, policy) : "the connection has no remote address";
      if (refused) {
        socket.destroy();
        return callback(new AddressRefusedError(refused), null);
      }
      callback(null, socket);
    });
  };
}

export function outboundFetchWith(policy: AddressPolicy, resolve?: Resolve): typeof fetch {
  const dispatcher = new Agent({ connect: guardedConnector(policy, resolve) });
  return ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, { ...init, dispatcher } as RequestInit)) as typeof fetch;
}

/** The policy for a kind of environment, from the operator's configuration. */
export function outboundPolicy(isTest: boolean): AddressPolicy {
  const env = getEnv();
  return {
    allowed: isTest ? parseAllowList(env.PRIVATE_NETWORK_ALLOWLIST) : [],
    trustedOrigins: new Set([new URL(env.PUBLIC_BASE_URL).origin]),
  };
}

const fetches = new Map<string, typeof fetch>();

/**
 * The fetch for requests to user-chosen addresses of a test or a production environment; one
 * connection pool each, reused across calls.
 */
export function outboundFetch(isTest: boolean): typeof fetch {
  const env = getEnv();
  const key = `${isTest}|${env.PUBLIC_BASE_URL}|${env.PRIVATE_NETWORK_ALLOWLIST}`;
  let found = fetches.get(key);
  if (!found) {
    found = outboundFetchWith(outboundPolicy(isTest));
    fetches.set(key, found);
  }
  return found;
}
