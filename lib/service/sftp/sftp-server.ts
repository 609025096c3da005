import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, open, readdir, rename, stat, truncate, unlink, type FileHandle } from "node:fs/promises";
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
/** Connections of one profile at once. */
const MAX_PROFILE_CONNECTIONS = 8;
/** Open files and listings of a connection, those being opened included. */
const MAX_HANDLES = 32;
/** Requests of a connection being answered at once: a client that sends more waits for answers first. */
const MAX_IN_FLIGHT = 64;
/** Bytes one READ answers: OpenSSH's own request size. */
const READ_CHUNK = 32 * 1024;
/** Entries one READDIR answers; the next READDIR goes on from there. */
const LISTED_PER_REPLY = 100;
/** What a folder may hold: an inbox, not an archive. Removing answered packages makes room. */
const MAX_FOLDER_FILES = 500;
const MAX_FOLDER_BYTES = 2 * 1024 * 1024 * 1024;
/** A name in the folder: no path, no leading dot (the service's temporary files), no control characters. */
const NAME = /^[A-Za-z0-9_][A-Za-z0-9._ ()+-]{0,99}$/;
/** A client has this long to sign in, and a connection this long in all. */
const AUTH_TIMEOUT_MS = 30_000;
const MAX_CONNECTION_MS = 60 * 60 * 1000;
/**
 * Files are kept this long after their last change: a package and its answer are the client's to
 * fetch, not an archive (the jobs themselves are in the service), and a folder has its bounds.
 */
export const SFTP_RETENTION_DAYS = 30;
const RETENTION_SWEEP_MS = 60 * 60 * 1000;
/** Packages waiting for intake on this server, and of one profile: one is taken in at a time. */
const MAX_WAITING_PACKAGES = 100;
const MAX_WAITING_PER_PROFILE = 20;

interface SftpServerOptions {
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

/**
 * An ed25519 key pair in OpenSSH form that ssh2 itself can read back. ssh2's generator strips a
 * leading zero byte of the public key, so about one pair in 256 is malformed (mscdex/ssh2 #1390,
 * #1513, open); such a pair is drawn again.
 */
export function generateEd25519(comment?: string): { private: string; public: string } {
  for (;;) {
    const pair = ssh2.utils.generateKeyPairSync("ed25519", comment ? { comment } : {});
    if (!(ssh2.utils.parseKey(pair.private) instanceof Error) && !(ssh2.utils.parseKey(pair.public) instanceof Error)) return pair;
  }
}

/** The host key from its file, generated (ed25519) on the first start when the file does not exist. */
export function loadHostKey(file: string): Buffer {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, generateEd25519().private, { mode: 0o600 });
    log.info("SFTP host key generated", { file });
  }
  return readFileSync(file);
}

function profileFolder(dataDir: string, environment: string, cid: string): string {
  return path.join(dataDir, "sftp", environment, cid);
}

/** `<environment>.<cid>` → its parts, or null. */
function userOf(username: string): { environment: Environment; cid: string } | null {
  // As POST /token's cid: no control characters (PostgreSQL cannot take a NUL), at most 100 characters.
  const match = /^([a-z]{3}-[a-z]{4})\.([^\u0000-\u001f\u007f]{1,100})$/.exec(username);
  if (!match || !isEnvironmentId(match[1]!)) return null;
  return { environment: environmentById(match[1]), cid: match[2]! };
}

async function authenticate(options: SftpServerOptions, context: AuthContext): Promise<(PackageOwner & { cid: string }) | null> {
  const user = userOf(context.username);
  if (!user) return null;
  if (context.method === "password") {
    if (typeof context.password !== "string") return null;
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

/**
 * Packages are taken in one at a time, in the order they came: each is read whole into memory and
 * inflated, so a profile renaming files back and forth cannot start a hundred intakes at once. A
 * package already waiting is not queued twice.
 */
class IntakeQueue {
  private readonly waiting = new Map<string, PackageOwner>();
  private running = false;

  constructor(private readonly options: SftpServerOptions) {}

  add(owner: PackageOwner, file: string): boolean {
    if (this.waiting.has(file)) return true;
    const ofProfile = [...this.waiting.values()].filter((waiting) => waiting.profileId === owner.profileId).length;
    if (this.waiting.size >= MAX_WAITING_PACKAGES || ofProfile >= MAX_WAITING_PER_PROFILE) return false;
    this.waiting.set(file, owner);
    void this.drain();
    return true;
  }

  /** A waiting package being written again is taken in when that upload closes, not half-written now. */
  cancel(file: string): void {
    this.waiting.delete(file);
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.waiting.entries().next(); !next.done; next = this.waiting.entries().next()) {
        const [file, owner] = next.value;
        this.waiting.delete(file);
        await takeInPackage(this.options.db, this.options.clock, owner, file).catch((error: unknown) =>
          log.error("SFTP package failed", { file: path.basename(file), ...errorFields(error) }),
        );
      }
    } finally {
      this.running = false;
    }
  }
}

