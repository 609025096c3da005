import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { COLLECTOR_ENV } from "../../lib/testing/fixtures/finnish-collector";

/*
 * The app the benchmarks drive: BENCH_URL when given, otherwise a production server started here on
 * a fresh data folder (built first if there is no build), so the numbers are those of `npm start`.
 */

export interface AppServer {
  url: string;
  /** The app's DATA_DIR (print batches, outboxes), when this module started it. */
  dataDir?: string;
  stop(): Promise<void>;
}

async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/** Whether any process of the group is left. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * What every app and worker a benchmark starts runs with, beside its own settings: they run in
 * production, where a service on PostgreSQL needs its Finnish collector set (lib/env.ts), and the
 * benchmarks' Finnish payment demands name a made-up one.
 */
export const BENCH_ENV = { NODE_ENV: "production" as const, ...COLLECTOR_ENV };

/** A second app beside the one a part runs against gets `portOffset` added to the port. */
export async function startAppServer(env: Record<string, string> = {}, portOffset = 0): Promise<AppServer> {
  // BENCH_URL stands for the app a part drives, never for a second app a part starts beside it (the
  // idle app of `background`, PostgreSQL's of `load`): answered with BENCH_URL, `background`
  // measured its idle POSTs on the loaded app itself, and its POST target against that median.
  if (process.env.BENCH_URL && portOffset === 0) return { url: process.env.BENCH_URL, stop: async () => undefined };
  // next.config.mjs builds into NEXT_DIST_DIR when set, so a benchmark build can stay out of others' way.
  if (!existsSync(path.join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) await run("npx", ["next", "build"]);
  const port = Number(process.env.BENCH_PORT ?? 3300) + portOffset;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  // BENCH_CPU_PROF=<folder>: every thread of the app writes a CPU profile there when it stops
  // (`--cpu-prof` is refused in NODE_OPTIONS, so the server is started through node itself).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const command = profile.length > 0 ? [process.execPath, ...profile, path.resolve("node_modules/next/dist/bin/next")] : ["npx", "next"];
  const child: ChildProcess = spawn(command[0]!, [...command.slice(1), "start", "-p", String(port), "-H", "127.0.0.1"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ...BENCH_ENV,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      // Several servers may run side by side (background-postgres): none takes the SFTP port.
      SFTP_PORT: "off",
      ...env,
    },
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/rest/openapi.json`, 60_000);
  return {
    url,
    dataDir,
    async stop() {
      // The app's worker loops may still be writing into the data folder: wait until every process
      // of the group (npx, next-server) has gone, at most 10 s, before removing it.
      if (child.pid && groupAlive(child.pid)) {
        process.kill(-child.pid, "SIGTERM");
        const until = Date.now() + 10_000;
        while (groupAlive(child.pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
        if (groupAlive(child.pid)) process.kill(-child.pid, "SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}
