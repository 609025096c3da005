import { closeDb, getDb } from "../db/client";
import { closeCommitSignals } from "../db/commit-signals";
import { getEnv } from "../env";
import { systemClock } from "../platform/clock";
import { runLoops } from "../platform/run-loops";
import { warmBankHolidays } from "../service/calendar/bank-holidays";
import { closeRenderPool, warmRenderPool } from "../service/render/render-pool";

import { BACKGROUND_LOOPS } from "./background-loops";

/*
 * The background work of one thread or process: the render pool and the bank calendars warmed,
 * then every loop running until stop(), which lets the current runs finish and closes what they
 * opened. The app's background thread (background-thread-main.ts) and `npm run worker`
 * (lib/cli/worker.ts) both start it; the database must already be migrated.
 */

interface BackgroundWork {
  loops: string[];
  stop(): Promise<void>;
}

export async function runBackgroundWork(): Promise<BackgroundWork> {
  await warmRenderPool();
  warmBankHolidays(systemClock.now());
  const running = runLoops(getDb(), systemClock, BACKGROUND_LOOPS, { keepAlive: true, databaseUrl: getEnv().DATABASE_URL });
  return {
    loops: BACKGROUND_LOOPS.map((loop) => loop.name),
    async stop() {
      await running.stop();
      await closeRenderPool();
      await closeCommitSignals();
      await closeDb();
    },
  };
}
