import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll } from "vitest";

import { closeDb } from "../db/client";
import { migrate } from "../db/migrate";
import { resetEnvForTests } from "../env";
import { resetSecretsForTests } from "../platform/secrets";

/* Setup of the api-sqlite project: every test file gets a fresh, migrated SQLite file of its own. */

const dir = mkdtempSync(path.join(os.tmpdir(), "api-test-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${path.join(dir, "test.db")}`;
resetEnvForTests();
resetSecretsForTests();
await migrate(process.env.DATABASE_URL);

afterAll(async () => {
  await closeDb();
  rmSync(dir, { recursive: true, force: true });
});
