import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { closeDb } from "../../lib/db/client";
import { migrate } from "../../lib/db/migrate";
import { resetEnvForTests } from "../../lib/env";
import { resetSecretsForTests } from "../../lib/platform/secrets";

/**
 * Runs a benchmark part on a fresh, migrated SQLite file of its own, then closes it, removes it and
 * puts the process environment back as it was, so the next part starts clean.
 */
export async function withScratchDatabase<T>(name: string, run: () => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: process.env.LOG_LEVEL };
  process.env.DATA_DIR = dir;
  process.env.DATABASE_URL = `file:${path.join(dir, "bench.db")}`;
  process.env.LOG_LEVEL = "warn";
  resetEnvForTests();
  resetSecretsForTests();
  try {
    await migrate(process.env.DATABASE_URL);
    return await run();
  } finally {
    await closeDb();
    // process.env turns undefined into the string "undefined": a variable that was not set is deleted.
    for (const [variable, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[variable];
      else process.env[variable] = value;
    }
    resetEnvForTests();
    resetSecretsForTests();
    rmSync(dir, { recursive: true, force: true });
  }
}
