/*
 * Runs once when a Next.js server starts: migrate, seed and start the background loops of the
 * service, then of the portal. Only in the Node.js runtime; both need the file system and native
 * database drivers.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startService } = await import("./lib/service/start-service");
    await startService();
    const { startPortal } = await import("./lib/portal/start-portal");
    await startPortal();
  }
}
