import yauzl, { type Entry, type ZipFile } from "yauzl";

import { ServiceError } from "../errors";

import {
  MAX_COMPRESSION_RATIO,
  MAX_FILE_BYTES,
  MAX_ZIP_ENTRIES,
  MAX_ZIP_INDEX_BYTES,
  MAX_ZIP_UNCOMPRESSED_BYTES,
} from "./limits";
import { normalisePackagePath } from "./validate-job";

/*
 * A ZIP package of POST /jobs: one index (the job envelope as JSON) and the files it names, letter
 * PDFs above all. The package comes from outside, so nothing in it is trusted: yauzl refuses
 * absolute and ../ paths and checks each entry's declared size against what it inflates to; the
 * caps here (entries, bytes per entry, bytes in all, expansion ratio) are counted while the data
 * streams, so a zip bomb is stopped long before it fills memory. Nothing is written to disk.
 *
 * The index is `index.json` at the top of the archive, or else the only `.json` file at the top.
 */

export interface ZipPackage {
  index: unknown;
  indexName: string;
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

function readEntry(zip: ZipFile, entry: Entry, limit: number, budget: { left: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(invalid(`Entry ${entry.fileName} cannot be read (${error?.message ?? "unknown error"}).`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        budget.left -= chunk.length;
        if (size > limit) stream.destroy(tooLarge(`Entry ${entry.fileName} is larger than ${limit} bytes.`));
        else if (budget.left < 0) stream.destroy(tooLarge(`The package expands to more than ${MAX_ZIP_UNCOMPRESSED_BYTES} bytes.`));
        else if (size > 1024 * 1024 && size > Math.max(entry.compressedSize, 1) * MAX_COMPRESSION_RATIO) {
          stream.destroy(invalid(`Entry ${entry.fileName} expands more than ${MAX_COMPRESSION_RATIO}-fold; the package looks like a zip bomb.`));
        } else chunks.push(chunk);
      });
      stream.on("error", (streamError) =>
        reject(streamError instanceof ServiceError ? streamError : invalid(`Entry ${entry.fileName} is corrupt (${streamError.message}).`)),
      );
      stream.on("end", () => resolve(Buffer.concat(chunks, size)));
    });
  });
}

function isIgnored(name: string): boolean {
  return name.endsWith("/") || name.startsWith("__MACOSX/") || name.split("/").some((part) => part === ".DS_Store");
}

export async function readZipPackage(buffer: Buffer): Promise<ZipPackage> {
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

    const wanted = entries.filter((entry) => !isIgnored(entry.fileName));
    const names = new Set<string>();
    for (const entry of wanted) {
      if (entry.isEncrypted()) throw invalid(`Entry ${entry.fileName} is encrypted; packages must not be.`);
      const name = normalisePackagePath(entry.fileName);
      if (names.has(name)) throw invalid(`The package has two entries named ${name}.`);
      names.add(name);
    }
    const topLevelJson = wanted.filter((entry) => !entry.fileName.includes("/") && entry.fileName.toLowerCase().endsWith(".json"));
    const indexEntry = topLevelJson.find((entry) => entry.fileName === "index.json") ?? (topLevelJson.length === 1 ? topLevelJson[0] : undefined);
    if (!indexEntry) {
      throw invalid(
        topLevelJson.length === 0
          ? "The package has no index: put the job envelope in index.json at the top of the archive."
          : `The package has several JSON files at its top (${topLevelJson.map((e) => e.fileName).join(", ")}); name the index index.json.`,
      );
    }

    const budget = { left: MAX_ZIP_UNCOMPRESSED_BYTES };
    const files = new Map<string, Buffer>();
    let index: unknown;
    for (const entry of wanted) {
      if (entry === indexEntry) {
        const content = await readEntry(zip, entry, MAX_ZIP_INDEX_BYTES, budget);
        try {
          index = JSON.parse(content.toString("utf8"));
        } catch (error) {
          throw new ServiceError("malformed_request", `The index ${entry.fileName} is not valid JSON: ${(error as Error).message}.`);
        }
      } else {
        files.set(normalisePackagePath(entry.fileName), await readEntry(zip, entry, MAX_FILE_BYTES, budget));
      }
    }
    return { index, indexName: indexEntry.fileName, files };
  } finally {
    zip.close();
  }
}
