/*
 * Support's command to issue a profile's apicode (a new profile from onboarding, or a replacement):
 *   npm run profile:apicode -- --environment fin-prod --cid 100001
 * The previous apicode stops working; tokens already issued run out within two hours.
 */
import { z } from "zod";

import { closeDb, getDb } from "../db/client";
import { migrate } from "../db/migrate";
import { getEnv } from "../env";
import { generateApicode, hashApicode } from "../platform/secret-hash";
import { ENVIRONMENT_IDS } from "../spec/environments";

import { parseOptions } from "./args";

const options = parseOptions("npm run profile:apicode -- --environment <id> --cid <cid>", {
  environment: z.enum(ENVIRONMENT_IDS),
  cid: z.string().min(1),
});

await migrate(getEnv().DATABASE_URL);
const db = getDb();
const profile = await db.profile.findUnique({ where: { environment_cid: { environment: options.environment, cid: options.cid } } });
if (!profile) {
  console.error(`No profile ${options.cid} in ${options.environment}.`);
  process.exit(1);
}
if (profile.status !== "created") {
  console.error(
    `Profile ${options.cid} is still ${profile.status}; it gets an apicode when its onboarding is complete. Missing: ${JSON.stringify(profile.missing)}`,
  );
  process.exit(1);
}
const apicode = generateApicode();
// A new apicode is a new start: tokens of the old one are refused from now (verify-token.ts), and
// keys someone set with such a token no longer open the SFTP folder.
const apicodeHash = await hashApicode(apicode);
// An apicode still on its way to the partner's receiver would be a stale one: it is dropped.
const [, removedKeys] = await db.$transaction([
  db.profile.update({ where: { id: profile.id }, data: { apicodeHash, apicodeIssuedAt: new Date() } }),
  db.sftpKey.deleteMany({ where: { profileId: profile.id } }),
  db.apikeyDelivery.deleteMany({ where: { profileId: profile.id, status: { not: "delivered" } } }),
]);
await closeDb();
console.log(`environment ${options.environment}\ncid         ${options.cid}\napicode     ${apicode}\n(the apicode is not shown again)`);
if (removedKeys.count > 0) console.log(`${removedKeys.count} SFTP key(s) removed: set them again with PUT /profile/sftpkeys.`);
