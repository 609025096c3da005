import { crc32 } from "node:zlib";

import yauzl, { type Entry, type ZipFile } from "yauzl";

/*
 * A ZIP package of POST /jobs: one index (the job envelope as JSON) and the files it names, letter
 * PDFs above all. The service reads it to judge it and the portal to keep the posted jobs beside
 * its cases; both read it here, so they agree on which entry is the index and on every cap.
 *
 * The package comes from outside, so nothing in it is trusted: yauzl refuses absolute and ../ paths
 * and checks each entry's declared size against what it inflates to; the caps (entries, bytes per
 * entry, bytes in all, expansion ratio) are counted while the data streams, so a zip bomb is
 * stopped long before it fills memory. Only the index and the files it names are inflated. Nothing
 * is written to disk.
 *
 * The index is `index.json` at the top of the archive, or else the only `.json` file at the top.
 */

interface EntryLimit {
  bytes: number;
  /** Expansion past this many times the compressed size is taken for a zip bomb. */
  ratio: number;
}

interface ZipPackageLimits {
  entries: number;
  /** Bytes all inflated entries may add up to. */
  totalBytes: number;
  index: EntryLimit;
  file: EntryLimit;
}

export interface ZipPackageIndex {
  name: string;
  bytes: Buffer;
}

interface ZipPackage {
  index: ZipPackageIndex;
  files: Map<string, Buffer>;
}

/** Why a package cannot be read: `tooLarge` when a cap was passed, otherwise the archive is not a valid package. */
export class ZipPackageError extends Error {
  override name = "ZipPackageError";
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

const invalid = (detail: string) => new ZipPackageError(detail);
const tooLarge = (detail: string) => new ZipPackageError(detail, true);

function open(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (error, zip) => {
      if (error || !zip) reject(invalid(`The body is not a readable ZIP archive (${error?.message ?? "unknown error"}).`));
      else resolve(zip);
    });
  });
}

function readEntry(zip: ZipFile, entry: Entry, limit: EntryLimit, budget: { left: number; total: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(invalid(`Entry ${entry.fileName} cannot be read (${error?.message ?? "unknown error"}).`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      // yauzl checks sizes but not the CRC-32 the archive names: a corrupted entry inflates to
      // wrong bytes without an error, and a damaged letter went to the print batch.
      let crc: number | undefined;
      stream.on("data", (chunk: Buffer) => {
        crc = crc32(chunk, crc);
        size += chunk.length;
        budget.left -= chunk.length;
        if (size > limit.bytes) stream.destroy(tooLarge(`Entry ${entry.fileName} is larger than ${limit.bytes} bytes.`));
        else if (budget.left < 0) stream.destroy(tooLarge(`The package expands to more than ${budget.total} bytes.`));
        else if (size > 1024 * 1024 && size > Math.max(entry.compressedSize, 1) * limit.ratio) {
          stream.destroy(invalid(`Entry ${entry.fileName} expands more than ${limit.ratio}-fold; the package looks like a zip bomb.`));
        } else chunks.push(chunk);
      });
      stream.on("error", (streamError) =>
        reject(streamError instanceof ZipPackageError ? streamError : invalid(`Entry ${entry.fileName} is corrupt (${streamError.message}).`)),
      );
      stream.on("end", () => {
        if ((crc ?? 0) !== entry.crc32) reject(invalid(`Entry ${entry.fileName} is corrupt: its CRC-32 does not match the archive's.`));
        else resolve(Buffer.concat(chunks, size));
      });
    });
  });
}

function isIgnored(name: string): boolean {
  return name.endsWith("/") || name.startsWith("__MACOSX/") || name.split("/").some((part) => part === ".DS_Store");
}

/** "./letters/a.pdf" and "letters\\a.pdf" name the entry "letters/a.pdf". */
export function normalisePackagePath(name: string): string {
  return name.replace(/\\/g, "/").replace(/^\.\//, "").replace(/^\/+/, "");
}

/**
 * Reads a package: its index, then only the files the index names (`wantedBy` says which, from the
 * index), so entries nobody asked for are never inflated. Throws ZipPackageError for a package that
 * cannot be read within the limits; what `wantedBy` throws passes through.
 */
export async function readZipPackage(buffer: Buffer, limits: ZipPackageLimits, wantedBy: (index: ZipPackageIndex) => Iterable<string>): Promise<ZipPackage> {
  const zip = await open(buffer);
  try {
    if (zip.entryCount > limits.entries) {
      throw tooLarge(`The package has ${zip.entryCount} entries; at most ${limits.entries} are allowed.`);
    }
    const entries = await new Promise<Entry[]>((resolve, reject) => {
      const list: Entry[] = [];
      zip.on("entry", (entry: Entry) => {
        list.push(entry);
        zip.readEntry();
      });
      zip.on("end", () => resolve(list));
      zip.on("error", (error: Error) => reject(invalid(`The ZIP archive is not valid: ${error.message}.`)));
      zip.readEntry();
    });

    const byName = new Map<string, Entry>();
    for (const entry of entries.filter((each) => !isIgnored(each.fileName))) {
      if (entry.isEncrypted()) throw invalid(`Entry ${entry.fileName} is encrypted; packages must not be.`);
      const name = normalisePackagePath(entry.fileName);
      if (byName.has(name)) throw invalid(`The package has two entries named ${name}.`);
      byName.set(name, entry);
    }
    const topLevelJson = [...byName.entries()].filter(([name]) => !name.includes("/") && name.toLowerCase().endsWith(".json"));
    const indexEntry = byName.get("index.json") ?? (topLevelJson.length === 1 ? topLevelJson[0]![1] : undefined);
    if (!indexEntry) {
      throw invalid(
        topLevelJson.length === 0
          ? "The package has no index: put the job envelope in index.json at the top of the archive."
          : `The package has several JSON files at its top (${topLevelJson.map(([name]) => name).join(", ")}); name the index index.json.`,
      );
    }

    const budget = { left: limits.totalBytes, total: limits.totalBytes };
    const index = { name: indexEntry.fileName, bytes: await readEntry(zip, indexEntry, limits.index, budget) };
    const files = new Map<string, Buffer>();
    for (const name of new Set([...wantedBy(index)].map(normalisePackagePath))) {
      const entry = byName.get(name);
      if (entry && entry !== indexEntry) files.set(name, await readEntry(zip, entry, limits.file, budget));
    }
    return { index, files };
  } finally {
    zip.close();
  }
}
