import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import type { TestProject } from "vitest/node";

import { migrate } from "../db/migrate";

/*
 * Global setup of the api-sqlite projects: the migrations are applied once per run, to a template
 * file each test file's database is copied from (sqlite-database.ts). Applying all of them took
 * each file about 140 ms, a copy takes under a millisecond.
 */

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "api-template-"));
  const file = path.join(dir, "template.db");
  // migrateSqlite closes its connection, which checkpoints the write-ahead log into the file.
  await migrate(`file:${file}`);
  project.provide("sqliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
