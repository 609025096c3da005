/*
 * `npm test`: the whole suite, as CI runs it.
 *
 *   0. formatting (prettier --check), lint (eslint, with the folder boundaries) and typecheck (tsc),
 *      each one check, side by side;
 *   1. unit tests and the API tests on SQLite (vitest, a file per core; the latency tests after
 *      them, alone: vitest.config.ts);
 *   2. the API tests on PostgreSQL, when a server is reachable at TEST_POSTGRES_URL
 *      (default postgresql://postgres@127.0.0.1:5432/postgres), in the same vitest run;
 *      REQUIRE_POSTGRES=1 makes an unreachable server a failure instead of a skip;
 *   3. one `next build` (without its own type check when step 0's passed), then the Playwright e2e
 *      tests in Chromium against it, in E2E_SHARDS shards side by side (default 2), each with a
 *      server and data folder of its own.
 *
 * It ends with each failure named (file, test, the first line of its error) and one line,
 * "N passed, N failed", counted from the runners' JSON reports, so a run that executed no test
 * cannot pass unnoticed, and a reader of the log's last lines knows what failed.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

import { z } from "zod";

import { isPostgresReachable, TEST_POSTGRES_URL } from "../../lib/testing/postgres-server";

import { planShards, specFilter } from "./e2e-shards";

const RESULTS = path.resolve("test-results");

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", () => resolve(1));
  });
}

/** run(), its output kept and given back whole, for steps that run side by side. */
function runCollected(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }));
    child.on("error", (error) => resolve({ code: 1, output: `${error.message}\n` }));
  });
}

/** run(), each line of its output prefixed, for steps that run side by side and print as they go. */
function runPrefixed(prefix: string, command: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      let rest = "";
      stream.on("data", (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split("\n");
        rest = lines.pop()!;
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
      stream.on("end", () => {
        if (rest) out.write(`${prefix}${rest}\n`);
      });
    }
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", () => resolve(1));
  });
}

/**
 * Playwright shards run at once (E2E_SHARDS, default 2): the e2e run was a third of the suite's
 * time with one worker, mostly a browser and a server each waiting on the other.
 */
const E2E_SHARDS = z.coerce.number().int().min(1).max(8).default(2).parse(process.env.E2E_SHARDS);

interface Tally {
  passed: number;
  failed: number;
  /** Of the passed, those that passed only on their retry (Playwright's flaky). */
  flaky: number;
  /** Each failed test, named with its file and the first line of its error. */
  failures: string[];
}

/** The first line of a failure's message, long enough to tell one failure from another. */
const firstLine = (message: string | undefined) =>
  stripVTControlCharacters(message ?? "")
    .trim()
    .split("\n")[0]!
    .slice(0, 240);

const VitestReport = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      message: z.string().optional(),
      assertionResults: z.array(z.object({ fullName: z.string(), status: z.string(), failureMessages: z.array(z.string()).nullish() })),
    }),
  ),
});

function vitestTally(file: string): Tally | null {
  if (!existsSync(file)) return null;
  const report = VitestReport.parse(JSON.parse(readFileSync(file, "utf8")));
  const failures: string[] = [];
  for (const result of report.testResults) {
    const name = path.relative(process.cwd(), result.name);
    const failed = result.assertionResults.filter(({ status }) => status === "failed");
    for (const test of failed) failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed without a failing test: its setup, a hook or an error outside the tests.
    if (result.status === "failed" && failed.length === 0) failures.push(`${name}: ${firstLine(result.message)}`);
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests, flaky: 0, failures };
}

interface PlaywrightSuite {
  specs?: { title: string; ok: boolean; file: string; line: number; tests: { results: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function playwrightFailures(suite: PlaywrightSuite): string[] {
  const own = (suite.specs ?? [])
    .filter((spec) => !spec.ok)
    .map((spec) => {
      const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error;
      return `e2e/${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error?.message)}`;
    });
  return [...own, ...(suite.suites ?? []).flatMap(playwrightFailures)];
}

function playwrightTally(file: string): Tally | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number }; suites: PlaywrightSuite[] };
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    flaky: report.stats.flaky,
    failures: report.suites.flatMap(playwrightFailures),
  };
}

