import type { TestProject } from "vitest/node";

import { migrate } from "../db/migrate";

import { createPostgresDatabase, dropPostgresDatabase } from "./postgres-server";

/*
 * Global setup of the api-postgres projects: the migrations are applied once per run, to a
 * template database each test file's database is created from (postgres-database.ts). Applying
 * all of them took each file about a second, a copy of the template about a third of that.
 */

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createPostgresDatabase();
  await migrate(template.url);
  project.provide("postgresTemplate", template.name);
  return () => dropPostgresDatabase(template.name);
}
