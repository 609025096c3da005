import { getDb } from "../db/client";
import { migrate } from "../db/migrate";
import { getEnv } from "../env";
import { errorFields, log } from "../log";

import { systemClock } from "./clock";
import { forgetOldAnswers } from "./intake/forget-old-answers";
import { deliverMail } from "./mail/deliver-mail";
import { DEMO_PROFILES, seedDemoProfiles } from "./profiles/seed-demo-profiles";

/*
 * What the app does once when it starts: bring the database to the current migration, seed the
 * demo profiles, and start the background loops in-process. Called from instrumentation.ts.
 */

const MAIL_INTERVAL_MS = 5_000;
const HOUR_MS = 60 * 60 * 1000;

export async function startService(): Promise<void> {
  const env = getEnv();
  const applied = await migrate(env.DATABASE_URL);
  if (applied.length > 0) log.info("database migrated", { engine: env.DATABASE_ENGINE, applied });
  const db = getDb();
  if (env.DEMO_DATA) {
    await seedDemoProfiles(db);
    const lines = DEMO_PROFILES.map((demo) => `  ${demo.environment.padEnd(9)} /${demo.environment}/rest   cid ${demo.cid}   apicode ${demo.apicode}`);
    process.stdout.write(`Demo profiles of the test environments (default /rest is ${env.DEFAULT_ENVIRONMENT}):\n${lines.join("\n")}\n`);
  }
  startLoop("mail", MAIL_INTERVAL_MS, () => deliverMail(db, systemClock));
  startLoop("forget-old-answers", HOUR_MS, () => forgetOldAnswers(db, systemClock));
}

const loops = new Map<string, NodeJS.Timeout>();

function startLoop(name: string, intervalMs: number, work: () => Promise<unknown>) {
  if (loops.has(name)) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((error) => log.error(`${name} loop failed`, errorFields(error)))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  loops.set(name, timer);
}
