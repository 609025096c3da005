import { describe, expect, it } from "vitest";

import { buildZip } from "@/lib/testing/zip";

import { readZipIndex } from "./read-zip-index";

const envelope = (items: unknown[]) => JSON.stringify({ datastream: { dataset: items } });

describe("the portal's reading of a ZIP package's jobs", () => {
  it("takes the index the service takes, within the service's caps", async () => {
    // Repetitive JSON under 1 MiB compresses far past 100-fold; the service reads it, so the portal keeps its jobs too.
    const items = Array.from({ length: 1000 }, (_, n) => ({ jobtype: "0", ownref: `job-${n % 2}`, info: "x".repeat(300) }));
    const zip = await buildZip([{ name: "./index.json", content: envelope(items) }]);
    const index = Buffer.byteLength(envelope(items));
    expect(index).toBeLessThan(1024 * 1024);
    expect(index / zip.length).toBeGreaterThan(100);
    expect(await readZipIndex(zip)).toEqual(items);
    const sole = await buildZip([
      { name: "jobs.json", content: envelope([{ jobtype: "0" }]) },
      { name: "letters/a.pdf", content: "%PDF-1.4" },
    ]);
    expect(await readZipIndex(sole)).toEqual([{ jobtype: "0" }]);
  });

  it("tells nothing of a package the service refuses", async () => {
    const twoIndexes = await buildZip([
      { name: "a.json", content: envelope([]) },
      { name: "b.json", content: envelope([]) },
    ]);
    expect(await readZipIndex(twoIndexes)).toBeNull();
    expect(await readZipIndex(Buffer.from("not a zip"))).toBeNull();
    expect(await readZipIndex(await buildZip([{ name: "index.json", content: "{" }]))).toBeNull();
  });
});
