/*
 * `npm run bench`: benchmarks that drive the running app (see app-server.ts) and print their
 * figures. `npm run bench -- documents` runs one part.
 */
import { startAppServer } from "./app-server";
import { benchDocuments } from "./documents";
import { benchEvents } from "./events";
import { benchIntake } from "./intake";
import { benchLifecycle } from "./lifecycle";

const PARTS = { intake: benchIntake, documents: benchDocuments, events: benchEvents, lifecycle: benchLifecycle } as const;

const chosen = process.argv.slice(2).filter((name): name is keyof typeof PARTS => name in PARTS);
const parts = chosen.length > 0 ? chosen : (Object.keys(PARTS) as (keyof typeof PARTS)[]);

const server = await startAppServer();
try {
  console.log(`Benchmarks against ${server.url} (${new Date().toISOString()}, Node ${process.version})\n`);
  for (const part of parts) {
    const lines = await PARTS[part](server);
    console.log(`${lines.join("\n")}\n`);
  }
} finally {
  await server.stop();
}
