/*
 * `npm run bench`: benchmarks that drive the running app (see app-server.ts) and print their
 * figures. `npm run bench -- documents` runs one part; `npm run bench -- --help` lists them.
 *
 * Each part gets an app of its own on a fresh data folder: the intake part leaves 33 000 invoices
 * for the in-process distribution worker, whose rounds would otherwise slow the parts after it.
 */
import { startAppServer, type AppServer } from "./app-server";
import { benchBackground } from "./background";
import { benchBackgroundPostgres } from "./background-postgres";
import { benchCases } from "./cases";
import { benchDebtor } from "./debtor";
import { benchDocuments } from "./documents";
import { benchEvents } from "./events";
import { benchIntake } from "./intake";
import { benchLifecycle } from "./lifecycle";
import { benchLoad } from "./load";
import { benchReceiver } from "./receiver";
import { benchTestClock } from "./test-clock";

const PARTS: Record<string, { run: (server: AppServer) => Promise<string[]>; app: boolean; env?: Record<string, string> }> = {
  intake: { run: benchIntake, app: true },
  documents: { run: benchDocuments, app: true },
  // The debtor's online service and pay page, as a phone fetches them.
  debtor: { run: benchDebtor, app: true },
  events: { run: benchEvents, app: true },
  // Requests while 50,000 invoices' documents are made and sent in the background. PostgreSQL's
  // workers drain first, while the SQLite app idles: after its window the SQLite app goes on
  // draining its backlog for minutes, and took the CPU from the workers' figures.
  background: {
    run: async (server) => {
      const postgres = await benchBackgroundPostgres();
      return [...(await benchBackground(server)), "", ...postgres];
    },
    app: true,
  },
  // 50 clients posting 1000-invoice batches for 60 s, on SQLite and on PostgreSQL; intake alone.
  load: { run: benchLoad, app: true, env: { WORKERS: "off" } },
  // One advance of the test clock over 5,000 open cases, with no background work beside it.
  clock: { run: benchTestClock, app: true, env: { WORKERS: "off" } },
  // The sweep runs on a SQLite file of its own, without the app.
  lifecycle: { run: benchLifecycle, app: false },
  // The portal: its case list over 100,000 cases and a million events, and its receiver storing
  // a 500-message batch, each on a SQLite file of its own.
  portal: { run: async () => [...(await benchCases()), "", ...(await benchReceiver())], app: false },
};

// The benchmarks' event receivers listen on 127.0.0.1: allow it to the test environments of this
// process (the events part dispatches in-process) and of the apps and workers it starts.
process.env.PRIVATE_NETWORK_ALLOWLIST ??= "127.0.0.1";

// A name that is no part (a typo, --help) lists the parts and runs nothing: running every part
// instead takes hours and loads the machine for whatever else it measures.
const args = process.argv.slice(2);
const unknown = args.filter((name) => !(name in PARTS));
if (unknown.length > 0) {
  const help = unknown.every((name) => name === "--help" || name === "-h");
  (help ? console.log : console.error)(
    `${help ? "" : `No such part: ${unknown.join(", ")}. `}Parts: ${Object.keys(PARTS).join(", ")}; none named runs them all.`,
  );
  process.exit(help ? 0 : 2);
}
const parts = args.length > 0 ? args : Object.keys(PARTS);
const noApp: AppServer = { url: "", stop: async () => undefined };

console.log(`Benchmarks (${new Date().toISOString()}, Node ${process.version})\n`);
for (const part of parts) {
  const { run, app, env } = PARTS[part]!;
  const server = app ? await startAppServer(env) : noApp;
  try {
    if (app) console.log(`(${part} against ${server.url})`);
    const lines = await run(server);
    console.log(`${lines.join("\n")}\n`);
  } finally {
    await server.stop();
  }
}
