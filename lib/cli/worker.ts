/*
 * `npm run worker`: the background loops of the service and the portal (lib/background) as a
 * process of their own, for deployments that run the app with WORKERS=off. Several workers may run
 * at once. SIGTERM or SIGINT lets the current runs finish, then the process exits.
 */
import { runBackgroundWork } from "../background/run-background-work";
import { migrate } from "../db/migrate";
import { demoCollectorWarning, getEnv } from "../env";
import { log } from "../log";

const env = getEnv();
// The worker renders and sends the payment demands: a production worker printing the DEMO collector says so, as the app does.
const demoCollector = demoCollectorWarning(env);
if (demoCollector) log.warn(demoCollector);
await migrate(env.DATABASE_URL);
const work = await runBackgroundWork();
log.info("worker started", { loops: work.loops, engine: env.DATABASE_ENGINE });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("worker stopping", { signal });
  await work.stop();
  log.info("worker stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
