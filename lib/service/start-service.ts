import { getDb } from "../db/client";
import { migrate } from "../db/migrate";
import { getEnv } from "../env";
import { errorFields, log } from "../log";

import { systemClock } from "./clock";
import { DEMO_PROFILES, seedDemoProfiles } from "./profiles/seed-demo-profiles";
import { warmRenderPool } from "./render/render-pool";
import { runDataUpgrades } from "./upgrades/run-data-upgrades";
import { runLoops, type RunningLoops } from "./workers/run-loops";
import { WORKER_LOOPS } from "./workers/worker-loops";

/*
 * What the app does once when it starts: bring the database to the current migration and its data
 * to the current form (lib/service/upgrades), seed the
 * demo profiles, and start the background loops (lib/service/workers) in-process unless
 * WORKERS=off, when `npm run worker` runs them. Called from instrumentation.ts.
 */

export async function startService(): Promise<void> {
  const env = getEnv();
  const applied = await migrate(env.DATABASE_URL);
  if (applied.length > 0) log.info("database migrated", { engine: env.DATABASE_ENGINE, applied });
  const db = getDb();
  await runDataUpgrades(db);
  if (env.DEMO_DATA) {
    await seedDemoProfiles(db);
    const lines = DEMO_PROFILES.map((demo) => `  ${demo.environment.padEnd(9)} /${demo.environment}/rest   cid ${demo.cid}   apicode ${demo.apicode}`);
    process.stdout.write(`Demo profiles of the test environments (default /rest is ${env.DEFAULT_ENVIRONMENT}):\n${lines.join("\n")}\n`);
  }
  // The render threads load while the server starts listening, not when the first document (a
  // distribution round's, or a person's Get PDF) needs them; with WORKERS=off too.
  warmRenderPool().catch((error: unknown) => log.error("render threads did not start", errorFields(error)));
  if (env.WORKERS === "in-process") startWorkers();
}

const globalForWorkers = globalThis as unknown as { __workers?: RunningLoops };

/** Once per process: Next.js may load this module more than once (see lib/db/client.ts). */
function startWorkers() {
  globalForWorkers.__workers ??= runLoops(getDb(), systemClock, WORKER_LOOPS, { databaseUrl: getEnv().DATABASE_URL });
}
