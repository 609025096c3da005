import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import ssh2, { type SFTPWrapper } from "ssh2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as getKeys, PUT as putKeys } from "@/app/rest/profile/sftpkeys/route";
import { getDb } from "@/lib/db/client";
import { systemClock } from "@/lib/platform/clock";
import type { JobsResponse } from "@/lib/spec/jobs";
import { envelope, invoice, letter, TINY_PDF } from "@/lib/testing/jobs";
import { call, json, profileWithToken } from "@/lib/testing/rest";
import { buildZip } from "@/lib/testing/zip";

import { fingerprintOf } from "./sftp-keys";
import { generateEd25519, removeOldFiles, SFTP_RETENTION_DAYS, startSftpServer, type RunningSftpServer } from "./sftp-server";

/*
 * The SFTP server against a real database, driven by real SFTP clients: ssh2's, and OpenSSH's
 * sftp where the machine has it. A package put there is taken in as POST /jobs takes it, its answer
 * written beside it; a profile reaches only its own folder.
 */

const pexec = promisify(execFile);
let server: RunningSftpServer;
let dataDir: string;
let profile: { id: string; cid: string; token: string; apicode: string };
let other: { id: string; cid: string; token: string; apicode: string };

async function withApicode(environment: "fin-test") {
  const made = await profileWithToken(environment);
  return { ...made, apicode: `apicode-${made.id}` };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "sftp-"));
  server = await startSftpServer({
    db: getDb(),
    clock: systemClock,
    dataDir,
    port: 0,
    host: "127.0.0.1",
    hostKey: generateEd25519().private,
  });
  profile = await withApicode("fin-test");
  other = await withApicode("fin-test");
});

afterAll(async () => {
  await server.close();
});

/** A signed-in ssh2 client's SFTP channel; rejects when sign-in fails. */
function connect(auth: { username: string; password?: string; privateKey?: string }): Promise<{ sftp: SFTPWrapper; end: () => void }> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    client
      .on("ready", () => client.sftp((error, sftp) => (error ? reject(error) : resolve({ sftp, end: () => client.end() }))))
      .on("error", reject)
      .connect({ host: "127.0.0.1", port: server.port, readyTimeout: 20_000, ...auth });
  });
}

const put = (sftp: SFTPWrapper, name: string, content: Buffer) =>
  new Promise<void>((resolve, reject) => {
    const stream = sftp.createWriteStream(name);
    stream.on("close", () => resolve()).on("error", reject);
    stream.end(content);
  });
const list = (sftp: SFTPWrapper, folder = "/") =>
  new Promise<string[]>((resolve, reject) =>
    sftp.readdir(folder, (error, entries) => (error ? reject(error) : resolve(entries.map((entry) => entry.filename).sort()))),
  );
const read = (sftp: SFTPWrapper, name: string) =>
  new Promise<string>((resolve, reject) => sftp.readFile(name, (error, data) => (error ? reject(error) : resolve(data.toString("utf8")))));
const statusOf = (operation: (done: (error: Error | null | undefined) => void) => void) =>
  new Promise<string>((resolve) => operation((error) => resolve(error ? error.message : "ok")));

