/*
 * `npm run worker`: the background loops of the service and the portal (mail, event dispatch,
 * receiver registration, …) as a process of their own, for
 * deployments that run the app with WORKERS=off. Several workers may run at once. SIGTERM or
 * SIGINT lets the current runs finish, then the process exits.
 */
import { closeDb, getDb } from "../db/client";
import { closeCommitSignals } from "../db/commit-signals";
import { migrate } from "../db/migrate";
import { getEnv } from "../env";
import { log } from "../log";
import { PORTAL_LOOPS } from "../portal/events/portal-loops";
import { systemClock } from "../service/clock";
import { closeRenderPool, warmRenderPool } from "../service/render/render-pool";
import { runLoops } from "../service/workers/run-loops";
import { WORKER_LOOPS } from "../service/workers/worker-loops";

const env = getEnv();
await migrate(env.DATABASE_URL);
await warmRenderPool();
const loops = [...WORKER_LOOPS, ...PORTAL_LOOPS];
const running = runLoops(getDb(), systemClock, loops, { keepAlive: true, databaseUrl: env.DATABASE_URL });
log.info("worker started", { loops: loops.map((loop) => loop.name), engine: env.DATABASE_ENGINE });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("worker stopping", { signal });
  await running.stop();
  await closeRenderPool();
  await closeCommitSignals();
  await closeDb();
  log.info("worker stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
