import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

import type { Db, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/unique-violation";
import { seal, unseal } from "../../platform/secrets";

/*
 * The credentials a service presents to this organization's receiver: an HTTP Basic user and
 * password, and an OAuth 2.0 client id and secret for the token endpoint. The secrets are sealed
 * with the app's data key rather than hashed, because an admin copies them into a provider's
 * settings and the portal registers them with the services it connects to.
 *
 * The user name and client id are random too (not the organization's name): they are looked up
 * by a unique index, and a guessable one would tell an attacker which half of a pair is right.
 */

export interface ReceiverCredentials {
  basicUsername: string;
  basicPassword: string;
  clientId: string;
  clientSecret: string;
}

// 256 bits of randomness in each secret; the ids need only be unique and unguessable.
const secret = () => randomBytes(32).toString("base64url");
const identifier = (prefix: string) => `${prefix}-${randomBytes(16).toString("base64url")}`;

function generate() {
  const credentials: ReceiverCredentials = {
    // RFC 7617: a Basic user id must not contain a colon; base64url never does.
    basicUsername: identifier("events"),
    basicPassword: secret(),
    clientId: identifier("client"),
    clientSecret: secret(),
  };
  return {
    credentials,
    sealed: {
      basicUsername: credentials.basicUsername,
      basicPasswordEncrypted: seal(credentials.basicPassword),
      clientId: credentials.clientId,
      clientSecretEncrypted: seal(credentials.clientSecret),
    },
  };
}

type Row = NonNullable<Awaited<ReturnType<Db["portalReceiver"]["findUnique"]>>>;

function reveal(row: Row): ReceiverCredentials {
  return {
    basicUsername: row.basicUsername,
    basicPassword: unseal(row.basicPasswordEncrypted),
    clientId: row.clientId,
    clientSecret: unseal(row.clientSecretEncrypted),
  };
}

/** Creates the organization's credentials on first use; later calls leave them as they are. */
export async function ensureReceiverCredentials(db: Db | Tx, organizationId: string): Promise<void> {
  if (await db.portalReceiver.findUnique({ where: { organizationId }, select: { organizationId: true } })) return;
  try {
    await db.portalReceiver.create({ data: { organizationId, ...generate().sealed } });
  } catch (error) {
    // Two first uses at once (the settings page and the registration loop): the other one's stand.
    if (!isUniqueViolation(error)) throw error;
  }
}

/** The credentials in the clear, for the settings page and for registering with a service. */
export async function revealReceiverCredentials(db: Db | Tx, organizationId: string): Promise<ReceiverCredentials> {
  await ensureReceiverCredentials(db, organizationId);
  const row = await db.portalReceiver.findUniqueOrThrow({ where: { organizationId } });
  return reveal(row);
}

/**
 * New credentials for both schemes at once. The old ones stop working at once, including access
 * tokens issued for the old client id (lib/portal/receiver/receiver-tokens.ts checks it), so the
 * caller registers the new ones with its services right after.
 */
export async function rotateReceiverCredentials(db: Db | Tx, organizationId: string): Promise<ReceiverCredentials> {
  const { credentials, sealed } = generate();
  await db.portalReceiver.upsert({ where: { organizationId }, create: { organizationId, ...sealed }, update: sealed });
  return credentials;
}

/*
 * Verification. Both values are hashed first so timingSafeEqual compares equal lengths and the
 * time taken says nothing about how long the secret is or how much of it matched.
 */

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

// Compared against when no row matches, so an unknown id costs about as much as a wrong secret.
const DECOY = randomBytes(32).toString("base64url");

function verify(row: Row | null, given: string, sealedOf: (row: Row) => string): string | null {
  const matches = sameSecret(given, row ? unseal(sealedOf(row)) : DECOY);
  return matches && row ? row.organizationId : null;
}

/** The organization whose Basic user and password these are, or null. */
export async function organizationForBasic(db: Db | Tx, username: string, password: string): Promise<string | null> {
  const row = await db.portalReceiver.findUnique({ where: { basicUsername: username } });
  return verify(row, password, (found) => found.basicPasswordEncrypted);
}

/** The organization whose OAuth client this is, or null. */
export async function organizationForClient(db: Db | Tx, clientId: string, clientSecret: string): Promise<string | null> {
  const row = await db.portalReceiver.findUnique({ where: { clientId } });
  return verify(row, clientSecret, (found) => found.clientSecretEncrypted);
}