async function resultOf(sftp: SFTPWrapper, name: string): Promise<JobsResponse & { status?: number; detail?: string }> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await list(sftp)).includes(`${name}.result.json`)) return JSON.parse(await read(sftp, `${name}.result.json`)) as JobsResponse;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no result for ${name}`);
}

async function aPackage(ownref: string): Promise<Buffer> {
  return buildZip([
    { name: "index.json", content: JSON.stringify(envelope(letter({ ownref: `${ownref}-letter`, image: { filename: "letter.pdf" } }), invoice({ ownref }))) },
    { name: "letter.pdf", content: TINY_PDF },
  ]);
}

describe("the SFTP server", () => {
  it("takes in a package put with the apicode as password, writes its answer beside it, and takes the same file once", async () => {
    const { sftp, end } = await connect({ username: `fin-test.${profile.cid}`, password: profile.apicode });
    try {
      const zip = await aPackage("sftp-1");
      await put(sftp, "batch-1.zip", zip);
      const answer = await resultOf(sftp, "batch-1.zip");
      expect(answer.result.map((record) => [record.ownref, record.accepted])).toEqual([
        ["sftp-1-letter", 1],
        ["sftp-1", 1],
      ]);
      const jobids = answer.result.map((record) => record.jobid!);
      expect(await getDb().job.count({ where: { id: { in: jobids }, profileId: profile.id } })).toBe(2);

      // Uploaded again after a dropped connection: the same answer, nothing stored twice.
      await new Promise<void>((resolve, reject) => sftp.unlink("batch-1.zip.result.json", (error) => (error ? reject(error) : resolve())));
      await put(sftp, "batch-1.zip", zip);
      expect((await resultOf(sftp, "batch-1.zip")).result.map((record) => record.jobid)).toEqual(jobids);
      expect(await getDb().job.count({ where: { profileId: profile.id } })).toBe(2);
    } finally {
      end();
    }
  });

  it("takes in a package uploaded under a temporary name when it is renamed, and answers a bad package with the problem", async () => {
    const { sftp, end } = await connect({ username: `fin-test.${profile.cid}`, password: profile.apicode });
    try {
      await put(sftp, "batch-2.zip.filepart", await aPackage("sftp-2"));
      expect(await list(sftp)).not.toContain("batch-2.zip.filepart.result.json");
      expect(await statusOf((done) => sftp.rename("batch-2.zip.filepart", "batch-2.zip", done))).toBe("ok");
      expect((await resultOf(sftp, "batch-2.zip")).result.map((record) => record.accepted)).toEqual([1, 1]);

      await put(sftp, "broken.zip", Buffer.from("this is no zip"));
      const problem = await resultOf(sftp, "broken.zip");
      expect(problem).toMatchObject({ status: 400, type: expect.stringContaining("/rest/problems/") });
    } finally {
      end();
    }
  });

  it("keeps a profile in its own folder and refuses what it may not do", async () => {
    const { sftp, end } = await connect({ username: `fin-test.${other.cid}`, password: other.apicode });
    try {
      expect(await list(sftp)).toEqual([]);
      // Above its folder is its folder.
      expect(await list(sftp, "/..")).toEqual([]);
      expect(await statusOf((done) => sftp.readFile(`../${profile.cid}/batch-1.zip.result.json`, (error) => done(error)))).not.toBe("ok");
      expect(await statusOf((done) => sftp.mkdir("inner", done))).not.toBe("ok");
      expect(await statusOf((done) => sftp.writeFile("mine.zip.result.json", "{}", done))).not.toBe("ok");
      expect(await statusOf((done) => sftp.writeFile(".hidden", "x", done))).not.toBe("ok");
    } finally {
      end();
    }
    await expect(connect({ username: `fin-test.${profile.cid}`, password: "not-the-apicode" })).rejects.toThrow(/authentication/i);
    await expect(connect({ username: `nowhere.${profile.cid}`, password: profile.apicode })).rejects.toThrow(/authentication/i);
    expect(existsSync(path.join(dataDir, "sftp", "fin-test", other.cid))).toBe(true);
  });

  it("lists a folder a hundred names at a time, bounds the open files of a connection, and forgets a package's old answer when it comes again", async () => {
    const third = await withApicode("fin-test");
    const { sftp, end } = await connect({ username: `fin-test.${third.cid}`, password: third.apicode });
    try {
      // Twenty at a time: more open files at once than a connection may hold are refused (below).
      for (let start = 0; start < 150; start += 20) {
        await Promise.all(
          Array.from({ length: Math.min(20, 150 - start) }, (_, offset) => put(sftp, `note-${String(start + offset).padStart(3, "0")}.txt`, Buffer.from("x"))),
        );
      }
      expect(await list(sftp)).toHaveLength(150);

      const opened = await Promise.all(
        Array.from({ length: 33 }, (_, index) => statusOf((done) => sftp.open(`note-${String(index).padStart(3, "0")}.txt`, "r", (error) => done(error)))),
      );
      expect(opened.filter((status) => status === "ok")).toHaveLength(32);
      expect(opened.filter((status) => status !== "ok")).toEqual([expect.stringMatching(/Too many open handles/)]);
    } finally {
      end();
    }

    const again = await connect({ username: `fin-test.${third.cid}`, password: third.apicode });
    try {
      await put(again.sftp, "old.zip", Buffer.from("not a zip"));
      expect((await resultOf(again.sftp, "old.zip")).status).toBe(400);
      // The next upload of the same name takes the old answer away as it opens: what is read after is this package's.
      await put(again.sftp, "old.zip", await aPackage("sftp-again"));
      expect((await resultOf(again.sftp, "old.zip")).result.map((record) => record.accepted)).toEqual([1, 1]);
    } finally {
      again.end();
    }
  });

  it("signs in with a key set by PUT /profile/sftpkeys, and refuses a key that is not the profile's", async () => {
    const key = generateEd25519("erp@example");
    const stranger = generateEd25519();
    const set = await call(putKeys, "/fin-test/rest/profile/sftpkeys", { method: "PUT", body: { keys: [key.public] }, token: profile.token });
    expect(set.status).toBe(200);
    const parsed = ssh2.utils.parseKey(key.public) as ssh2.ParsedKey;
    expect(await json(set)).toEqual({
      username: `fin-test.${profile.cid}`,
      keys: [{ algorithm: "ssh-ed25519", fingerprint: fingerprintOf(parsed.getPublicSSH()), comment: "erp@example", added: expect.any(String) }],
    });
    const { sftp, end } = await connect({ username: `fin-test.${profile.cid}`, privateKey: key.private });
    expect(await list(sftp)).toContain("batch-1.zip");
    end();
    await expect(connect({ username: `fin-test.${profile.cid}`, privateKey: stranger.private })).rejects.toThrow(/authentication/i);
    // Another profile's key does not open this profile's folder.
    await expect(connect({ username: `fin-test.${other.cid}`, privateKey: key.private })).rejects.toThrow(/authentication/i);

    const weak = ssh2.utils.generateKeyPairSync("rsa", { bits: 1024 }).public;
    const refused = await call(putKeys, "/fin-test/rest/profile/sftpkeys", {
      method: "PUT",
      body: { keys: [key.public, weak, "ssh-ed25519 AAAA"] },
      token: profile.token,
    });
    expect(refused.status).toBe(400);
    expect((await json<{ problems: { field: string }[] }>(refused)).problems.map((problem) => problem.field)).toEqual(["keys[1]", "keys[2]"]);
    const listed = await json<{ keys: unknown[] }>(await call(getKeys, "/fin-test/rest/profile/sftpkeys", { method: "GET", token: profile.token }));
    expect(listed.keys).toHaveLength(1);
  });

  it("removes files past the retention days, and keeps newer ones", async () => {
    const folder = path.join(dataDir, "sftp", "fin-test", "retention-test");
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "old.zip"), "x");
    writeFileSync(path.join(folder, "new.zip"), "x");
    const old = new Date(Date.now() - (SFTP_RETENTION_DAYS + 1) * 86_400_000);
    utimesSync(path.join(folder, "old.zip"), old, old);
    expect(await removeOldFiles(dataDir, new Date())).toBe(1);
    expect(readdirSync(folder)).toEqual(["new.zip"]);
  });

  it.skipIf(!existsSync("/usr/bin/sftp"))("takes a package from OpenSSH's sftp in batch mode", async () => {
    const key = generateEd25519();
    const folder = mkdtempSync(path.join(os.tmpdir(), "sftp-client-"));
    const keyFile = path.join(folder, "id_ed25519");
    writeFileSync(keyFile, key.private, { mode: 0o600 });
    writeFileSync(path.join(folder, "batch-3.zip"), await aPackage("sftp-3"));
    writeFileSync(path.join(folder, "commands"), "put batch-3.zip\nls\n");
    await call(putKeys, "/fin-test/rest/profile/sftpkeys", { method: "PUT", body: { keys: [key.public] }, token: other.token });
    const { stdout } = await pexec(
      "/usr/bin/sftp",
      [
        "-P",
        String(server.port),
        "-i",
        keyFile,
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        `UserKnownHostsFile=${path.join(folder, "known_hosts")}`,
        "-o",
        "BatchMode=yes",
        "-b",
        path.join(folder, "commands"),
        `fin-test.${other.cid}@127.0.0.1`,
      ],
      { cwd: folder, timeout: 30_000 },
    );
    expect(stdout).toContain("batch-3.zip");
    const result = path.join(dataDir, "sftp", "fin-test", other.cid, "batch-3.zip.result.json");
    for (let attempt = 0; attempt < 100 && !existsSync(result); attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((JSON.parse(readFileSync(result, "utf8")) as JobsResponse).result.map((record) => record.accepted)).toEqual([1, 1]);
  });
});
