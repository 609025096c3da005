import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hkdfSync, randomBytes, type KeyObject } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { getEnv } from "../env";

/*
 * Keys of the service. In production they come from the environment; the embedded default
 * generates them on first start and keeps them in DATA_DIR/secrets.json (mode 0600), so tokens
 * stay valid across restarts without any set-up.
 */

const fileSchema = z.object({ jwtSecret: z.string().min(32), dataKey: z.string().min(32).optional() });
type SecretsFile = z.output<typeof fileSchema>;

function loadOrCreateFile(dataDir: string): SecretsFile {
  const file = path.join(dataDir, "secrets.json");
  if (existsSync(file)) {
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${file} is not a valid secrets file; remove it to generate new secrets`);
    if (parsed.data.dataKey) return parsed.data;
    // A file from before the data key existed: add one, keeping the JWT secret (tokens stay valid).
    const upgraded = { ...parsed.data, dataKey: randomBytes(48).toString("base64url") };
    writeFileSync(file, `${JSON.stringify(upgraded, null, 2)}\n`, { mode: 0o600 });
    return upgraded;
  }
  mkdirSync(dataDir, { recursive: true });
  const created: SecretsFile = { jwtSecret: randomBytes(48).toString("base64url"), dataKey: randomBytes(48).toString("base64url") };
  // wx: never overwrite a file another process wrote a moment ago.
  try {
    writeFileSync(file, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    return created;
  } catch {
    return fileSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  }
}

interface Secrets {
  /** The token signing key as a KeyObject, made once; jose is given it as tokenKey() (below). */
  jwtSecret: KeyObject;
  /** AES-256-GCM key for credentials at rest. */
  sealKey: Buffer;
  /** HMAC key for lookup hashes of personal ids. */
  indexKey: Buffer;
}

let cachedFull: Secrets | undefined;

function loadSecrets(): Secrets {
  if (cachedFull) return cachedFull;
  const env = getEnv();
  const file = env.SERVICE_JWT_SECRET && env.SERVICE_DATA_KEY ? null : loadOrCreateFile(env.DATA_DIR);
  const jwtSecret = env.SERVICE_JWT_SECRET ?? file!.jwtSecret;
  const dataKey = env.SERVICE_DATA_KEY ?? file!.dataKey!;
  // Separate keys per purpose, so neither use can be turned against the other.
  const derive = (purpose: string) => Buffer.from(hkdfSync("sha256", dataKey, "nordic-receivables", purpose, 32));
  cachedFull = { jwtSecret: createSecretKey(Buffer.from(jwtSecret, "utf8")), sealKey: derive("seal"), indexKey: derive("index") };
  return cachedFull;
}

export function getSecrets(): { jwtSecret: KeyObject } {
  return loadSecrets();
}

let cachedTokenKey: { secrets: Secrets; key: Promise<CryptoKey> } | undefined;

/**
 * The token signing key as a Web Crypto key, imported once. jose works on Web Crypto keys: given a
 * secret KeyObject (or raw bytes) it exports its bytes and imports them again on every signature
 * and every verification: more than half of the CPU of checking the token that comes with each
 * request (a verification took 0.09 to 0.14 ms of CPU, 0.045 ms with the key imported once;
 * jose 6 on Node 20).
 */
export function tokenKey(): Promise<CryptoKey> {
  const secrets = loadSecrets();
  if (cachedTokenKey?.secrets !== secrets) {
    const key = crypto.subtle.importKey("raw", secrets.jwtSecret.export(), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    cachedTokenKey = { secrets, key };
  }
  return cachedTokenKey.key;
}

/**
 * A 32-byte key of its own for one purpose (the portal's sessions, its receiver's tokens), derived
 * from the data key: one secret to keep, none reusable for another purpose.
 */
export function deriveKey(purpose: string): Buffer {
  const env = getEnv();
  const dataKey = env.SERVICE_DATA_KEY ?? loadOrCreateFile(env.DATA_DIR).dataKey!;
  return Buffer.from(hkdfSync("sha256", dataKey, "nordic-receivables", `derived:${purpose}`, 32));
}

/** Encrypts a credential for storage: "v1.<iv>.<tag>.<ciphertext>", base64url. */
export function seal(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", loadSecrets().sealKey, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** Whether a stored value is what seal() wrote (rows written before a value was sealed hold it in clear). */
export function isSealed(value: unknown): value is string {
  return typeof value === "string" && /^v1\.[\w-]+\.[\w-]+\.[\w-]*$/.test(value);
}

/** Decrypts what seal() wrote; throws when the data key has changed or the value was altered. */
export function unseal(sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", loadSecrets().sealKey, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/**
 * A keyed hash for finding rows by a personal id without storing it in a searchable form: a plain
 * sha256 of a national id is reversed by trying every birth date and serial.
 */
export function lookupHash(purpose: string, value: string): string {
  return createHmac("sha256", loadSecrets().indexKey).update(`${purpose}\u0000${value}`).digest("base64url");
}

export function resetSecretsForTests() {
  cachedFull = undefined;
}
