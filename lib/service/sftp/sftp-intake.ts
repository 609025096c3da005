import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";

import type { Db } from "../../db/client";
import { errorFields, log } from "../../log";
import type { Clock } from "../../platform/clock";
import { writeFileAtomically } from "../../platform/write-file-atomically";
import type { Environment } from "../../spec/environments";
import { MAX_ZIP_BODY_BYTES } from "../../spec/limits";
import { ServiceError } from "../errors";
import { problemBody } from "../http/rest-handler";
import { checkOnPool } from "../intake/check-on-pool";
import { postJobs } from "../intake/post-jobs";

/*
 * A ZIP package put on the SFTP server goes into the same intake as POST /jobs with
 * application/zip, and its answer (the result records, or the problem) is written beside it as
 * `<name>.result.json`, whole or not at all. The package's name and bytes are its Idempotency-Key:
 * the same file uploaded again, after a dropped connection, is answered as the first time and
 * stores nothing twice; a changed file under the same name is a new request.
 */

/** The answer's file beside the package. */
export const RESULT_SUFFIX = ".result.json";

export interface PackageOwner {
  profileId: string;
  environment: Environment;
}

export async function takeInPackage(db: Db, clock: Clock, owner: PackageOwner, file: string): Promise<{ status: number }> {
  const name = path.basename(file);
  let answer: { status: number; body: unknown };
  try {
    const profile = await db.profile.findUnique({ where: { id: owner.profileId } });
    if (!profile || profile.status !== "created" || profile.environment !== owner.environment.id) {
      throw new ServiceError("unauthorized", "The profile of this folder is not active.");
    }
    // The server bounds each write; a file resized past it since is refused unread.
    if ((await stat(file)).size > MAX_ZIP_BODY_BYTES) {
      throw new ServiceError("payload_too_large", `A package is at most ${MAX_ZIP_BODY_BYTES} bytes.`);
    }
    const body = await readFile(file);
    const digest = createHash("sha256").update(body).digest("hex");
    const outcome = await postJobs(db, {
      profile,
      environment: owner.environment,
      checkJobs: () => checkOnPool("checkZipJobs", body, owner.environment),
      source: "zip",
      body,
      idempotencyKey: `sftp:${digest}:${name}`.slice(0, 255),
      clock,
    });
    answer = { status: outcome.status, body: outcome.body };
  } catch (error) {
    if (!(error instanceof ServiceError)) log.error("SFTP package not taken in", { profileId: owner.profileId, file: name, ...errorFields(error) });
    const problem = problemBody(
      error instanceof ServiceError ? error : new ServiceError("internal", "Something went wrong on our side; upload the package again later."),
    );
    answer = { status: problem.status, body: problem };
  }
  writeFileAtomically(`${file}${RESULT_SUFFIX}`, `${JSON.stringify(answer.body, null, 2)}\n`);
  log.info("SFTP package taken in", { profileId: owner.profileId, file: name, status: answer.status });
  return { status: answer.status };
}
