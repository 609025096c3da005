/*
 * Customer service's command to move a case's due date, for the end customer who asked or for
 * another reason, recording who made the change and why:
 *   npm run case:duedate -- --environment fin-prod --cid 100001 --job 4711 --date 2026-12-31 \
 *     --source end-customer --by "Maija Meikäläinen" --reason "Asked by phone for two more weeks"
 * The API user hears of it as a duedateupdate event with source aspa_end_customer_request (or
 * aspa_other_reason); a test profile's own clock decides what "today" is.
 */
import { z } from "zod";

import { closeDb, getDb } from "../db/client";
import { migrate } from "../db/migrate";
import { getEnv } from "../env";
import { systemClock } from "../platform/clock";
import { ServiceError } from "../service/errors";
import { profileClock } from "../service/lifecycle/profile-clock";
import { updateDueDate } from "../service/payments/update-due-date";
import { environment as environmentById, ENVIRONMENT_IDS } from "../spec/environments";
import { calendarDate } from "../spec/primitives";

import { parseOptions } from "./args";

const SOURCES = { "end-customer": "aspa_end_customer_request", other: "aspa_other_reason" } as const;

const options = parseOptions(
  'npm run case:duedate -- --environment <id> --cid <cid> --job <jobid> --date YYYY-MM-DD --source end-customer|other --by "<name>" --reason "<why>"',
  {
    environment: z.enum(ENVIRONMENT_IDS),
    cid: z.string().min(1),
    job: z.coerce.number().int().positive(),
    date: calendarDate(),
    source: z.enum(Object.keys(SOURCES) as [keyof typeof SOURCES, ...(keyof typeof SOURCES)[]]),
    by: z.string().trim().min(2).max(100),
    reason: z.string().trim().min(3).max(500),
  },
);

await migrate(getEnv().DATABASE_URL);
const db = getDb();
const environment = environmentById(options.environment);
const profile = await db.profile.findUnique({ where: { environment_cid: { environment: options.environment, cid: options.cid } } });
if (!profile) {
  console.error(`No profile ${options.cid} in ${options.environment}.`);
  process.exit(1);
}
try {
  const moved = await updateDueDate(
    db,
    { environment, profile, clock: profileClock(systemClock, profile, environment) },
    options.job,
    { currentpaydate: options.date },
    { source: SOURCES[options.source], changedBy: options.by, reason: options.reason },
  );
  console.log(
    `job ${moved.jobid}: due ${moved.currentpaydate} (was ${moved.previousDate}); the API user gets a duedateupdate event (${SOURCES[options.source]})`,
  );
} catch (error) {
  if (!(error instanceof ServiceError)) throw error;
  console.error(error.message, ...(error.problems ?? []).map((problem) => `\n  ${problem.field}: ${problem.message}`));
  process.exitCode = 1;
} finally {
  await closeDb();
}
