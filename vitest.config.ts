import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/*
 * Three projects: unit tests (pure code, no database) and the API tests twice, once on SQLite and
 * once on PostgreSQL. Each API test file gets a database of its own (lib/testing/*-database.ts),
 * copied from one the run migrated once (lib/testing/*-template.ts).
 * `npm test` chooses the projects; `npx vitest --project unit` runs one.
 *
 * One test file per core at once: Vitest's default in a run is one fewer than the cores, a single
 * worker on a 2-core machine, while the API tests spend much of their time waiting on the
 * database, the render threads and their own HTTP servers. The few tests that hold a request's
 * latency or the event loop's delay to a bound (TIMED) run afterwards, one file at a time, in the
 * projects api-sqlite-timed and api-postgres-timed: beside other test files on the same cores they
 * measure the machine's load, not the code.
 */

const shared = {
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
};

const unitTests = ["lib/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts"];
const apiTests = ["app/**/*.api.test.ts", "lib/**/*.api.test.ts"];
const TIMED = [
  "lib/service/distribution/responsive-while-rendering.api.test.ts",
  "lib/service/payments/responsive-while-reading-statement.api.test.ts",
  "lib/background/background-thread.api.test.ts",
];
const WORKERS = Math.max(2, os.availableParallelism());

/**
 * The test files that need a module registry of their own: those that replace a module (vi.mock
 * takes effect only where the module is not loaded yet), and the /metrics test, which reads the
 * process's metrics that other files' render and background threads add to.
 */
const OWN_MODULES = [
  ...["app", "lib", "components"].flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: "utf8" })
      .map((file) => `${folder}/${file}`)
      .filter((file) => file.endsWith(".test.ts") && /\bvi\.(do)?mock\(/i.test(readFileSync(file, "utf8"))),
  ),
  "app/metrics/metrics.api.test.ts",
  // Loads a second copy of a module, as a Next.js build holds it twice.
  "lib/db/postgres-adapter.api.test.ts",
];

const api = (engine: "sqlite" | "postgres") => ({
  globalSetup: [`lib/testing/${engine}-template.ts`],
  setupFiles: [`lib/testing/${engine}-database.ts`],
  environment: "node",
  testTimeout: 60_000,
  hookTimeout: 60_000,
});

/**
 * A project's files share a worker's modules (isolate: false): a file no longer imports the app,
 * Prisma and the render pool's threads afresh, which took longer than most files' tests (the API
 * tests on SQLite: 229 s alone, 78 s shared). Files that need their own modules (OWN_MODULES) run
 * in the project's "-isolated" twin.
 */
const sharedAndIsolated = (name: string, include: string[], exclude: string[], holds: (file: string) => boolean, options: Record<string, unknown>) => [
  { ...shared, test: { name, include, exclude: [...exclude, ...OWN_MODULES], isolate: false, maxWorkers: WORKERS, ...options } },
  { ...shared, test: { name: `${name}-isolated`, include: OWN_MODULES.filter(holds), maxWorkers: WORKERS, ...options } },
];
const isApiTest = (file: string) => file.endsWith(".api.test.ts");

/**
 * Files that take minutes, started first: on a fresh clone Vitest has no durations of an earlier
 * run and orders by file size, which started the fuzz test (about four minutes on SQLite) two
 * minutes in, so the run waited on it alone at the end.
 */
const SLOW_FIRST = ["app/rest/fuzz.api.test.ts", "lib/service/workers/worker-crash.api.test.ts", "lib/service/sftp/sftp.api.test.ts"];
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => SLOW_FIRST.some((name) => file.moduleId.endsWith(`/${name}`));
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}

export default defineConfig({
  ...shared,
  test: {
    // Tests' event receivers listen on 127.0.0.1 (lib/testing/webhook-receiver.ts).
    env: { LOG_LEVEL: "silent", DEMO_DATA: "false", PRIVATE_NETWORK_ALLOWLIST: "127.0.0.1" },
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      ...sharedAndIsolated("unit", unitTests, apiTests, (file) => !isApiTest(file), { environment: "node" }),
      ...sharedAndIsolated("api-sqlite", apiTests, TIMED, (file) => isApiTest(file) && !TIMED.includes(file), api("sqlite")),
      ...sharedAndIsolated("api-postgres", apiTests, TIMED, (file) => isApiTest(file) && !TIMED.includes(file), api("postgres")),
      // Each group runs after the one before has finished, alone on the machine.
      { ...shared, test: { name: "api-sqlite-timed", include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 }, ...api("sqlite") } },
      { ...shared, test: { name: "api-postgres-timed", include: TIMED, maxWorkers: 1, sequence: { groupOrder: 2 }, ...api("postgres") } },
    ],
  },
});