async function main() {
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  const total: Tally = { passed: 0, failed: 0, flaky: 0, failures: [] };
  const fail = (what: string) => {
    total.failed += 1;
    total.failures.push(what);
  };
  const add = (tally: Tally | null, step: string, exitCode: number) => {
    if (tally === null) {
      console.error(`\n${step}: no report was written (exit code ${exitCode}); counted as one failure.`);
      fail(`${step}: no report was written (exit code ${exitCode})`);
      return;
    }
    total.passed += tally.passed;
    total.failed += tally.failed;
    total.flaky += tally.flaky;
    total.failures.push(...tally.failures);
    // A runner that fails without a failing test (a crash, a broken setup file) still fails the run.
    if (exitCode !== 0 && tally.failed === 0) fail(`${step}: exit code ${exitCode} without a failing test`);
  };

  // A lint or type error fails the run like a failing test; they are checks, not tests, so a pass
  // adds nothing. They run at once (each is mostly one thread), each one's output printed whole.
  const checks = await Promise.all(
    (
      [
        ["format", ["prettier", "--check", "--log-level", "warn", "."]],
        ["lint", ["eslint", "."]],
        ["typecheck", ["tsc", "--noEmit"]],
      ] as const
    ).map(async ([step, args]) => ({ step, ...(await runCollected("npx", [...args])) })),
  );
  for (const { step, code, output } of checks) {
    if (output) process.stdout.write(output);
    if (code !== 0) {
      console.error(`\n${step} failed.`);
      fail(`${step} (its output is above)`);
    }
  }

  const projects = ["unit", "unit-isolated", "api-sqlite", "api-sqlite-isolated", "api-sqlite-timed"];
  if (await isPostgresReachable()) {
    projects.push("api-postgres", "api-postgres-isolated", "api-postgres-timed");
  } else if (process.env.REQUIRE_POSTGRES === "1") {
    console.error(`PostgreSQL is not reachable at ${TEST_POSTGRES_URL}, and REQUIRE_POSTGRES=1.`);
    fail(`PostgreSQL is not reachable at ${TEST_POSTGRES_URL}, and REQUIRE_POSTGRES=1`);
  } else {
    console.warn(`\nPostgreSQL is not reachable at ${TEST_POSTGRES_URL}: SKIPPING the API tests on PostgreSQL; only SQLite is tested.\n`);
  }

  const vitestReport = path.join(RESULTS, "vitest.json");
  const vitestExit = await run("npx", [
    "vitest",
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
  ]);
  add(vitestTally(vitestReport), "vitest", vitestExit);

  // The build skips its own type check when tsc above passed: the same files, checked once.
  const typechecked = checks.some(({ step, code }) => step === "typecheck" && code === 0);
  const buildExit = await run("npx", ["next", "build"], typechecked ? { BUILD_TYPECHECKED: "1" } : {});
  if (buildExit !== 0) {
    console.error("\nnext build failed; the e2e tests cannot run.");
    fail("next build (its output is above); the e2e tests did not run");
  } else {
    // Shards side by side, each with its own server and data folder (playwright.config.ts): the
    // specs share their server's demo data and moved clocks, so within a shard they run one at a
    // time; two shards keep a 2-core machine busy while each waits on its server and browser.
    const shards = planShards(E2E_SHARDS);
    const outcomes = await Promise.all(
      shards.map(async (specs, index) => {
        const report = path.join(RESULTS, `playwright-${index + 1}.json`);
        const args = ["playwright", "test", "--reporter=list,json", ...specs.map(specFilter)];
        const env = {
          PLAYWRIGHT_JSON_OUTPUT_NAME: report,
          E2E_PORT: String(3100 + 100 * index),
          E2E_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "e2e-data-")),
        };
        const exitCode = await runPrefixed(shards.length > 1 ? `[e2e ${index + 1}/${shards.length}] ` : "", "npx", args, env);
        return { report, exitCode };
      }),
    );
    for (const { report, exitCode } of outcomes) add(playwrightTally(report), "playwright", exitCode);
  }

  // A test that needed its retry is named in Playwright's list above; the count keeps it in sight.
  const flaky = total.flaky > 0 ? ` (${total.flaky} only on a retry: flaky, see the list above)` : "";
  // The failures again, last, where a reader of only the output's end (a CI log's tail) sees them.
  if (total.failures.length > 0) console.log(`\nFailed:\n${total.failures.map((failure) => `  ${failure}`).join("\n")}`);
  console.log(`\n${total.passed} passed${flaky}, ${total.failed} failed`);
  process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
}

void main();
