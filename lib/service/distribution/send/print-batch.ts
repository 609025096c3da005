import { closeSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";

import { PDFDocument } from "@cantoo/pdf-lib";
import { z } from "zod";

import { delivered, missing, type ChannelResult } from "../channel-result";
import { writeFileAtomically } from "../write-file-atomically";

import type { SendContext } from "./send-context";

/*
 * Post: each document is put, print-ready, into the day's print batch of its environment,
 * DATA_DIR/print/<environment>/<YYYY-MM-DD>/, which the print house collects, and listed in the
 * batch's manifest.json. The manifest is rewritten under a lock file (workers in several processes
 * add to one batch) to a temporary name and renamed into place, so the print house never reads a
 * half-written one. Delivered means handed to the print batch. The day is the profile's calendar day.
 */

export const manifestEntrySchema = z.object({
  jobid: z.number().int(),
  /** original | reminder | collection */
  document: z.string(),
  dispatchid: z.string(),
  /** The profile the document belongs to: the print house bills per profile. */
  profileId: z.string(),
  file: z.string(),
  pages: z.number().int(),
  /** 1 first class, 2 second class (economy). */
  postclass: z.union([z.literal(1), z.literal(2)]),
  color: z.boolean(),
  doublesided: z.boolean(),
  /** ISO 3166-1 alpha-2 of the recipient's address. */
  country: z.string(),
});
export type ManifestEntry = z.output<typeof manifestEntrySchema>;

export const manifestSchema = z.object({
  environment: z.string(),
  date: z.string(),
  documents: z.array(manifestEntrySchema),
});
export type Manifest = z.output<typeof manifestSchema>;

/** Economy post unless the job asks for first class: the common choice for invoices in the Nordics. */
export const DEFAULT_POSTCLASS = 2;

export function printBatchDir(dataDir: string, environment: string, date: string): string {
  return path.join(dataDir, "print", environment, date);
}

const LOCK_STALE_MS = 30_000;
const LOCK_WAIT_MS = 10;

/**
 * Holds the batch's lock file while `update` runs. The lock is a file created with O_EXCL, so it
 * holds across processes; one left by a process that died is taken over once it is old. `update`
 * is synchronous: within one process nothing else runs between reading and renaming.
 */
async function withBatchLock(dir: string, update: () => void): Promise<void> {
  const lock = path.join(dir, ".manifest.lock");
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        // Wall time, not the service clock: it is compared with the file system's own timestamps.
        if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { force: true });
      } catch {
        // Released between the attempt and the look: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
    }
  }
  try {
    update();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Adds the entry (replacing one of the same dispatch, sent again after a crash) and renames the manifest into place. */
function addEntry(dir: string, environment: string, date: string, entry: ManifestEntry): void {
  const file = path.join(dir, "manifest.json");
  let documents: ManifestEntry[] = [];
  try {
    documents = manifestSchema.parse(JSON.parse(readFileSync(file, "utf8"))).documents;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const manifest: Manifest = { environment, date, documents: [...documents.filter((known) => known.dispatchid !== entry.dispatchid), entry] };
  writeFileAtomically(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The batch's manifest, or null when no batch was made that day. */
export function readManifest(dataDir: string, environment: string, date: string): Manifest | null {
  try {
    return manifestSchema.parse(JSON.parse(readFileSync(path.join(printBatchDir(dataDir, environment, date), "manifest.json"), "utf8")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function addToPrintBatch(context: SendContext): Promise<ChannelResult> {
  const { buyer } = context.made.document;
  if (!buyer.name.trim()) return missing(context.item.customertype === 1 ? "company" : "person", "The recipient's name is missing: the letter cannot be addressed");
  if (!buyer.street) return missing("address", "The recipient's street address is missing");
  if (!buyer.postcode || !buyer.city) return missing(buyer.postcode ? "city" : "postcode", "The recipient's postcode and city are needed for post");

  const { dispatch, environment, item } = context;
  const dir = printBatchDir(context.dataDir, environment.id, context.today);
  const name = `${dispatch.jobId}-${dispatch.document}-${dispatch.id.slice(0, 8)}.pdf`;
  const pages = (await PDFDocument.load(context.made.pdf, { updateMetadata: false })).getPageCount();
  const entry: ManifestEntry = {
    jobid: dispatch.jobId,
    document: dispatch.document,
    dispatchid: dispatch.id,
    profileId: context.profile.id,
    file: name,
    pages,
    postclass: item.postclass === 1 ? 1 : DEFAULT_POSTCLASS,
    color: item.color === 1,
    doublesided: item.doublesided === 1,
    country: buyer.country,
  };
  // The PDF first: a manifest never lists a file that is not there yet.
  writeFileAtomically(path.join(dir, name), context.made.pdf);
  await withBatchLock(dir, () => addEntry(dir, environment.id, context.today, entry));
  const file = path.join(dir, name);
  return delivered(file, `Handed to the print batch of ${context.today}`, [`${pages} page(s), ${entry.postclass === 1 ? "first" : "second"} class${entry.color ? ", colour" : ""}${entry.doublesided ? ", double-sided" : ""}`]);
}
