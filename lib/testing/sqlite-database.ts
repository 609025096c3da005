import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, inject } from "vitest";

import { closeDb } from "../db/client";
import { migrate } from "../db/migrate";
import { resetEnvForTests } from "../env";
import { resetSecretsForTests } from "../platform/secrets";

/* Setup of the api-sqlite projects: every test file gets a fresh, migrated SQLite file of its own. */

declare module "vitest" {
  export interface ProvidedContext {
    sqliteTemplate?: string;
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), "api-test-"));
const file = path.join(dir, "test.db");
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${file}`;
resetEnvForTests();
resetSecretsForTests();
// Copied from the run's migrated template (sqlite-template.ts); migrated here when there is none.
const template = inject("sqliteTemplate");
if (template) copyFileSync(template, file);
else await migrate(process.env.DATABASE_URL);

afterAll(async () => {
  await closeDb();
  rmSync(dir, { recursive: true, force: true });
});
