import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, open, readdir, rename, stat, unlink, type FileHandle } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";

import ssh2, { type AuthContext, type Connection, type SFTPWrapper } from "ssh2";

import type { Db } from "../../db/client";
import { errorFields, log } from "../../log";
import type { Clock } from "../../platform/clock";
import { environment as environmentById, isEnvironmentId, type Environment } from "../../spec/environments";
import { MAX_ZIP_BODY_BYTES } from "../../spec/limits";
import { checkCredentials } from "../auth/issue-token";

import { RESULT_SUFFIX, takeInPackage, type PackageOwner } from "./sftp-intake";
import { acceptsKey } from "./sftp-keys";

/*
 * The SFTP server for ZIP packages (the specification: a letter ZIP may also come by SFTP). A
 * profile signs in as `<environment>.<cid>` with its apicode (checked under POST /token's throttle)
 * or a key from PUT /profile/sftpkeys, and sees one flat folder of its own,
 * DATA_DIR/sftp/<environment>/<cid>; nothing outside it can be named. A file whose name ends in .zip
 * is taken in when its upload closes or when it is renamed to that name (clients that upload to a
 * temporary name); the answer is written beside it (sftp-intake.ts). The package is inflated and
 * checked on the render pool, as POST /jobs's. Only SFTP is served: no shell, no exec, no
 * forwarding.
 */

const { STATUS_CODE, OPEN_MODE } = ssh2.utils.sftp;

/** Connections at once, whoever they are: a bound on what a flood of handshakes may hold. */
const MAX_CONNECTIONS = 64;
/** Open files and listings per session. */
const MAX_HANDLES = 32;
/** Entries a listing answers: a folder is an inbox, not an archive. */
const MAX_LISTED = 1000;
/** A name in the folder: no path, no leading dot (the service's temporary files), no control characters. */
const NAME = /^[A-Za-z0-9_][A-Za-z0-9._ ()+-]{0,99}$/;
/** A client has this long to sign in. */
const AUTH_TIMEOUT_MS = 30_000;

export interface SftpServerOptions {
  db: Db;
  clock: Clock;
  dataDir: string;
  port: number;
  host: string;
  /** The host key, an OpenSSH private key. */
  hostKey: string | Buffer;
}

export interface RunningSftpServer {
  port: number;
  close(): Promise<void>;
}

/** The host key from its file, generated (ed25519) on the first start when the file does not exist. */
export function loadHostKey(file: string): Buffer {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, ssh2.utils.generateKeyPairSync("ed25519").private, { mode: 0o600 });
    log.info("SFTP host key generated", { file });
  }
  return readFileSync(file);
}

export function profileFolder(dataDir: string, environment: string, cid: string): string {
  return path.join(dataDir, "sftp", environment, cid);
}

/** `<environment>.<cid>` → its parts, or null. */
function userOf(username: string): { environment: Environment; cid: string } | null {
  const match = /^([a-z]{3}-[a-z]{4})\.(.{1,100})$/.exec(username);
  if (!match || !isEnvironmentId(match[1]!)) return null;
  return { environment: environmentById(match[1]), cid: match[2]! };
}

async function authenticate(options: SftpServerOptions, context: AuthContext): Promise<(PackageOwner & { cid: string }) | null> {
  const user = userOf(context.username);
  if (!user) return null;
  if (context.method === "password") {
    const checked = await checkCredentials(options.db, user.environment, { cid: user.cid, apicode: context.password.slice(0, 200) }, options.clock);
    return checked.ok ? { profileId: checked.profile.id, environment: user.environment, cid: user.cid } : null;
  }
  if (context.method === "publickey") {
    const profile = await options.db.profile.findUnique({ where: { environment_cid: { environment: user.environment.id, cid: user.cid } } });
    if (!profile || profile.status !== "created") return null;
    const accepted = await acceptsKey(options.db, profile.id, {
      algo: context.key.algo,
      data: context.key.data,
      signature: context.signature,
      blob: context.blob,
      hashAlgo: context.hashAlgo,
    });
    return accepted ? { profileId: profile.id, environment: user.environment, cid: user.cid } : null;
  }
  return null;
}

