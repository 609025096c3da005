import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

/*
 * E2E tests drive the built app (`next build` first; `npm test` does it) in a real Chromium: Debian's
 * (below) where it exists, Playwright's own browser otherwise. The server runs on a fresh data
 * folder, so every run starts from the seeded demo data.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
/*
 * Debian's headless shell where it is installed, its full Chromium otherwise. The shell is the same
 * Blink without the browser's own UI, and Playwright's default for headless runs: a spec took 18.1 s
 * of the browser's CPU in it against 34.5 s in the full browser, on a machine whose cores the
 * suite's shards keep full.
 */
const SYSTEM_CHROMIUM = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file));
// Set once in the runner, inherited by its workers: tests read the server's mail outbox from here.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "e2e",
  // Its own folder per build folder and port: two runs side by side (npm test's shards, a dev
  // server's run) must not clean each other's artifacts.
  outputDir: ["test-results/playwright", process.env.NEXT_DIST_DIR, process.env.E2E_PORT]
    .filter(Boolean)
    .join("-")
    .replace(/[^\w/-]/g, ""),
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  // One retry against the built app: a test that fails once and then passes is reported as flaky
  // in the list (its retry recorded as a trace), so a stall of the machine running the suite does not
  // hide the other results, while a test that fails twice still fails the run.
  retries: process.env.E2E_SERVER === "dev" ? 0 : 1,
  // `next dev` compiles each page on its first visit: give it time there. Against the built app a
  // test gets 60 s, twice Playwright's default: two shards side by side keep a 2-core machine's
  // cores full, and there a flow of three sign-ins took 27.6 s on a pass and 30.1 s on a failure.
  // A timeout measures the machine; the expect timeouts still bound each step.
  timeout: process.env.E2E_SERVER === "dev" ? 180_000 : 60_000,
  expect: { timeout: process.env.E2E_SERVER === "dev" ? 60_000 : 5_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Against the built app, recorded on a failed test's retry, not on every test in case it fails:
    // recording every run cost about a sixth of the e2e run's CPU (a spec alone: 27.1 s of CPU with
    // it, 22.8 s without). Without retries (next dev) a failure keeps its trace.
    trace: process.env.E2E_SERVER === "dev" ? "retain-on-failure" : "on-first-retry",
    launchOptions: {
      executablePath: SYSTEM_CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // E2E_SERVER=dev runs the tests against `next dev`, for working on one spec without a build.
    command: `npx next ${process.env.E2E_SERVER === "dev" ? "dev" : "start"} -p ${PORT} -H 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/rest/openapi.json`,
    reuseExistingServer: false,
    timeout: process.env.E2E_SERVER === "dev" ? 180_000 : 60_000,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      DEMO_DATA: "true",
      LOG_LEVEL: "warn",
      PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}`,
      // The app's own SFTP server, beside its HTTP port so two runs side by side do not meet (e2e/sftp.spec.ts).
      SFTP_PORT: String(PORT + 1000),
      SFTP_HOST: "127.0.0.1",
    },
  },
});
