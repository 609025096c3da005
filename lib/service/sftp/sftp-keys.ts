import { createHash, createPublicKey, randomUUID, timingSafeEqual } from "node:crypto";

import ssh2, { type ParsedKey } from "ssh2";

import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/unique-violation";
import type { Environment } from "../../spec/environments";
import type { SftpKeys, SftpKeysRequest } from "../../spec/sftp";
import { ServiceError } from "../errors";

/*
 * The public keys a profile signs in to the SFTP server with (GET and PUT /profile/sftpkeys). Only
 * key kinds that are safe today are taken: ed25519, ECDSA, and RSA of at least 2048 bits (NIST SP
 * 800-131A Rev. 2, 2019: under 2048 bits is disallowed); DSA is not.
 */

const ACCEPTED = new Set(["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521", "ssh-rsa"]);
const MIN_RSA_BITS = 2048;

function sftpUsername(environment: Environment, cid: string): string {
  return `${environment.id}.${cid}`;
}

/** SHA256:… of a key blob, as ssh-keygen -l prints it. */
export function fingerprintOf(blob: Buffer): string {
  return `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`;
}

type KeyProblem = { field: string; code: "invalid"; message: string };

function parsePublicKey(line: string, index: number): { key: ParsedKey; blob: Buffer } | KeyProblem {
  const field = `keys[${index}]`;
  const parsed = ssh2.utils.parseKey(line);
  if (parsed instanceof Error || Array.isArray(parsed) || parsed.isPrivateKey()) {
    return { field, code: "invalid", message: "must be one OpenSSH public key line (ssh-ed25519 AAAA… comment)" };
  }
  if (!ACCEPTED.has(parsed.type)) return { field, code: "invalid", message: `must be ed25519, ECDSA or RSA, not ${parsed.type}` };
  if (parsed.type === "ssh-rsa") {
    const bits = createPublicKey(parsed.getPublicPEM()).asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < MIN_RSA_BITS) return { field, code: "invalid", message: `must have at least ${MIN_RSA_BITS} bits, not ${bits}` };
  }
  return { key: parsed, blob: parsed.getPublicSSH() };
}

export async function listSftpKeys(db: Db, environment: Environment, profile: { id: string; cid: string }): Promise<SftpKeys> {
  const rows = await db.sftpKey.findMany({ where: { profileId: profile.id }, orderBy: { createdAt: "asc" } });
  return {
    username: sftpUsername(environment, profile.cid),
    keys: rows.map((row) => ({ algorithm: row.algorithm, fingerprint: row.fingerprint, comment: row.comment, added: row.createdAt.toISOString() })),
  };
}

/** PUT /profile/sftpkeys: the list replaces the one before; a key kept keeps the day it was added. */
export async function putSftpKeys(
  db: Db,
  environment: Environment,
  profile: { id: string; cid: string },
  request: SftpKeysRequest,
  at: Date,
): Promise<SftpKeys> {
  const parsed = request.keys.map(parsePublicKey);
  const problems = parsed.filter((entry): entry is KeyProblem => "field" in entry);
  if (problems.length > 0) throw new ServiceError("invalid_request", "A key is not one the SFTP server takes.", { problems });
  const keys = new Map<string, { key: ParsedKey; blob: Buffer }>();
  for (const entry of parsed as { key: ParsedKey; blob: Buffer }[]) keys.set(fingerprintOf(entry.blob), entry);
  // Two PUTs at once both see a key missing and both add it; the later one's insert then breaks
  // the unique fingerprint. Read again, the first one's rows are there and kept: the list is the
  // later PUT's, as with PUTs one after the other.
  for (let attempt = 1; ; attempt++) {
    try {
      await replaceKeys(db, environment, profile, keys, at);
      break;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt === 3) throw new ServiceError("conflict", "The keys were being changed by another request at the same time; send the list again.");
    }
  }
  return listSftpKeys(db, environment, profile);
}

async function replaceKeys(
  db: Db,
  environment: Environment,
  profile: { id: string; cid: string },
  keys: Map<string, { key: ParsedKey; blob: Buffer }>,
  at: Date,
): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.sftpKey.deleteMany({ where: { profileId: profile.id, fingerprint: { notIn: [...keys.keys()] } } });
    const kept = new Set((await tx.sftpKey.findMany({ where: { profileId: profile.id }, select: { fingerprint: true } })).map((row) => row.fingerprint));
    const added = [...keys].filter(([fingerprint]) => !kept.has(fingerprint));
    if (added.length > 0) {
      await tx.sftpKey.createMany({
        data: added.map(([fingerprint, { key, blob }]) => ({
          id: randomUUID(),
          profileId: profile.id,
          environment: environment.id,
          algorithm: key.type,
          keyData: blob.toString("base64"),
          fingerprint,
          comment: key.comment.trim().slice(0, 200) || null,
          createdAt: at,
        })),
      });
    }
  });
}

/**
 * Whether a key offered at sign-in is one of the profile's, and, when the client signed with it, that
 * the signature is right (ssh2 asks first without one, to learn whether the key would do).
 */
export async function acceptsKey(
  db: Db,
  profileId: string,
  offered: { algo: string; data: Buffer; signature?: Buffer; blob?: Buffer; hashAlgo?: string },
): Promise<boolean> {
  const row = await db.sftpKey.findUnique({ where: { profileId_fingerprint: { profileId, fingerprint: fingerprintOf(offered.data) } } });
  if (!row) return false;
  const stored = Buffer.from(row.keyData, "base64");
  if (stored.length !== offered.data.length || !timingSafeEqual(stored, offered.data)) return false;
  if (!offered.signature) return true;
  const key = ssh2.utils.parseKey(`${row.algorithm} ${row.keyData}`);
  if (key instanceof Error || Array.isArray(key)) return false;
  return key.verify(offered.blob!, offered.signature, offered.hashAlgo) === true;
}
