/*
 * `npm run bench`: benchmarks that drive the running app (see app-server.ts) and print their
 * figures. `npm run bench -- intake` runs one part.
 */
import { startAppServer } from "./app-server";
import { benchIntake } from "./intake";

const PARTS = { intake: benchIntake } as const;

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
