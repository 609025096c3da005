/*
 * Runs once when a Next.js server starts: migrate and seed the service, start its SFTP server, then the portal, then
 * start the background thread that runs both halves' loops (unless WORKERS=off, when
 * `npm run worker` runs them). Only in the Node.js runtime; all of it needs the file system and
 * native database drivers.
 *
 * A start that fails ends the process with the reason: Next.js would otherwise log the error and
 * go on serving, answering every request with a 500, where an orchestrator should see a crash.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before any request is read: the sign-in limits' client address must be the connected one.
  const { appendPeerToForwardedFor } = await import("./lib/platform/forwarded-for");
  appendPeerToForwardedFor();
  // Pages and the routes no handler times, in http_request_duration_seconds from the first request.
  const { timeRequests } = await import("./lib/platform/request-timing");
  timeRequests();
  try {
    const { startService } = await import("./lib/service/start-service");
    await startService();
    const { startSftp } = await import("./lib/service/sftp/start-sftp");
    await startSftp();
    const { startPortal } = await import("./lib/portal/start-portal");
    await startPortal();
    const { getEnv } = await import("./lib/env");
    if (getEnv().WORKERS === "in-process") {
      const { startBackgroundThread } = await import("./lib/background/background-thread");
      startBackgroundThread();
    }
  } catch (error) {
    process.stderr.write(`The app could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
