import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { PDFDocument } from "@cantoo/pdf-lib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { environment } from "../../../spec/environments";
import { closeRenderPool, warmRenderPool } from "../../render/render-pool";

import { addToPrintBatch, manifestSchema, printBatchDir, PrintRound, readManifest } from "./print-batch";
import type { SendContext } from "./send-context";

/* The day's print batch: one line per document, appended per round's flush; manifest.json rebuilt once per round. */

let pdf: Uint8Array;
const dirs: string[] = [];

beforeAll(async () => {
  const document = await PDFDocument.create();
  document.addPage();
  pdf = await document.save();
  // Pages are counted and manifests rebuilt on the render pool; its threads start once, here.
  await warmRenderPool();
}, 60_000);

afterAll(async () => {
  await closeRenderPool();
});

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "print-batch-"));
  dirs.push(dir);
  return dir;
}

function context(dir: string, jobId: number, options: { dispatchId?: string; printRound?: PrintRound; profileId?: string } = {}): SendContext {
  return {
    dispatch: { id: options.dispatchId ?? `dispatch-${String(jobId).padStart(8, "0")}`, jobId, document: "original", sendtype: "post", attempts: 1 },
    item: { customertype: 2 } as SendContext["item"],
    environment: environment("fin-test"),
    profile: { id: options.profileId ?? "profile-1" } as SendContext["profile"],
    made: {
      document: { buyer: { name: "Maija Meikäläinen", street: "Esimerkkikatu 1", postcode: "00100", city: "Helsinki", country: "FI" } },
      pdf,
      filename: "x.pdf",
      isLetter: false,
    } as unknown as SendContext["made"],
    now: new Date("2026-11-23T10:00:00Z"),
    today: "2026-11-23",
    dataDir: dir,
    printRound: options.printRound,
  };
}

const manifestFile = (dir: string) => path.join(printBatchDir(dir, "fin-test", "2026-11-23"), "manifest.json");
const ledgerLines = (dir: string) =>
  readFileSync(path.join(printBatchDir(dir, "fin-test", "2026-11-23"), "manifest.ndjson"), "utf8")
    .split("\n")
    .filter(Boolean);

describe("the print batch", () => {
  it("appends one line per document and rebuilds manifest.json once, when the round closes", async () => {
    const dir = dataDir();
    const round = new PrintRound();
    for (let jobId = 1; jobId <= 50; jobId++) expect((await addToPrintBatch(context(dir, jobId, { printRound: round }))).outcome).toBe("delivered");
    // The round appends its lines together, and nothing rewrote the whole manifest per document:
    // it is not there until the round closes.
    await round.flush();
    expect(existsSync(manifestFile(dir))).toBe(false);
    expect(ledgerLines(dir)).toHaveLength(50);
    // What GET /distribution/print-batches/{date} reads lists every document at once.
    expect(readManifest(dir, "fin-test", "2026-11-23")!.documents.map((entry) => entry.jobid)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    await round.close();
    const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile(dir), "utf8")));
    expect(manifest).toMatchObject({ environment: "fin-test", date: "2026-11-23" });
    expect(manifest.documents).toHaveLength(50);
    expect(manifest.documents[0]).toMatchObject({
      jobid: 1,
      document: "original",
      profileId: "profile-1",
      pages: 1,
      postclass: 2,
      color: false,
      doublesided: false,
      country: "FI",
    });
    expect(manifest).toEqual(readManifest(dir, "fin-test", "2026-11-23"));
  });

  it("writes the manifest at once for a send outside a round, and lists a dispatch sent again once", async () => {
    const dir = dataDir();
    await addToPrintBatch(context(dir, 1));
    await addToPrintBatch(context(dir, 2));
    await addToPrintBatch(context(dir, 1));
    const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile(dir), "utf8")));
    expect(manifest.documents.map((entry) => entry.jobid)).toEqual([2, 1]);
    expect(readManifest(dir, "fin-test", "2026-11-23")).toEqual(manifest);
  });

  it("keeps a line cut short by a crash from spoiling the next one", async () => {
    const dir = dataDir();
    await addToPrintBatch(context(dir, 1));
    appendFileSync(path.join(printBatchDir(dir, "fin-test", "2026-11-23"), "manifest.ndjson"), '{"jobid":2,"docu');
    await addToPrintBatch(context(dir, 3));
    expect(readManifest(dir, "fin-test", "2026-11-23")!.documents.map((entry) => entry.jobid)).toEqual([1, 3]);
  });

  it("still reads a batch written before the lines existed, and answers null for a day without one", () => {
    const dir = dataDir();
    expect(readManifest(dir, "fin-test", "2026-11-23")).toBeNull();
    const old = { environment: "fin-test", date: "2026-11-23", documents: [] };
    const file = manifestFile(dir);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(old));
    expect(readManifest(dir, "fin-test", "2026-11-23")).toEqual(old);
  });
});
