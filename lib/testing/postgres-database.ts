import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll } from "vitest";

import { closeDb } from "../db/client";
import { migrate } from "../db/migrate";
import { resetEnvForTests } from "../env";
import { resetSecretsForTests } from "../platform/secrets";

import { createPostgresDatabase, dropPostgresDatabase } from "./postgres-server";

/* Setup of the api-postgres project: every test file gets a fresh, migrated PostgreSQL database of its own. */

const dir = mkdtempSync(path.join(os.tmpdir(), "api-test-"));
const { name, url } = await createPostgresDatabase();
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = url;
resetEnvForTests();
resetSecretsForTests();
await migrate(url);

afterAll(async () => {
  await closeDb();
  await dropPostgresDatabase(name);
  rmSync(dir, { recursive: true, force: true });
});