export function startSftpServer(options: SftpServerOptions): Promise<RunningSftpServer> {
  let connections = 0;
  const server = new ssh2.Server({ hostKeys: [options.hostKey], ident: "NordicReceivables" }, (client: Connection) => {
    connections++;
    client.on("close", () => connections--);
    client.on("error", (error) => log.debug("SFTP connection error", errorFields(error)));
    if (connections > MAX_CONNECTIONS) {
      client.end();
      return;
    }
    const timeout = setTimeout(() => client.end(), AUTH_TIMEOUT_MS);
    let owner: (PackageOwner & { cid: string }) | null = null;
    client.on("authentication", (context) => {
      if (context.method !== "password" && context.method !== "publickey") return context.reject(["publickey", "password"]);
      authenticate(options, context).then(
        (found) => {
          // A key offered without a signature is only asked about: accepting it asks the client to sign.
          if (found && context.method === "publickey" && !context.signature) return context.accept();
          if (!found) return context.reject(["publickey", "password"]);
          owner = found;
          context.accept();
        },
        (error: unknown) => {
          log.error("SFTP sign-in failed", errorFields(error));
          context.reject(["publickey", "password"]);
        },
      );
    });
    client.on("ready", () => {
      clearTimeout(timeout);
      if (!owner) return client.end();
      const signedIn = owner;
      client.on("session", (acceptSession) => {
        const session = acceptSession();
        session.on("sftp", (acceptSftp) => {
          const folder = profileFolder(options.dataDir, signedIn.environment.id, signedIn.cid);
          serveFolder(options, acceptSftp(), folder, signedIn).catch((error: unknown) => log.error("SFTP session failed", errorFields(error)));
        });
        for (const refused of ["exec", "shell", "pty", "subsystem-other"] as const) session.on(refused as "exec", (_accept, reject) => reject?.());
      });
      // Tunnels are not offered.
      client.on("tcpip", (_accept, reject) => reject());
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      server.on("error", (error: Error) => log.error("SFTP server error", errorFields(error)));
      const { port } = server.address() as AddressInfo;
      log.info("SFTP server listening", { host: options.host, port });
      resolve({ port, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

interface OpenFile {
  kind: "file";
  name: string;
  file: FileHandle;
  writing: boolean;
  size: number;
}
interface OpenListing {
  kind: "listing";
  listed: boolean;
}

function attrsOf(stats: { mode: number; size: number; atimeMs: number; mtimeMs: number }) {
  return { mode: stats.mode, uid: 0, gid: 0, size: stats.size, atime: Math.floor(stats.atimeMs / 1000), mtime: Math.floor(stats.mtimeMs / 1000) };
}

function longname(name: string, stats: { isDirectory(): boolean; size: number; mtime: Date }): string {
  const mode = stats.isDirectory() ? "drwx------" : "-rw-------";
  const when = stats.mtime.toISOString().slice(0, 16).replace("T", " ");
  return `${mode} 1 owner owner ${String(stats.size).padStart(10)} ${when} ${name}`;
}

/** The one SFTP session of a signed-in profile: its folder, and nothing else. */
async function serveFolder(options: SftpServerOptions, sftp: SFTPWrapper, folder: string, owner: PackageOwner): Promise<void> {
  await mkdir(folder, { recursive: true });
  const handles = new Map<number, OpenFile | OpenListing>();
  let nextHandle = 1;
  const handleBuffer = (id: number) => {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id);
    return buffer;
  };
  const handleOf = (buffer: Buffer) => (buffer.length === 4 ? handles.get(buffer.readUInt32BE(0)) : undefined);
  const addHandle = (entry: OpenFile | OpenListing): Buffer | null => {
    if (handles.size >= MAX_HANDLES) return null;
    const id = nextHandle++;
    handles.set(id, entry);
    return handleBuffer(id);
  };
  /** "/a.zip", "a.zip", "/./a.zip" → "a.zip"; "/" → ""; anything with a folder or a bad name → null. */
  const nameOf = (requested: string): string | null => {
    const normal = path.posix.normalize(`/${requested}`);
    if (normal === "/") return "";
    const name = normal.slice(1);
    return NAME.test(name) && !name.includes("/") ? name : null;
  };
  const fail = (reqid: number, code: number, message: string) => sftp.status(reqid, code, message);
  const takeIn = (name: string) => {
    takeInPackage(options.db, options.clock, owner, path.join(folder, name)).catch((error: unknown) =>
      log.error("SFTP package failed", { file: name, ...errorFields(error) }),
    );
  };
  const isPackage = (name: string) => name.toLowerCase().endsWith(".zip");

  sftp.on("REALPATH", (reqid, requested) => {
    const name = nameOf(requested);
    const shown = name === null ? "/" : `/${name}`;
    sftp.name(reqid, [{ filename: shown, longname: shown, attrs: {} as never }]);
  });

  const statOf = async (reqid: number, requested: string) => {
    const name = nameOf(requested);
    if (name === null) return fail(reqid, STATUS_CODE.NO_SUCH_FILE, "No such file");
    try {
      sftp.attrs(reqid, attrsOf(await stat(name === "" ? folder : path.join(folder, name))));
    } catch {
      fail(reqid, STATUS_CODE.NO_SUCH_FILE, "No such file");
    }
  };
  sftp.on("STAT", (reqid, requested) => void statOf(reqid, requested));
  sftp.on("LSTAT", (reqid, requested) => void statOf(reqid, requested));

  sftp.on("OPENDIR", (reqid, requested) => {
    if (nameOf(requested) !== "") return fail(reqid, STATUS_CODE.NO_SUCH_FILE, "Only the one folder");
    const handle = addHandle({ kind: "listing", listed: false });
    if (!handle) return fail(reqid, STATUS_CODE.FAILURE, "Too many open handles");
    sftp.handle(reqid, handle);
  });

  sftp.on("READDIR", (reqid, buffer) => {
    const listing = handleOf(buffer);
    if (!listing || listing.kind !== "listing") return fail(reqid, STATUS_CODE.FAILURE, "Not an open folder");
    if (listing.listed) return fail(reqid, STATUS_CODE.EOF, "End of folder");
    listing.listed = true;
    void (async () => {
      const names = (await readdir(folder)).filter((name) => NAME.test(name)).slice(0, MAX_LISTED);
      const entries = [];
      for (const name of names) {
        try {
          const stats = await stat(path.join(folder, name));
          entries.push({ filename: name, longname: longname(name, stats), attrs: attrsOf(stats) });
        } catch {
          // Removed while listed.
        }
      }
      if (entries.length === 0) return fail(reqid, STATUS_CODE.EOF, "End of folder");
      sftp.name(reqid, entries);
    })().catch(() => fail(reqid, STATUS_CODE.FAILURE, "The folder could not be read"));
  });

  sftp.on("OPEN", (reqid, requested, flags) => {
    const name = nameOf(requested);
    if (!name) return fail(reqid, STATUS_CODE.PERMISSION_DENIED, "Name a file in your folder: letters, digits and . _ - ( ) + and spaces");
    const writing = (flags & OPEN_MODE.WRITE) !== 0;
    if (writing && name.endsWith(RESULT_SUFFIX)) return fail(reqid, STATUS_CODE.PERMISSION_DENIED, "Result files are the service's");
    if (handles.size >= MAX_HANDLES) return fail(reqid, STATUS_CODE.FAILURE, "Too many open handles");
    const file = path.join(folder, name);
    // A write without TRUNC goes on where an interrupted upload stopped; positional writes need r+, not a.
    const opened = !writing
      ? open(file, "r")
      : (flags & OPEN_MODE.EXCL) !== 0
        ? open(file, "wx", 0o600)
        : (flags & OPEN_MODE.TRUNC) !== 0
          ? open(file, "w", 0o600)
          : open(file, "r+").catch((error: NodeJS.ErrnoException) => {
              if (error.code === "ENOENT" && (flags & OPEN_MODE.CREAT) !== 0) return open(file, "w", 0o600);
              throw error;
            });
    void opened.then(
      (handleOfFile) => {
        const handle = addHandle({ kind: "file", name, file: handleOfFile, writing, size: 0 });
        if (!handle) {
          void handleOfFile.close();
          return fail(reqid, STATUS_CODE.FAILURE, "Too many open handles");
        }
        sftp.handle(reqid, handle);
      },
      (error: NodeJS.ErrnoException) =>
        fail(reqid, error.code === "ENOENT" ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE, error.code === "EEXIST" ? "The file exists" : "Not opened"),
    );
  });

  sftp.on("WRITE", (reqid, buffer, offset, data) => {
    const entry = handleOf(buffer);
    if (!entry || entry.kind !== "file" || !entry.writing) return fail(reqid, STATUS_CODE.FAILURE, "Not a file open for writing");
    if (offset + data.length > MAX_ZIP_BODY_BYTES) return fail(reqid, STATUS_CODE.FAILURE, `A package is at most ${MAX_ZIP_BODY_BYTES} bytes`);
    entry.size = Math.max(entry.size, offset + data.length);
    void entry.file.write(data, 0, data.length, offset).then(
      () => sftp.status(reqid, STATUS_CODE.OK),
      () => fail(reqid, STATUS_CODE.FAILURE, "Not written"),
    );
  });

  sftp.on("READ", (reqid, buffer, offset, length) => {
    const entry = handleOf(buffer);
    if (!entry || entry.kind !== "file") return fail(reqid, STATUS_CODE.FAILURE, "Not an open file");
    const chunk = Buffer.alloc(Math.min(length, 256 * 1024));
    void entry.file.read(chunk, 0, chunk.length, offset).then(
      ({ bytesRead }) => (bytesRead === 0 ? fail(reqid, STATUS_CODE.EOF, "End of file") : sftp.data(reqid, chunk.subarray(0, bytesRead))),
      () => fail(reqid, STATUS_CODE.FAILURE, "Not read"),
    );
  });

  sftp.on("FSTAT", (reqid, buffer) => {
    const entry = handleOf(buffer);
    if (!entry || entry.kind !== "file") return fail(reqid, STATUS_CODE.FAILURE, "Not an open file");
    void entry.file.stat().then(
      (stats) => sftp.attrs(reqid, attrsOf(stats)),
      () => fail(reqid, STATUS_CODE.FAILURE, "Not read"),
    );
  });

  // Times and modes are the service's to keep; a client setting them (scp -p) is told it worked.
  sftp.on("FSETSTAT", (reqid) => sftp.status(reqid, STATUS_CODE.OK));
  sftp.on("SETSTAT", (reqid) => sftp.status(reqid, STATUS_CODE.OK));

  sftp.on("CLOSE", (reqid, buffer) => {
    const entry = handleOf(buffer);
    if (!entry) return fail(reqid, STATUS_CODE.FAILURE, "Not an open handle");
    handles.delete(buffer.readUInt32BE(0));
    if (entry.kind === "listing") return sftp.status(reqid, STATUS_CODE.OK);
    void entry.file.close().then(
      () => {
        sftp.status(reqid, STATUS_CODE.OK);
        if (entry.writing && isPackage(entry.name)) takeIn(entry.name);
      },
      () => fail(reqid, STATUS_CODE.FAILURE, "Not closed"),
    );
  });

  sftp.on("REMOVE", (reqid, requested) => {
    const name = nameOf(requested);
    if (!name) return fail(reqid, STATUS_CODE.NO_SUCH_FILE, "No such file");
    void unlink(path.join(folder, name)).then(
      () => sftp.status(reqid, STATUS_CODE.OK),
      () => fail(reqid, STATUS_CODE.NO_SUCH_FILE, "No such file"),
    );
  });

  sftp.on("RENAME", (reqid, from, to) => {
    const source = nameOf(from);
    const target = nameOf(to);
    if (!source || !target) return fail(reqid, STATUS_CODE.PERMISSION_DENIED, "Only files of your folder, by allowed names");
    if (target.endsWith(RESULT_SUFFIX)) return fail(reqid, STATUS_CODE.PERMISSION_DENIED, "Result files are the service's");
    void rename(path.join(folder, source), path.join(folder, target)).then(
      () => {
        sftp.status(reqid, STATUS_CODE.OK);
        if (isPackage(target) && !isPackage(source)) takeIn(target);
      },
      () => fail(reqid, STATUS_CODE.NO_SUCH_FILE, "Not renamed"),
    );
  });

  for (const refused of ["MKDIR", "RMDIR", "SYMLINK", "READLINK"] as const) {
    sftp.on(refused, (reqid: number) => fail(reqid, STATUS_CODE.OP_UNSUPPORTED, "One flat folder: no folders or links"));
  }

  // The client is done (OpenSSH's sftp sends EOF and waits for the channel to close).
  sftp.on("end", () => sftp.end());
  sftp.on("close", () => {
    for (const entry of handles.values()) if (entry.kind === "file") void entry.file.close().catch(() => undefined);
    handles.clear();
  });
}