/**
 * Removes the files of every profile's folder older than SFTP_RETENTION_DAYS (by their last
 * change); answers the count. The server runs it hourly.
 */
export async function removeOldFiles(dataDir: string, now: Date): Promise<number> {
  const root = path.join(dataDir, "sftp");
  const cutoff = now.getTime() - SFTP_RETENTION_DAYS * 86_400_000;
  let removed = 0;
  for (const environment of await readdir(root).catch(() => [] as string[])) {
    for (const cid of await readdir(path.join(root, environment)).catch(() => [] as string[])) {
      const folder = path.join(root, environment, cid);
      for (const name of await readdir(folder).catch(() => [] as string[])) {
        const file = path.join(folder, name);
        const stats = await stat(file).catch(() => null);
        if (
          stats?.isFile() &&
          stats.mtimeMs < cutoff &&
          (await unlink(file).then(
            () => true,
            () => false,
          ))
        )
          removed++;
      }
    }
  }
  return removed;
}

export function startSftpServer(options: SftpServerOptions): Promise<RunningSftpServer> {
  const intake = new IntakeQueue(options);
  const sweep = setInterval(() => {
    removeOldFiles(options.dataDir, options.clock.now()).then(
      (removed) => removed > 0 && log.info("SFTP files past retention removed", { removed, days: SFTP_RETENTION_DAYS }),
      (error: unknown) => log.error("SFTP retention sweep failed", errorFields(error)),
    );
  }, RETENTION_SWEEP_MS);
  sweep.unref();
  const perProfile = new Map<string, number>();
  const server = new ssh2.Server({ hostKeys: [options.hostKey], ident: "NordicReceivables" }, (client: Connection) => {
    client.on("error", (error) => log.debug("SFTP connection error", errorFields(error)));
    const signIn = setTimeout(() => client.end(), AUTH_TIMEOUT_MS);
    const lifetime = setTimeout(() => client.end(), MAX_CONNECTION_MS);
    let owner: (PackageOwner & { cid: string }) | null = null;
    let gone = false;
    client.on("close", () => {
      gone = true;
      clearTimeout(signIn);
      clearTimeout(lifetime);
      if (owner) perProfile.set(owner.profileId, (perProfile.get(owner.profileId) ?? 1) - 1);
    });
    client.on("authentication", (context) => {
      if (context.method !== "password" && context.method !== "publickey") return context.reject(["publickey", "password"]);
      authenticate(options, context).then(
        (found) => {
          // A key offered without a signature is only asked about: accepting it asks the client to sign.
          if (found && context.method === "publickey" && !context.signature) return context.accept();
          // A client gone while its sign-in was checked is counted for no one.
          if (gone) return;
          if (!found || (perProfile.get(found.profileId) ?? 0) >= MAX_PROFILE_CONNECTIONS) return context.reject(["publickey", "password"]);
          owner = found;
          perProfile.set(found.profileId, (perProfile.get(found.profileId) ?? 0) + 1);
          context.accept();
        },
        (error: unknown) => {
          log.error("SFTP sign-in failed", errorFields(error));
          context.reject(["publickey", "password"]);
        },
      );
    });
    client.on("ready", () => {
      clearTimeout(signIn);
      if (!owner) return client.end();
      const signedIn = owner;
      const limits: ConnectionLimits = { handles: 0, inFlight: 0, sftpSessions: 0 };
      client.on("session", (acceptSession) => {
        const session = acceptSession();
        session.on("sftp", (acceptSftp, rejectSftp) => {
          // One SFTP session a connection: the limits above are the connection's.
          if (limits.sftpSessions > 0) return rejectSftp();
          limits.sftpSessions++;
          const folder = profileFolder(options.dataDir, signedIn.environment.id, signedIn.cid);
          const sftp = acceptSftp();
          sftp.once("close", () => limits.sftpSessions--);
          serveFolder(options, sftp, folder, signedIn, limits, intake).catch((error: unknown) => log.error("SFTP session failed", errorFields(error)));
        });
        for (const refused of ["exec", "shell", "pty", "subsystem-other"] as const) session.on(refused as "exec", (_accept, reject) => reject?.());
      });
      // Tunnels are not offered.
      client.on("tcpip", (_accept, reject) => reject());
    });
  });
  // Counted from the socket's accept, before any handshake: sockets that never speak hold a place too.
  server.maxConnections = MAX_CONNECTIONS;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      server.on("error", (error: Error) => log.error("SFTP server error", errorFields(error)));
      const { port } = server.address() as AddressInfo;
      log.info("SFTP server listening", { host: options.host, port });
      resolve({
        port,
        close: () => {
          clearInterval(sweep);
          return new Promise<void>((done) => server.close(() => done()));
        },
      });
    });
  });
}

