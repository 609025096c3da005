/*
 * Runs once when a Next.js server starts: migrate, seed and start the background loops. Only in
 * the Node.js runtime; the service needs the file system and native database drivers.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startService } = await import("./lib/service/start-service");
    await startService();
  }
}
