import { closeSync, fstatSync, openSync, readFileSync, readSync, rmSync, statSync, writeSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { writeFileAtomically } from "../../../platform/write-file-atomically";
import { printBatchDocumentSchema } from "../../../spec/print-batches";
import type { InvoiceDocument } from "../../documents/invoice-document";
import { render } from "../../render/render-pool";
import { delivered, missing, type ChannelResult } from "../channel-result";

import type { SendContext } from "./send-context";

/*
 * Post: each document is put, print-ready, into the day's print batch of its environment,
 * DATA_DIR/print/<environment>/<YYYY-MM-DD>/, which the print house collects. Delivered means
 * handed to the print batch. The day is the profile's calendar day.
 *
 * Adding a document costs the same however full the day is: its entry is one line of the batch's
 * manifest.ndjson. A distribution run (PrintRound) collects its documents' lines and appends them
 * together, once per print batch and chunk of outcomes, before those documents are recorded as
 * delivered; manifest.json, the whole list the print house reads, is rebuilt from the lines once
 * when the run ends (after some seconds of sending at most), written to a temporary name and
 * renamed into place, so the print house never reads a half-written one. Both are written under
 * the batch's lock file: workers in several processes add to one batch.
 */

/**
 * A document's line in the batch: what GET /distribution/print-batches/{date} shows of it, and what
 * only the service and the print house see.
 */
const manifestEntrySchema = printBatchDocumentSchema.extend({
  // Whatever the dispatch names: a line the batch could not read back would leave its letter out.
  document: z.string(),
  dispatchid: z.string(),
  /** The profile the document belongs to: the print house bills per profile. */
  profileId: z.string(),
  file: z.string(),
  // Lines written before letters took supplies from stock have none.
  supplies: printBatchDocumentSchema.shape.supplies.default([]),
});
type ManifestEntry = z.output<typeof manifestEntrySchema>;

export const manifestSchema = z.object({
  environment: z.string(),
  date: z.string(),
  documents: z.array(manifestEntrySchema),
});
export type Manifest = z.output<typeof manifestSchema>;

/** Economy post unless the job asks for first class: the common choice for invoices in the Nordics. */
const DEFAULT_POSTCLASS = 2;

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

const LEDGER = "manifest.ndjson";
const MANIFEST = "manifest.json";

/**
 * Appends the entries' lines in one write. A line cut short by a crash is closed first, so it spoils
 * only itself: its dispatch was never recorded as delivered and is sent again, with a whole line.
 */
function appendEntries(dir: string, entries: readonly ManifestEntry[]): void {
  const fd = openSync(path.join(dir, LEDGER), "a+");
  try {
    const { size } = fstatSync(fd);
    const last = Buffer.alloc(1);
    const open = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
    writeSync(fd, `${open ? "\n" : ""}${entries.map((entry) => `${JSON.stringify(entry)}\n`).join("")}`);
  } finally {
    closeSync(fd);
  }
}

/** The batch's entries from its lines: one per dispatch (a later line, sent again after a crash, replaces an earlier), in the order they were last added. */
function entriesOf(text: string): ManifestEntry[] {
  const byDispatch = new Map<string, ManifestEntry>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    let parsed: ReturnType<typeof manifestEntrySchema.safeParse>;
    try {
      parsed = manifestEntrySchema.safeParse(JSON.parse(line));
    } catch {
      continue;
    }
    if (!parsed.success) continue;
    byDispatch.delete(parsed.data.dispatchid);
    byDispatch.set(parsed.data.dispatchid, parsed.data);
  }
  return [...byDispatch.values()];
}

