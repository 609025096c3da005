import { describe, expect, it } from "vitest";

import { buildZip } from "@/lib/testing/zip";

import { readZipIndexOnThread } from "./read-zip-index-on-thread";

const envelope = (items: unknown[]) => JSON.stringify({ datastream: { dataset: items } });

describe("the portal's reading of a ZIP package's jobs on a worker thread", () => {
  it("answers what the reader answers: the index's jobs, or null for a package it cannot read", async () => {
    const items = Array.from({ length: 500 }, (_, n) => ({ jobtype: "0", ownref: `job-${n}` }));
    const zip = await buildZip([
      { name: "index.json", content: envelope(items) },
      { name: "letters/a.pdf", content: "%PDF-1.4" },
    ]);
    // The bytes a route handler holds are a view into a larger buffer; only the view is read.
    const padded = new Uint8Array(zip.length + 16);
    padded.set(zip, 8);
    expect(await readZipIndexOnThread(padded.subarray(8, 8 + zip.length))).toEqual(items);
    expect(await readZipIndexOnThread(new TextEncoder().encode("not a zip"))).toBeNull();
    expect(await readZipIndexOnThread(await buildZip([{ name: "index.json", content: "{" }]))).toBeNull();
    // The first read bundles the reader and starts its thread.
  }, 60_000);
});