interface ConnectionLimits {
  handles: number;
  inFlight: number;
  sftpSessions: number;
}

interface OpenFile {
  kind: "file";
  name: string;
  file: FileHandle;
  writing: boolean;
}
interface OpenListing {
  kind: "listing";
  /** The names still to answer; null before the first READDIR. */
  names: string[] | null;
}

function attrsOf(stats: { mode: number; size: number; atimeMs: number; mtimeMs: number }) {
  return { mode: stats.mode, uid: 0, gid: 0, size: stats.size, atime: Math.floor(stats.atimeMs / 1000), mtime: Math.floor(stats.mtimeMs / 1000) };
}

function longname(name: string, stats: { isDirectory(): boolean; size: number; mtime: Date }): string {
  const mode = stats.isDirectory() ? "drwx------" : "-rw-------";
  const when = stats.mtime.toISOString().slice(0, 16).replace("T", " ");
  return `${mode} 1 owner owner ${String(stats.size).padStart(10)} ${when} ${name}`;
}

/** The folder's files and their bytes, for its limits. */
async function folderUse(folder: string): Promise<{ files: number; bytes: number }> {
  let bytes = 0;
  const names = await readdir(folder);
  for (const name of names)
    bytes += await stat(path.join(folder, name)).then(
      (stats) => stats.size,
      () => 0,
    );
  return { files: names.length, bytes };
}

