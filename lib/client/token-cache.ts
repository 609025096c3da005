import { decodeJwt } from "jose";

import { TOKEN_LIFETIME_SECONDS } from "../spec/token";

/*
 * Tokens of POST /token, kept in memory for the life of the process per (base URL, cid), so every
 * client of one profile (the portal makes one per connection, and pages may make more) shares one
 * token and one token request at a time.
 *
 * An entry also remembers a fingerprint of the apicode it was issued for: a client with another
 * apicode for the same cid (a connection being corrected, a typo in a "test connection" form) must
 * not ride on a token someone else's right apicode earned. The fingerprint is a SHA-256 of the
 * apicode; the apicode itself is never kept here.
 */

/** A token is reused until this long before it expires, so a call never starts with one about to lapse. */
export const TOKEN_RENEW_BEFORE_MS = 5 * 60 * 1000;

interface Entry {
  fingerprint: string;
  token: string | null;
  /** Epoch ms until which the token is handed out again. */
  reuseUntil: number;
  pending: Promise<string> | null;
}

const entries = new Map<string, Entry>();

export function tokenCacheKey(baseUrl: string, cid: string): string {
  return `${baseUrl}\u0000${cid}`;
}

export async function apicodeFingerprint(apicode: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(apicode));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Until when a token may be reused: its `exp` less the margin, or two hours from now without one. */
function reuseUntil(token: string, now: number): number {
  let expiresAt = now + TOKEN_LIFETIME_SECONDS * 1000;
  try {
    const { exp } = decodeJwt(token);
    if (typeof exp === "number" && Number.isFinite(exp)) expiresAt = exp * 1000;
  } catch {
    // Not a JWT we can read: the service's tokens are opaque to us by contract, so assume the documented lifetime.
  }
  return expiresAt - TOKEN_RENEW_BEFORE_MS;
}

/**
 * The cached token for key, or a new one from issue(). Callers that arrive while a token request
 * is under way wait for that one instead of starting their own.
 */
export async function cachedToken(key: string, fingerprint: string, issue: () => Promise<string>): Promise<string> {
  const entry = entries.get(key);
  if (entry && entry.fingerprint === fingerprint) {
    if (entry.pending) return entry.pending;
    if (entry.token && Date.now() < entry.reuseUntil) return entry.token;
  }
  const fresh: Entry = { fingerprint, token: null, reuseUntil: 0, pending: null };
  const pending = issue().then(
    (token) => {
      if (entries.get(key) === fresh) {
        fresh.token = token;
        fresh.reuseUntil = reuseUntil(token, Date.now());
        fresh.pending = null;
      }
      return token;
    },
    (error: unknown) => {
      // A failed request is not cached: the next caller asks again.
      if (entries.get(key) === fresh) entries.delete(key);
      throw error;
    },
  );
  fresh.pending = pending;
  entries.set(key, fresh);
  return pending;
}

/**
 * Forgets a token the service refused (401). Only that token: a caller that saw an older one fail
 * must not throw away the fresh token another caller has just fetched.
 */
export function dropToken(key: string, token: string): void {
  const entry = entries.get(key);
  if (entry && entry.token === token) entries.delete(key);
}

/** For tests: forget every token. */
export function resetTokenCache(): void {
  entries.clear();
}
