import path from "node:path";

import { getEngine, type Db } from "../../db/client";
import { readMigrations } from "../../db/migrate";
import { POSTGRES_MIGRATIONS_PATH, SQLITE_MIGRATIONS_PATH } from "../../db/schema-variants";
import { getEnv } from "../../env";
import { readBacklog, type QueueBacklog } from "../workers/read-backlog";

/*
 * /readyz: whether this instance should get traffic. The database answers, every committed
 * migration is applied (an instance of a newer release waits for its migrations; one of an older
 * release against a newer database still is ready, as migrations only add), and no queue's oldest
 * item has waited longer than READY_MAX_BACKLOG_SECONDS (0 turns that check off). The answer names
 * checks and queues, never a tenant.
 */

export interface Readiness {
  ready: boolean;
  checks: { database: "ok" | "unreachable"; migrations: "ok" | "pending" | "unknown"; backlog: "ok" | "behind" | "unknown" | "off" };
  pendingMigrations?: string[];
  queues?: QueueBacklog[];
}

/** The committed migrations' names, read from disk once: they do not change under a running process. */
const migrationNames = new Map<string, string[]>();

function committedMigrations(): string[] {
  const dir = getEngine() === "sqlite" ? SQLITE_MIGRATIONS_PATH : POSTGRES_MIGRATIONS_PATH;
  let names = migrationNames.get(dir);
  if (!names) {
    names = readMigrations(path.join(/*turbopackIgnore: true*/ process.cwd(), dir)).map((migration) => migration.name);
    migrationNames.set(dir, names);
  }
  return names;
}

export async function checkReadiness(db: Db, now: Date): Promise<Readiness> {
  let applied: Set<string>;
  try {
    const rows = await db.$queryRawUnsafe<{ name: string }[]>(`SELECT "name" FROM "_migrations"`);
    applied = new Set(rows.map((row) => row.name));
  } catch {
    return { ready: false, checks: { database: "unreachable", migrations: "unknown", backlog: "unknown" } };
  }
  const pendingMigrations = committedMigrations().filter((name) => !applied.has(name));
  const limit = getEnv().READY_MAX_BACKLOG_SECONDS;
  const queues = await readBacklog(db, now);
  // Apicodes wait on a partner's receiver, which no restart of this instance brings back: /metrics shows them, readiness does not.
  const behind = limit > 0 && queues.some((queue) => queue.queue !== "apikey-deliveries" && queue.oldestAgeSeconds > limit);
  const checks: Readiness["checks"] = {
    database: "ok",
    migrations: pendingMigrations.length ? "pending" : "ok",
    backlog: limit === 0 ? "off" : behind ? "behind" : "ok",
  };
  return { ready: pendingMigrations.length === 0 && !behind, checks, ...(pendingMigrations.length ? { pendingMigrations } : {}), queues };
}