/** The one SFTP session of a signed-in connection: its profile's folder, and nothing else. */
async function serveFolder(
  options: SftpServerOptions,
  sftp: SFTPWrapper,
  folder: string,
  owner: PackageOwner,
  limits: ConnectionLimits,
  intake: IntakeQueue,
): Promise<void> {
  await mkdir(folder, { recursive: true });
  const handles = new Map<number, OpenFile | OpenListing>();
  let nextHandle = 1;
  let closed = false;
  const handleOf = (buffer: Buffer) => (buffer.length === 4 ? handles.get(buffer.readUInt32BE(0)) : undefined);
  const addHandle = (entry: OpenFile | OpenListing): Buffer => {
    const id = nextHandle++;
    handles.set(id, entry);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id);
    return buffer;
  };
  const dropHandle = (buffer: Buffer) => {
    if (handles.delete(buffer.readUInt32BE(0))) limits.handles--;
  };
  /** "/a.zip", "a.zip", "/./a.zip" → "a.zip"; "/" → ""; anything with a folder or a bad name → null. */
  const nameOf = (requested: string): string | null => {
    const normal = path.posix.normalize(`/${requested}`);
    if (normal === "/") return "";
    const name = normal.slice(1);
    return NAME.test(name) && !name.includes("/") ? name : null;
  };
  const fail = (reqid: number, code: number, message: string) => sftp.status(reqid, code, message);
  /** Runs a request's work counted against the connection's requests in flight; over the bound it is refused. */
  const counted = (reqid: number, work: () => Promise<unknown>) => {
    if (limits.inFlight >= MAX_IN_FLIGHT) return fail(reqid, STATUS_CODE.FAILURE, "Too many requests at once; wait for the answers");
    limits.inFlight++;
    void work()
      .catch(() => fail(reqid, STATUS_CODE.FAILURE, "Failed"))
      .finally(() => limits.inFlight--);
  };
  const isPackage = (name: string) => name.toLowerCase().endsWith(".zip");
  /** A package coming in again: the answer to the one before goes, so no one reads it for this one. */
  const forgetAnswer = (name: string) => (isPackage(name) ? unlink(path.join(folder, `${name}${RESULT_SUFFIX}`)).catch(() => undefined) : Promise.resolve());
  /** Queues the package; false when the queue has no room (the client is told, and uploads it again). */
  const takeIn = (name: string): boolean => {
    const queued = intake.add(owner, path.join(folder, name));
    if (!queued) log.warn("SFTP intake queue full; package refused", { file: name });
    return queued;
  };

  sftp.on("error", (error: Error) => log.debug("SFTP session error", errorFields(error)));

  sftp.on("REALPATH", (reqid, requested) => {
    const name = nameOf(requested);
    const shown = name === null || name === "" ? "/" : `/${name}`;
    sftp.name(reqid, [{ filename: shown, longname: shown, attrs: {} as never }]);
  });

  const statOf = (reqid: number, requested: string) =>
    counted(reqid, async () => {
      const name = nameOf(requested);
      if (name === null) return fail(reqid, STATUS_CODE.NO_SUCH_FILE, "No such file");
      const stats = await stat(name === "" ? folder : path.join(folder, name)).catch(() => null);
      if (stats) sftp.attrs(reqid, attrsOf(stats));
      else fail(reqid, STATUS_CODE.NO_SUCH_FILE, "No such file");
    });
  sftp.on("STAT", statOf);
  sftp.on("LSTAT", statOf);

  sftp.on("OPENDIR", (reqid, requested) => {
    if (nameOf(requested) !== "") return fail(reqid, STATUS_CODE.NO_SUCH_FILE, "Only the one folder");
    if (limits.handles >= MAX_HANDLES) return fail(reqid, STATUS_CODE.FAILURE, "Too many open handles");
    limits.handles++;
    sftp.handle(reqid, addHandle({ kind: "listing", names: null }));
  });

  sftp.on("READDIR", (reqid, buffer) => {
    const listing = handleOf(buffer);
    if (!listing || listing.kind !== "listing") return fail(reqid, STATUS_CODE.FAILURE, "Not an open folder");
    counted(reqid, async () => {
      listing.names ??= (await readdir(folder)).filter((name) => NAME.test(name)).sort();
      const entries = [];
      // Names removed since the listing began are passed over; the folder ends only when none are left.
      while (entries.length === 0 && listing.names.length > 0) {
        for (const name of listing.names.splice(0, LISTED_PER_REPLY)) {
          const stats = await stat(path.join(folder, name)).catch(() => null);
          if (stats) entries.push({ filename: name, longname: longname(name, stats), attrs: attrsOf(stats) });
        }
      }
      if (entries.length === 0) return fail(reqid, STATUS_CODE.EOF, "End of folder");
      sftp.name(reqid, entries);
    });
  });

  sftp.on("OPEN", (reqid, requested, flags) => {
    const name = nameOf(requested);
    if (!name) return fail(reqid, STATUS_CODE.PERMISSION_DENIED, "Name a file in your folder: letters, digits and . _ - ( ) + and spaces");
    const writing = (flags & OPEN_MODE.WRITE) !== 0;
    if (writing && name.endsWith(RESULT_SUFFIX)) return fail(reqid, STATUS_CODE.PERMISSION_DENIED, "Result files are the service's");
    if (limits.handles >= MAX_HANDLES) return fail(reqid, STATUS_CODE.FAILURE, "Too many open handles");
    if (limits.inFlight >= MAX_IN_FLIGHT) return fail(reqid, STATUS_CODE.FAILURE, "Too many requests at once; wait for the answers");
    // Counted from the request on, so opens still on their way cannot pass the bound together.
    limits.handles++;
    counted(reqid, async () => {
      const file = path.join(folder, name);
      let handle: FileHandle;
      try {
        if (writing) {
          const use = await folderUse(folder);
          const exists = await stat(file).then(
            () => true,
            () => false,
          );
          if ((!exists && use.files >= MAX_FOLDER_FILES) || use.bytes >= MAX_FOLDER_BYTES) {
            limits.handles--;
            return fail(reqid, STATUS_CODE.FAILURE, "Your folder is full: remove packages that have their answers");
          }
          intake.cancel(file);
          await forgetAnswer(name);
        }
        handle = await openFor(file, flags);
      } catch (error) {
        limits.handles--;
        const code = (error as NodeJS.ErrnoException).code;
        return fail(reqid, code === "ENOENT" ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE, code === "EEXIST" ? "The file exists" : "Not opened");
      }
      // The session ended while the file was being opened: nothing will close it but this.
      if (closed) {
        limits.handles--;
        return handle.close();
      }
      sftp.handle(reqid, addHandle({ kind: "file", name, file: handle, writing }));
    });
  });

  sftp.on("WRITE", (reqid, buffer, offset, data) => {
    const entry = handleOf(buffer);
    if (!entry || entry.kind !== "file" || !entry.writing) return fail(reqid, STATUS_CODE.FAILURE, "Not a file open for writing");
    if (offset + data.length > MAX_ZIP_BODY_BYTES) return fail(reqid, STATUS_CODE.FAILURE, `A package is at most ${MAX_ZIP_BODY_BYTES} bytes`);
    counted(reqid, async () => {
      await entry.file.write(data, 0, data.length, offset);
      sftp.status(reqid, STATUS_CODE.OK);
    });
  });

  sftp.on("READ", (reqid, buffer, offset, length) => {
    const entry = handleOf(buffer);
    if (!entry || entry.kind !== "file") return fail(reqid, STATUS_CODE.FAILURE, "Not an open file");
    counted(reqid, async () => {
      // A client that asks and does not take the answers would have them pile up in memory: the
      // answer waits (still counted in flight, so at most MAX_IN_FLIGHT wait) until it reads.
      await windowOpen(sftp);
      const chunk = Buffer.alloc(Math.min(length, READ_CHUNK));
      const { bytesRead } = await entry.file.read(chunk, 0, chunk.length, offset);
      if (bytesRead === 0) fail(reqid, STATUS_CODE.EOF, "End of file");
      else sftp.data(reqid, chunk.subarray(0, bytesRead));
    });
  });

  sftp.on("FSTAT", (reqid, buffer) => {
    const entry = handleOf(buffer);
    if (!entry || entry.kind !== "file") return fail(reqid, STATUS_CODE.FAILURE, "Not an open file");
    counted(reqid, async () => sftp.attrs(reqid, attrsOf(await entry.file.stat())));
  });

  // A size is applied (a client that truncates this way); times and modes are the service's to keep, and a client setting them (scp -p) is told it worked.
  const sizeOf = (attrs: { size?: number }) => (typeof attrs.size === "number" ? attrs.size : null);
  sftp.on("FSETSTAT", (reqid, buffer, attrs) => {
    const entry = handleOf(buffer);
    if (!entry || entry.kind !== "file") return fail(reqid, STATUS_CODE.FAILURE, "Not an open file");
    const size = sizeOf(attrs);
    if (size === null) return sftp.status(reqid, STATUS_CODE.OK);
    if (!entry.writing || size > MAX_ZIP_BODY_BYTES) return fail(reqid, STATUS_CODE.PERMISSION_DENIED, "Not resized");
    counted(reqid, async () => {
      await entry.file.truncate(size);
      sftp.status(reqid, STATUS_CODE.OK);
    });
  });
  sftp.on("SETSTAT", (reqid, requested, attrs) => {
    const name = nameOf(requested);
    if (name === "") return sftp.status(reqid, STATUS_CODE.OK);
    if (!name) return fail(reqid, STATUS_CODE.NO_SUCH_FILE, "No such file");
    const size = sizeOf(attrs);
    if (size === null) return sftp.status(reqid, STATUS_CODE.OK);
    if (size > MAX_ZIP_BODY_BYTES || name.endsWith(RESULT_SUFFIX)) return fail(reqid, STATUS_CODE.PERMISSION_DENIED, "Not resized");
    counted(reqid, async () => {
      await truncate(path.join(folder, name), size);
      sftp.status(reqid, STATUS_CODE.OK);
    });
  });

  sftp.on("CLOSE", (reqid, buffer) => {
    const entry = handleOf(buffer);
    if (!entry) return fail(reqid, STATUS_CODE.FAILURE, "Not an open handle");
    dropHandle(buffer);
    if (entry.kind === "listing") return sftp.status(reqid, STATUS_CODE.OK);
    // Never refused for the requests in flight: a file left open would hold a descriptor of the whole process.
    void entry.file.close().then(
      () => {
        if (entry.writing && isPackage(entry.name) && !takeIn(entry.name)) {
          return fail(reqid, STATUS_CODE.FAILURE, "The service has too many packages waiting; upload it again later");
        }
        sftp.status(reqid, STATUS_CODE.OK);
      },
      () => fail(reqid, STATUS_CODE.FAILURE, "Not closed"),
    );
  });

  sftp.on("REMOVE", (reqid, requested) => {
    const name = nameOf(requested);
    if (!name) return fail(reqid, STATUS_CODE.NO_SUCH_FILE, "No such file");
    counted(reqid, async () => {
      const removed = await unlink(path.join(folder, name)).then(
        () => true,
        () => false,
      );
      if (removed) sftp.status(reqid, STATUS_CODE.OK);
      else fail(reqid, STATUS_CODE.NO_SUCH_FILE, "No such file");
    });
  });

  sftp.on("RENAME", (reqid, from, to) => {
    const source = nameOf(from);
    const target = nameOf(to);
    if (!source || !target) return fail(reqid, STATUS_CODE.PERMISSION_DENIED, "Only files of your folder, by allowed names");
    if (target.endsWith(RESULT_SUFFIX) || source.endsWith(RESULT_SUFFIX)) return fail(reqid, STATUS_CODE.PERMISSION_DENIED, "Result files are the service's");
    counted(reqid, async () => {
      if (isPackage(target)) await forgetAnswer(target);
      const renamed = await rename(path.join(folder, source), path.join(folder, target)).then(
        () => true,
        () => false,
      );
      if (!renamed) return fail(reqid, STATUS_CODE.NO_SUCH_FILE, "Not renamed");
      if (isPackage(target) && !isPackage(source) && !takeIn(target)) {
        return fail(reqid, STATUS_CODE.FAILURE, "The service has too many packages waiting; rename it again later");
      }
      sftp.status(reqid, STATUS_CODE.OK);
    });
  });

  for (const refused of ["MKDIR", "RMDIR", "SYMLINK", "READLINK"] as const) {
    sftp.on(refused, (reqid: number) => fail(reqid, STATUS_CODE.OP_UNSUPPORTED, "One flat folder: no folders or links"));
  }

  // The client is done (OpenSSH's sftp sends EOF and waits for the channel to close).
  sftp.on("end", () => sftp.end());
  sftp.on("close", () => {
    closed = true;
    for (const entry of handles.values()) if (entry.kind === "file") void entry.file.close().catch(() => undefined);
    limits.handles -= handles.size;
    handles.clear();
  });
}

/** A file opened as the OPEN flags ask: a write without TRUNC goes on where an interrupted upload stopped (positional writes need r+, not a). */
async function openFor(file: string, flags: number): Promise<FileHandle> {
  if ((flags & OPEN_MODE.WRITE) === 0) return open(file, "r");
  if ((flags & OPEN_MODE.EXCL) !== 0) return open(file, "wx", 0o600);
  const create = (flags & OPEN_MODE.CREAT) !== 0;
  const handle = await open(file, "r+").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" && create) return open(file, "w", 0o600);
    throw error;
  });
  if ((flags & OPEN_MODE.TRUNC) !== 0) await handle.truncate(0);
  return handle;
}

/** Resolves once the client's window lets an answer go, so answers never pile up unsent. */
async function windowOpen(sftp: SFTPWrapper): Promise<void> {
  const channel = sftp as SFTPWrapper & { outgoing?: { window: number; state?: string } };
  for (let waited = 0; channel.outgoing && channel.outgoing.window === 0 && channel.outgoing.state === "open"; waited++) {
    if (waited > 600) throw new Error("the client reads no answers");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
