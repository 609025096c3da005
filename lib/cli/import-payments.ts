/*
 * Support's command for a bank file of a profile's collection account:
 *   npm run payments:import -- --environment fin-test --cid <cid> <file.xml>
 * Books the camt.054 or camt.053 exactly as POST /payments/statements does (same matching, same
 * duplicate protection) and prints the summary as JSON. Exit code 2 for a wrong call or file.
 */
import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";

import { z } from "zod";

import { closeDb, getDb } from "../db/client";
import { migrate } from "../db/migrate";
import { getEnv } from "../env";
import { systemClock } from "../platform/clock";
import { ServiceError } from "../service/errors";
import { profileClock } from "../service/lifecycle/profile-clock";
import { importStatement } from "../service/payments/import-statement";
import { closeRenderPool } from "../service/render/render-pool";
import { environment as environmentById, ENVIRONMENT_IDS } from "../spec/environments";
import { MAX_STATEMENT_BYTES } from "../spec/limits";

const USAGE = "npm run payments:import -- --environment <id> --cid <cid> <file.xml>";

function fail(message: string): never {
  console.error(message);
  console.error(`usage: ${USAGE}`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  options: { environment: { type: "string" }, cid: { type: "string" } },
  allowPositionals: true,
  strict: true,
});
const options = z.object({ environment: z.enum(ENVIRONMENT_IDS), cid: z.string().min(1) }).safeParse(values);
if (!options.success) fail(options.error.issues.map((issue) => `--${issue.path.join(".")}: ${issue.message}`).join("\n"));
if (positionals.length !== 1) fail("name exactly one camt.054 or camt.053 file");
const file = positionals[0]!;
const size = await stat(file).then(
  (info) => info.size,
  () => fail(`${file}: no such file`),
);
if (size > MAX_STATEMENT_BYTES) fail(`${file}: larger than ${MAX_STATEMENT_BYTES} bytes`);

const environment = environmentById(options.data.environment);
await migrate(getEnv().DATABASE_URL);
const db = getDb();
try {
  const profile = await db.profile.findUnique({ where: { environment_cid: { environment: environment.id, cid: options.data.cid } } });
  if (!profile) fail(`--cid: there is no profile ${options.data.cid} in ${environment.id}`);
  const content = await readFile(file);
  const summary = await importStatement(db, {
    environment,
    profileId: profile.id,
    content,
    filename: basename(file),
    clock: profileClock(systemClock, profile, environment),
  });
  console.log(JSON.stringify(summary, null, 2));
} catch (error) {
  if (error instanceof ServiceError) fail(`${file}: ${error.message}`);
  throw error;
} finally {
  // The file is read on a render thread (import-statement.ts); the pool goes with the command.
  await closeRenderPool();
  await closeDb();
}
