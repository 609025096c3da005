import yauzl, { type Entry, type ZipFile } from "yauzl";

import { parseJobEnvelope } from "./upload-file";

/*
 * The jobs of a ZIP package as the portal keeps them with its cases: the index (index.json at the
 * top, or the only .json file there, as the interface defines the package) read from the archive
 * before it is forwarded. The service reads the package again and is the judge of it; the portal
 * only wants the posted items beside the answer, and a package it cannot read here is still
 * forwarded (its cases then carry only what the answer says).
 */

/** The interface's cap for the index; more is not read. */
const MAX_INDEX_BYTES = 16 * 1024 * 1024;
/** JSON compresses well, but not better than this; more is a zip bomb. */
const MAX_INDEX_RATIO = 100;

function open(bytes: Uint8Array): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => {
        if (error || !zip) reject(error ?? new Error("not a ZIP archive"));
        else resolve(zip);
      },
    );
  });
}

function topLevelEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on("entry", (entry: Entry) => {
      const name = entry.fileName.replace(/\\/g, "/").replace(/^\.\//, "");
      if (!name.includes("/") && name.toLowerCase().endsWith(".json")) entries.push(entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve(entries));
    zip.on("error", reject);
    zip.readEntry();
  });
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (entry.uncompressedSize > MAX_INDEX_BYTES || entry.uncompressedSize > Math.max(entry.compressedSize, 1024) * MAX_INDEX_RATIO) {
      reject(new Error("index too large"));
      return;
    }
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(error ?? new Error("unreadable entry"));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_INDEX_BYTES) stream.destroy(new Error("index too large"));
        else chunks.push(chunk);
      });
      stream.on("error", reject);
      stream.on("end", () => resolve(Buffer.concat(chunks, size)));
    });
  });
}

/** The package's jobs, or null when the portal cannot tell them (the service will say why). */
export async function readZipIndex(bytes: Uint8Array): Promise<unknown[] | null> {
  let zip: ZipFile | null = null;
  try {
    zip = await open(bytes);
    const entries = await topLevelEntries(zip);
    const index = entries.find((entry) => entry.fileName.replace(/^\.\//, "") === "index.json") ?? (entries.length === 1 ? entries[0] : undefined);
    if (!index) return null;
    // autoClose is off, so the archive is still open after its directory was walked.
    const parsed = parseJobEnvelope((await readEntry(zip, index)).toString("utf8"));
    return parsed.ok ? parsed.items : null;
  } catch {
    return null;
  } finally {
    zip?.close();
  }
}