function readLedger(dir: string): ManifestEntry[] | null {
  try {
    return entriesOf(readFileSync(path.join(dir, LEDGER), "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Rebuilds manifest.json from the batch's lines (under the batch's lock). */
function writeManifest(dir: string, environment: string, date: string): void {
  const manifest: Manifest = { environment, date, documents: readLedger(dir) ?? [] };
  writeFileAtomically(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Rebuilds manifest.json from the batch's lines, under the batch's lock. */
export async function rebuildManifest(dir: string, environment: string, date: string): Promise<void> {
  await withBatchLock(dir, () => writeManifest(dir, environment, date));
}

/**
 * The print batches one distribution run adds to. Its documents' lines wait here until flush()
 * appends them, one write per print batch, and each print batch's manifest.json is rebuilt once,
 * when the run ends (close()), rather than after every document.
 */
export class PrintRound {
  private readonly batches = new Map<string, { environment: string; date: string }>();
  private readonly waiting = new Map<string, ManifestEntry[]>();

  add(dir: string, environment: string, date: string, entry: ManifestEntry): void {
    this.batches.set(dir, { environment, date });
    this.waiting.set(dir, [...(this.waiting.get(dir) ?? []), entry]);
  }

  /** Appends the lines added since the last flush: the documents are then in their batches. */
  async flush(): Promise<void> {
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const [dir, entries] of waiting) await withBatchLock(dir, () => appendEntries(dir, entries));
  }

  /** On a render pool thread: reading and checking a day's lines grows with the batch (some 75 ms at 33,000). */
  async close(): Promise<void> {
    await this.flush();
    for (const [dir, { environment, date }] of this.batches) await render("rebuildManifest", dir, environment, date);
    this.batches.clear();
  }
}

/**
 * The batch's manifest, or null when no batch was made that day. Built from the batch's lines, so
 * it lists a document as soon as it was added; a batch made before the lines existed has only its
 * manifest.json.
 */
export function readManifest(dataDir: string, environment: string, date: string): Manifest | null {
  const dir = printBatchDir(dataDir, environment, date);
  const documents = readLedger(dir);
  if (documents) return { environment, date, documents };
  try {
    return manifestSchema.parse(JSON.parse(readFileSync(path.join(dir, MANIFEST), "utf8")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Why a document cannot go by post, before anything is made for it; null when it can. */
export function postProblem(document: Pick<InvoiceDocument, "buyer">, item: Pick<SendContext["item"], "customertype">): ChannelResult | null {
  const { buyer } = document;
  if (!buyer.name.trim()) return missing(item.customertype === 1 ? "company" : "person", "The recipient's name is missing: the letter cannot be addressed");
  if (!buyer.street) return missing("address", "The recipient's street address is missing");
  if (!buyer.postcode || !buyer.city) return missing(buyer.postcode ? "city" : "postcode", "The recipient's postcode and city are needed for post");
  return null;
}

export async function addToPrintBatch(context: SendContext): Promise<ChannelResult> {
  const { buyer } = context.made.document;
  const problem = postProblem(context.made.document, context.item);
  if (problem) return problem;

  const { dispatch, environment, item } = context;
  const dir = printBatchDir(context.dataDir, environment.id, context.today);
  const name = `${dispatch.jobId}-${dispatch.document}-${dispatch.id.slice(0, 8)}.pdf`;
  const pages = context.made.pages ?? (await render("pageCount", context.made.pdf));
  const doublesided = item.doublesided === 1;
  const supplies = context.supplies ? await context.supplies({ pages, doubleSided: doublesided }) : [];
  const entry: ManifestEntry = {
    jobid: dispatch.jobId,
    document: dispatch.document,
    dispatchid: dispatch.id,
    profileId: context.profile.id,
    file: name,
    pages,
    postclass: item.postclass === 1 ? 1 : DEFAULT_POSTCLASS,
    color: item.color === 1,
    doublesided,
    country: buyer.country,
    supplies,
  };
  // The PDF first: a manifest never lists a file that is not there yet.
  writeFileAtomically(path.join(dir, name), context.made.pdf);
  // Outside a distribution run (a single send), the line is appended and the manifest rebuilt at once.
  if (context.printRound) context.printRound.add(dir, environment.id, context.today, entry);
  else {
    await withBatchLock(dir, () => appendEntries(dir, [entry]));
    await rebuildManifest(dir, environment.id, context.today);
  }
  const file = path.join(dir, name);
  return delivered(file, `Handed to the print batch of ${context.today}`, [
    `${pages} page(s), ${entry.postclass === 1 ? "first" : "second"} class${entry.color ? ", colour" : ""}${entry.doublesided ? ", double-sided" : ""}`,
    ...(supplies.length > 0 ? [`With ${supplies.map((supply) => `${supply.quantity} × ${supply.code}`).join(", ")} from stock`] : []),
  ]);
}
