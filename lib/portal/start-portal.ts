import { getDb } from "../db/client";
import { getEnv } from "../env";
import { errorFields, log } from "../log";

import { upgradeCasesToCustomers } from "./customers/link-existing-cases";
import { DEMO_USERS, followAppAddress, seedPortal } from "./seed/seed-portal";

/*
 * What the portal does once when the app starts, after the service: seed its first users. Its
 * loops (registering its receiver with the connected services, polling where push is off) run with
 * the service's on the background thread (lib/background).
 */

export async function startPortal(): Promise<void> {
  const env = getEnv();
  const db = getDb();
  try {
    const outcome = await seedPortal(db);
    if (outcome.seeded === "demo") {
      const lines = DEMO_USERS.map((user) => `  ${user.role.padEnd(7)} ${user.email}   password ${user.password}`);
      process.stdout.write(`Portal demo users (sign in at ${env.PUBLIC_BASE_URL}/sign-in):\n${lines.join("\n")}\n`);
    } else if (outcome.seeded === "admin" && outcome.generatedPassword) {
      process.stdout.write(
        `Portal admin created: ${env.PORTAL_ADMIN_EMAIL} with password ${outcome.generatedPassword} (shown once; change it on the Account page after signing in).\n`,
      );
    }
  } catch (error) {
    // Another instance seeded at the same moment: its users stand.
    if ((await db.portalOrganization.count()) === 0) throw error;
    log.debug("portal seed skipped", errorFields(error));
  }
  // Once per database, in small transactions beside the requests: a start never waits for it or
  // fails on it (a lock held by an upload being recorded); unfinished, it runs again at the next start.
  void upgradeCasesToCustomers(db).then(
    (linked) => {
      if (linked !== null) log.info("cases linked to the customer register", { cases: linked });
    },
    (error: unknown) => log.warn("linking earlier cases to the customer register failed; the next start tries again", errorFields(error)),
  );
  const moved = await followAppAddress(db);
  if (moved > 0) log.info("demo connections now reach the embedded service at this address", { connections: moved, address: env.PUBLIC_BASE_URL });
}
