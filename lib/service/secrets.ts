import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { getEnv } from "../env";

/*
 * Keys of the service. In production they come from the environment; the embedded default
 * generates them on first start and keeps them in DATA_DIR/secrets.json (mode 0600), so tokens
 * stay valid across restarts without any set-up.
 */

const fileSchema = z.object({ jwtSecret: z.string().min(32) });
type SecretsFile = z.output<typeof fileSchema>;

let cached: { jwtSecret: Uint8Array } | undefined;

function loadOrCreateFile(dataDir: string): SecretsFile {
  const file = path.join(dataDir, "secrets.json");
  if (existsSync(file)) {
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (parsed.success) return parsed.data;
    throw new Error(`${file} is not a valid secrets file; remove it to generate new secrets`);
  }
  mkdirSync(dataDir, { recursive: true });
  const created: SecretsFile = { jwtSecret: randomBytes(48).toString("base64url") };
  // wx: never overwrite a file another process wrote a moment ago.
  try {
    writeFileSync(file, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    return created;
  } catch {
    return fileSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  }
}

export function getSecrets(): { jwtSecret: Uint8Array } {
  if (cached) return cached;
  const env = getEnv();
  const jwtSecret = env.SERVICE_JWT_SECRET ?? loadOrCreateFile(env.DATA_DIR).jwtSecret;
  cached = { jwtSecret: new TextEncoder().encode(jwtSecret) };
  return cached;
}

export function resetSecretsForTests() {
  cached = undefined;
}
