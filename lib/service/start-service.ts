import { getDb } from "../db/client";
import { migrate } from "../db/migrate";
import { demoCollectorWarning, getEnv } from "../env";
import { errorFields, log } from "../log";

import { warmBankHolidays } from "./calendar/bank-holidays";
import { DEMO_PROFILES, seedDemoProfiles } from "./profiles/seed-demo-profiles";
import { warmRenderPool } from "./render/render-pool";
import { runDataUpgrades } from "./upgrades/run-data-upgrades";

/*
 * What the app does once when it starts: bring the database to the current migration and its data
 * to the current form (lib/service/upgrades), seed the demo profiles and warm the render pool.
 * Called from instrumentation.ts, which then starts the background thread.
 */

export async function startService(): Promise<void> {
  const env = getEnv();
  const demoCollector = demoCollectorWarning(env);
  if (demoCollector) log.warn(demoCollector);
  const applied = await migrate(env.DATABASE_URL);
  if (applied.length > 0) log.info("database migrated", { engine: env.DATABASE_ENGINE, applied });
  const db = getDb();
  await runDataUpgrades(db);
  if (env.DEMO_DATA) {
    await seedDemoProfiles(db);
    const lines = DEMO_PROFILES.map((demo) => `  ${demo.environment.padEnd(9)} /${demo.environment}/rest   cid ${demo.cid}   apicode ${demo.apicode}`);
    process.stdout.write(`Demo profiles of the test environments (default /rest is ${env.DEFAULT_ENVIRONMENT}):\n${lines.join("\n")}\n`);
  }
  // The request thread's render threads (Get PDF, preview, local print, intake's checks of
  // uploaded PDFs) load while the server starts listening, not when the first document needs them.
  warmRenderPool().catch((error: unknown) => log.error("render threads did not start", errorFields(error)));
  // Intake's due dates count bank days: the calendars' first computation is not a request's.
  warmBankHolidays(new Date());
}
