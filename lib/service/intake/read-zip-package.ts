import { crc32 } from "node:zlib";

import yauzl, { type Entry, type ZipFile } from "yauzl";

import { parseJson } from "../../platform/parse-json";
import {
  MAX_COMPRESSION_RATIO,
  MAX_FILE_BYTES,
  MAX_INDEX_COMPRESSION_RATIO,
  MAX_ZIP_ENTRIES,
  MAX_ZIP_INDEX_BYTES,
  MAX_ZIP_UNCOMPRESSED_BYTES,
} from "../../spec/limits";
import { ServiceError } from "../errors";

/*
 * A ZIP package of POST /jobs: one index (the job envelope as JSON) and the files it names, letter
 * PDFs above all. The package comes from outside, so nothing in it is trusted: yauzl refuses
 * absolute and ../ paths and checks each entry's declared size against what it inflates to; the
 * caps here (entries, bytes per entry, bytes in all, expansion ratio) are counted while the data
 * streams, so a zip bomb is stopped long before it fills memory. Only the index and the files it
 * names are inflated. Nothing is written to disk.
 *
 * The index is `index.json` at the top of the archive, or else the only `.json` file at the top.
 */

interface ZipPackage {
  index: unknown;
  indexName: string;
  indexBytes: Buffer;
  files: Map<string, Buffer>;
}

const invalid = (detail: string) => new ServiceError("invalid_package", detail);
const tooLarge = (detail: string) => new ServiceError("payload_too_large", detail);

function open(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (error, zip) => {
      if (error || !zip) reject(invalid(`The body is not a readable ZIP archive (${error?.message ?? "unknown error"}).`));
      else resolve(zip);
    });
  });
}

function readEntry(zip: ZipFile, entry: Entry, limit: number, maxRatio: number, budget: { left: number }): Promise<Buffer> {
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
        if (size > limit) stream.destroy(tooLarge(`Entry ${entry.fileName} is larger than ${limit} bytes.`));
        else if (budget.left < 0) stream.destroy(tooLarge(`The package expands to more than ${MAX_ZIP_UNCOMPRESSED_BYTES} bytes.`));
        else if (size > 1024 * 1024 && size > Math.max(entry.compressedSize, 1) * maxRatio) {
          stream.destroy(invalid(`Entry ${entry.fileName} expands more than ${maxRatio}-fold; the package looks like a zip bomb.`));
        } else chunks.push(chunk);
      });
      stream.on("error", (streamError) =>
        reject(streamError instanceof ServiceError ? streamError : invalid(`Entry ${entry.fileName} is corrupt (${streamError.message}).`)),
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
 * Reads a package: its index, then only the files the index names (`wanted` says which, from the
 * parsed index), so entries nobody asked for are never inflated.
 */
export async function readZipPackage(buffer: Buffer, wantedBy: (index: unknown) => Iterable<string>): Promise<ZipPackage> {
  const zip = await open(buffer);
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES) {
      throw tooLarge(`The package has ${zip.entryCount} entries; at most ${MAX_ZIP_ENTRIES} are allowed.`);
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

    const budget = { left: MAX_ZIP_UNCOMPRESSED_BYTES };
    const indexBytes = await readEntry(zip, indexEntry, MAX_ZIP_INDEX_BYTES, MAX_INDEX_COMPRESSION_RATIO, budget);
    let index: unknown;
    try {
      index = parseJson(indexBytes, { allowLoneSurrogates: true });
    } catch (error) {
      throw new ServiceError("malformed_request", `The index ${indexEntry.fileName} is not valid JSON: ${(error as Error).message}.`);
    }
    const files = new Map<string, Buffer>();
    for (const name of new Set([...wantedBy(index)].map(normalisePackagePath))) {
      const entry = byName.get(name);
      if (entry && entry !== indexEntry) files.set(name, await readEntry(zip, entry, MAX_FILE_BYTES, MAX_COMPRESSION_RATIO, budget));
    }
    return { index, indexName: indexEntry.fileName, indexBytes, files };
  } finally {
    zip.close();
  }
}
