import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { performance } from "node:perf_hooks";

import pg from "pg";

import { invoice } from "../../lib/testing/jobs";
import { createPostgresDatabase, dropPostgresDatabase, isPostgresReachable } from "../../lib/testing/postgres-server";

import { BENCH_ENV, startAppServer } from "./app-server";
import { COUNTRIES, localAddress, postJobs, tokens, type Environment } from "./background";

/*
 * The scaled deployment: PostgreSQL, the app at WORKERS=off and two `npm run worker` processes
 * (a render thread each, on a 2-core machine) sharing the backlog. Invoices over the three
 * countries and channels are posted, both workers drain them, and the database is read to prove
 * every document was sent exactly once: one delivered dispatch per document, one `delivered`
 * event per dispatch, nothing left pending.
 */

const POSTED = Number(process.env.BENCH_BACKGROUND_PG_JOBS ?? 6_000);
const BATCH = 1000;

function item(environment: Environment, index: number, tag: string) {
  const base = {
    ...localAddress(environment),
    ownref: `pg-${tag}-${index}`,
    payrow: [{ desc: "Subscription", count: "1", amount: "49.90", taxpr: environment === "fin-test" ? "25.5" : "25" }],
  };
  return index % 2 === 0 ? invoice({ ...base, sendtype: "post" }) : invoice({ ...base, sendtype: "email", email: `debtor-${index}@example.com` });
}

function startWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", path.join(process.cwd(), "lib/cli/worker.ts")], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const stopped = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));

export async function benchBackgroundPostgres(): Promise<string[]> {
  if (!(await isPostgresReachable())) return ["background on PostgreSQL: skipped, no server at TEST_POSTGRES_URL"];
  const database = await createPostgresDatabase();
  const secrets = { SERVICE_JWT_SECRET: randomBytes(32).toString("hex"), SERVICE_DATA_KEY: randomBytes(32).toString("hex") };
  const shared = { DATABASE_URL: database.url, DEMO_DATA: "true", ...secrets };
  const server = await startAppServer({ ...shared, WORKERS: "off" }, 2);
  const workers: ChildProcess[] = [];
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const bearer = await tokens(server.url);
    for (let round = 0; round < POSTED / BATCH; round++) {
      const { environment } = COUNTRIES[round % COUNTRIES.length]!;
      const dataset = Array.from({ length: BATCH }, (_, index) => item(environment, index, String(round)));
      await postJobs(server.url, bearer[environment], environment, JSON.stringify({ datastream: { dataset } }));
    }
    // The workers run the portal's loops too, and register its receivers at the app's address.
    const workerEnv = { ...shared, ...BENCH_ENV, PUBLIC_BASE_URL: server.url, DATA_DIR: server.dataDir!, LOG_LEVEL: "warn", RENDER_THREADS: "1" };
    const started = performance.now();
    workers.push(startWorker(workerEnv), startWorker(workerEnv));
    const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    const deadline = Date.now() + 20 * 60_000;
    while (
      (await count(`SELECT count(*) AS n FROM "Job" WHERE "pendingDocument" IS NOT NULL`)) +
        (await count(`SELECT count(*) AS n FROM "Dispatch" WHERE status = 'pending'`)) >
      0
    ) {
      if (Date.now() > deadline) throw new Error("the workers did not drain the backlog in 20 minutes");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const seconds = (performance.now() - started) / 1000;
    for (const worker of workers) worker.kill("SIGTERM");
    await Promise.all(workers.map(stopped));

    const jobs = await count(`SELECT count(*) AS n FROM "Job"`);
    const dispatches = await count(`SELECT count(*) AS n FROM "Dispatch"`);
    const delivered = await count(`SELECT count(*) AS n FROM "Dispatch" WHERE status = 'delivered'`);
    const twice = await count(
      `SELECT count(*) AS n FROM (SELECT "jobId", document FROM "Dispatch" WHERE status = 'delivered' GROUP BY 1, 2 HAVING count(*) > 1) AS repeated`,
    );
    const events = await count(`SELECT count(*) AS n FROM "Event" WHERE type = 'delivery' AND message->>'status' = 'delivered'`);
    const leased = await count(`SELECT count(*) AS n FROM "Dispatch" WHERE "leaseOwner" IS NOT NULL`);
    const exact = jobs === dispatches && dispatches === delivered && twice === 0 && events === delivered && leased === 0;
    return [
      `background on PostgreSQL: ${jobs} invoices (FI, SE, NO; post and e-mail), app at WORKERS=off, two worker processes`,
      `  drained in ${seconds.toFixed(1)} s = ${(jobs / seconds).toFixed(1)} documents/s`,
      `  ${dispatches} dispatches, ${delivered} delivered, ${twice} documents sent twice, ${events} delivered events: ${exact ? "every document sent exactly once" : "NOT exactly once"}${leased > 0 ? ` (${leased} leases left)` : ""}`,
    ];
  } finally {
    for (const worker of workers) if (worker.exitCode === null) worker.kill("SIGKILL");
    await client.end();
    await server.stop();
    await dropPostgresDatabase(database.name);
  }
}
