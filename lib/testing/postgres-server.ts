import { randomBytes } from "node:crypto";

import pg from "pg";

/*
 * The PostgreSQL server the tests use: TEST_POSTGRES_URL, or the local server on 127.0.0.1:5432.
 * Tests create a database each and drop it afterwards.
 */

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function isPostgresReachable(): Promise<boolean> {
  try {
    await admin((client) => client.query("SELECT 1"));
    return true;
  } catch {
    return false;
  }
}

/** A new, empty database, or a copy of `template` (a migrated database no one is connected to). */
export async function createPostgresDatabase(template?: string): Promise<{ name: string; url: string }> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
  return { name, url: withDatabase(TEST_POSTGRES_URL, name) };
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
