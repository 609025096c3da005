import { otherMethodsOf, route } from "@/lib/service/http/route";
import { listSftpKeys, putSftpKeys } from "@/lib/service/sftp/sftp-keys";
import { profileOperations } from "@/lib/spec/operations/profiles";

/** GET /profile/sftpkeys: the profile's SFTP user name and the public keys that may sign in with it. */
export const GET = route(profileOperations.getSftpKeys, async ({ db, environment, principal }) =>
  Response.json(await listSftpKeys(db, environment, principal.profile)),
);

/** PUT /profile/sftpkeys: the keys that may sign in, replacing the list before. */
export const PUT = route(profileOperations.putSftpKeys, async ({ db, clock, environment, principal, body }) =>
  Response.json(await putSftpKeys(db, environment, principal.profile, body, clock.now())),
);

export const { POST, PATCH, DELETE } = otherMethodsOf(profileOperations.getSftpKeys.path);
