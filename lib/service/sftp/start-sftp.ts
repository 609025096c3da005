import path from "node:path";

import { getDb } from "../../db/client";
import { getEnv } from "../../env";
import { systemClock } from "../../platform/clock";

import { loadHostKey, startSftpServer, type RunningSftpServer } from "./sftp-server";

/** The SFTP server on SFTP_PORT, started with the app (instrumentation.ts); none when SFTP_PORT is off. */
export async function startSftp(): Promise<RunningSftpServer | null> {
  const env = getEnv();
  if (env.SFTP_PORT === "off") return null;
  const hostKey = loadHostKey(env.SFTP_HOST_KEY_FILE ?? path.join(env.DATA_DIR, "sftp-host-key"));
  return startSftpServer({ db: getDb(), clock: systemClock, dataDir: env.DATA_DIR, port: env.SFTP_PORT, host: env.SFTP_HOST, hostKey });
}
