import type { WorkerLoop } from "../platform/run-loops";
import { PORTAL_LOOPS } from "../portal/events/portal-loops";
import { WORKER_LOOPS } from "../service/workers/worker-loops";

/*
 * Every background loop of the app: the service's (lib/service/workers) and the portal's
 * (lib/portal/events/portal-loops.ts). The app's background thread and `npm run worker` run this
 * one list, so a loop added to either half runs wherever background work runs.
 */
export const BACKGROUND_LOOPS: readonly WorkerLoop[] = [...WORKER_LOOPS, ...PORTAL_LOOPS];
