import { randomBytes } from "node:crypto";

import { hash, verify } from "@node-rs/argon2";

/*
 * Secrets people and programs sign in with (the service's API codes, the portal's passwords) are
 * stored as argon2id hashes (OWASP's minimum parameters: 19 MiB, 2 passes). A secret is verified in
 * constant time by argon2 itself; an unknown account (cid, e-mail) is verified against a fixed dummy
 * hash, so the answer takes as long whether the account exists or not.
 */

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function generateApicode(): string {
  return randomBytes(24).toString("base64url");
}

export function hashApicode(apicode: string): Promise<string> {
  return hash(apicode, OPTIONS);
}

let dummy: Promise<string> | undefined;

export async function verifyApicode(storedHash: string | null | undefined, apicode: string): Promise<boolean> {
  if (!storedHash) {
    dummy ??= hash(generateApicode(), OPTIONS);
    await verify(await dummy, apicode).catch(() => false);
    return false;
  }
  return verify(storedHash, apicode).catch(() => false);
}
