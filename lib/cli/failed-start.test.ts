import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

/*
 * A start that fails, fails: `npm run worker` and the app's start (the register() hook Next.js
 * calls from instrumentation.ts before it serves anything) end the process with exit code 1 and
 * the reason on stderr when the environment is wrong or the database cannot be reached, instead of
 * running on and answering every request with a 500. Each is run as its own process, as an
 * orchestrator would run it, with only the variables given here. `next start` itself needs a
 * production build, so the app's side runs the hook it calls, under the Node.js runtime it runs in.
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), "failed-start-"));
const BOUND_MS = 60_000;
/** Values that must never be printed, whatever the reason for the failure. */
const PASSWORD = "db-password-never-printed";
const SHORT_SECRET = "jwt-secret-never-printed";

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A port on 127.0.0.1 that nothing listens on: one the system just handed out, closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type Entry = "worker" | "app";

const ARGS: Record<Entry, string[]> = {
  worker: ["--import", "tsx", path.join(process.cwd(), "lib/cli/worker.ts")],
  app: ["--import", "tsx", "-e", `import(${JSON.stringify(path.join(process.cwd(), "instrumentation.ts"))}).then((hook) => hook.register())`],
};

/** Runs an entry point with exactly these variables; its exit code (null when it had to be killed), its stderr and all it printed. */
function start(entry: Entry, variables: Record<string, string>): Promise<{ code: number | null; stderr: string; output: string }> {
  return new Promise((resolve, reject) => {
    // Nothing of the test run's own environment (its database, LOG_LEVEL=silent) reaches the child.
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: "development",
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? os.tmpdir(),
      DATA_DIR: dataDir,
      SFTP_PORT: "off",
      NEXT_RUNTIME: "nodejs",
      ...variables,
    };
    const child = spawn(process.execPath, ARGS[entry], { cwd: process.cwd(), env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), BOUND_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, output });
    });
  });
}

describe.each<Entry>(["worker", "app"])("the %s's start", (entry) => {
  it("ends with exit code 1, naming the refused connection, when the database cannot be reached", async () => {
    const port = await closedPort();
    const { code, stderr, output } = await start(entry, { DATABASE_URL: `postgresql://service:${PASSWORD}@127.0.0.1:${port}/receivables` });
    expect(code, output.slice(-2_000)).not.toBeNull();
    expect(code).toBe(1);
    expect(stderr).toContain("ECONNREFUSED");
    expect(stderr).toContain(`127.0.0.1:${port}`);
    expect(output).not.toContain(PASSWORD);
  }, 90_000);

  it("ends with exit code 1, naming each wrong variable, when the environment is invalid", async () => {
    const { code, stderr, output } = await start(entry, { SERVICE_JWT_SECRET: SHORT_SECRET, LOG_LEVEL: "chatty" });
    expect(code, output.slice(-2_000)).not.toBeNull();
    expect(code).toBe(1);
    expect(stderr).toContain("Invalid environment");
    expect(stderr).toContain("SERVICE_JWT_SECRET: must be at least 32 characters");
    expect(stderr).toMatch(/LOG_LEVEL: /);
    expect(output).not.toContain(SHORT_SECRET);
  }, 90_000);

  it("ends with exit code 1 when PostgreSQL in production lacks the shared secrets, before connecting", async () => {
    const port = await closedPort();
    const { code, stderr, output } = await start(entry, {
      NODE_ENV: "production",
      DATABASE_URL: `postgresql://service:${PASSWORD}@127.0.0.1:${port}/receivables`,
    });
    expect(code, output.slice(-2_000)).not.toBeNull();
    expect(code).toBe(1);
    expect(stderr).toContain("SERVICE_JWT_SECRET: is required when DATABASE_URL is PostgreSQL in production");
    expect(stderr).toContain("SERVICE_DATA_KEY: is required when DATABASE_URL is PostgreSQL in production");
    expect(output).not.toContain("ECONNREFUSED");
    expect(output).not.toContain(PASSWORD);
  }, 90_000);
});
