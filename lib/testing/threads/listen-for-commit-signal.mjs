/*
 * A worker thread for the commit-signal test: it subscribes to a channel through the module the
 * app uses and tells its parent when the signal comes.
 */
import { parentPort, workerData } from "node:worker_threads";

import { tsImport } from "tsx/esm/api";

const { onCommitSignal, closeCommitSignals } = await tsImport("../../db/commit-signals.ts", import.meta.url);
const stop = onCommitSignal(workerData.channel, () => parentPort.postMessage("signalled"), workerData.databaseUrl);
parentPort.on("message", async (message) => {
  if (message !== "stop") return;
  stop();
  await closeCommitSignals();
  parentPort.close();
});
parentPort.postMessage("listening");
