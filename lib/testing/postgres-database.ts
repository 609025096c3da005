import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, inject } from "vitest";

import { closeDb } from "../db/client";
import { migrate } from "../db/migrate";
import { resetEnvForTests } from "../env";
import { resetSecretsForTests } from "../platform/secrets";

import { createPostgresDatabase, dropPostgresDatabase } from "./postgres-server";

/* Setup of the api-postgres projects: every test file gets a fresh, migrated PostgreSQL database of its own. */

declare module "vitest" {
  export interface ProvidedContext {
    postgresTemplate?: string;
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), "api-test-"));
// Copied from the run's migrated template (postgres-template.ts); migrated here when there is none.
const template = inject("postgresTemplate");
const { name, url } = await createPostgresDatabase(template);
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = url;
resetEnvForTests();
resetSecretsForTests();
if (!template) await migrate(url);

afterAll(async () => {
  await closeDb();
  await dropPostgresDatabase(name);
  rmSync(dir, { recursive: true, force: true });
});
