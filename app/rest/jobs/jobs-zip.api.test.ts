import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/lib/db/client";
import { metrics } from "@/lib/platform/metrics";
import type { JobsResponse } from "@/lib/spec/jobs";
import type { ProblemDetails } from "@/lib/spec/problem-details";
import { envelope, invoice, letter, TINY_PDF } from "@/lib/testing/jobs";
import { call, demoToken, json } from "@/lib/testing/rest";
import { buildZip, rename } from "@/lib/testing/zip";

import { POST } from "./route";

let token: string;

beforeAll(async () => {
  token = await demoToken("fin-test");
});

const postZip = (zip: Buffer, contentType = "application/zip") =>
  call(POST, "/fin-test/rest/jobs", { raw: new Uint8Array(zip), token, headers: { "content-type": contentType } });

/** A letter that names its PDF in the package instead of carrying it. */
const packagedLetter = (filename: string, overrides: Record<string, unknown> = {}) => letter({ image: { filename }, ...overrides });

describe("ZIP packages", () => {
  it("accepts an index and the PDFs it names, and stores each PDF with its letter", async () => {
    const zip = await buildZip([
      {
        name: "index.json",
        content: JSON.stringify(envelope(packagedLetter("letters/first.pdf", { ownref: "L1" }), packagedLetter("./second.pdf", { ownref: "L2" }), invoice())),
      },
      { name: "letters/first.pdf", content: TINY_PDF },
      { name: "second.pdf", content: TINY_PDF },
    ]);
    const response = await postZip(zip);
    expect(response.status).toBe(200);
    const body = await json<JobsResponse>(response);
    expect(body.result.map((r) => r.accepted)).toEqual([1, 1, 1]);
    const files = await getDb().jobFile.findMany({ where: { jobId: { in: body.result.slice(0, 2).map((r) => r.jobid!) } }, orderBy: { jobId: "asc" } });
    expect(files.map((file) => file.filename)).toEqual(["letters/first.pdf", "./second.pdf"]);
    expect(files.every((file) => Buffer.from(file.content).equals(TINY_PDF))).toBe(true);
  });

  it("inflates and checks the package on a render thread, not on the thread that answers requests", async () => {
    const onPool = async () => (await metrics().renders.get()).values.find((v) => v.labels.task === "checkZipJobs" && v.labels.outcome === "ok")?.value ?? 0;
    const before = await onPool();
    const zip = await buildZip([
      { name: "index.json", content: JSON.stringify(envelope(packagedLetter("pooled.pdf"))) },
      { name: "pooled.pdf", content: TINY_PDF },
    ]);
    expect((await json<JobsResponse>(await postZip(zip))).accepted).toBe(1);
    expect(await onPool()).toBe(before + 1);
  });

  it("takes the only JSON file at the top as the index when there is no index.json", async () => {
    const zip = await buildZip([
      { name: "batch-2026-11-22.json", content: JSON.stringify(envelope(packagedLetter("a.pdf"))) },
      { name: "a.pdf", content: TINY_PDF },
    ]);
    const response = await postZip(zip, "application/octet-stream");
    expect(response.status).toBe(200);
    expect((await json<JobsResponse>(response)).accepted).toBe(1);
  });

  it("rejects only the documents whose files are missing or not PDFs", async () => {
    const zip = await buildZip([
      { name: "index.json", content: JSON.stringify(envelope(packagedLetter("here.pdf"), packagedLetter("missing.pdf"), packagedLetter("notes.txt"))) },
      { name: "here.pdf", content: TINY_PDF },
      { name: "notes.txt", content: "not a pdf" },
    ]);
    const body = await json<JobsResponse>(await postZip(zip));
    expect(body.result.map((r) => r.accepted)).toEqual([1, 0, 0]);
    expect(body.errors).toEqual([
      { index: 1, field: "image.filename", code: "not_found", message: "names missing.pdf, which is not in the ZIP package" },
      { index: 2, field: "image.filename", code: "invalid", message: "names notes.txt, which is not a PDF" },
    ]);
  });

  it.each([
    ["a package without an index", [{ name: "a.pdf", content: TINY_PDF }], /no index/],
    [
      "two JSON files and no index.json",
      [
        { name: "a.json", content: "{}" },
        { name: "b.json", content: "{}" },
      ],
      /several JSON files/,
    ],
    [
      "two entries with one name",
      [
        { name: "index.json", content: "{}" },
        { name: "a.pdf", content: TINY_PDF },
        { name: "./a.pdf", content: TINY_PDF },
      ],
      /two entries named a.pdf/,
    ],
  ])("refuses %s with 400", async (_label, entries, detail) => {
    const response = await postZip(await buildZip(entries));
    expect(response.status).toBe(400);
    expect(await json<ProblemDetails>(response)).toMatchObject({ type: "/rest/problems/invalid-package", detail: expect.stringMatching(detail) });
  });

  it("refuses an index that is not JSON, or not a job envelope, with 400", async () => {
    const notJson = await postZip(await buildZip([{ name: "index.json", content: "{datastream" }]));
    expect(notJson.status).toBe(400);
    expect((await json<ProblemDetails>(notJson)).type).toBe("/rest/problems/malformed-request");
    const notEnvelope = await postZip(await buildZip([{ name: "index.json", content: JSON.stringify({ dataset: [] }) }]));
    expect(notEnvelope.status).toBe(400);
    expect((await json<ProblemDetails>(notEnvelope)).problems?.[0]?.field).toBe("datastream");
  });

  it("refuses bytes that are not a ZIP archive", async () => {
    const response = await postZip(Buffer.from("PK\u0003\u0004 this is not really a zip file at all"));
    expect(response.status).toBe(400);
    expect((await json<ProblemDetails>(response)).type).toBe("/rest/problems/invalid-package");
  });

  it("refuses a path that climbs out of the package, and writes nothing", async () => {
    const before = await getDb().job.count();
    const zip = rename(
      await buildZip([
        { name: "index.json", content: JSON.stringify(envelope(packagedLetter("../evil.pdf"))) },
        { name: "aa/evil.pdf", content: TINY_PDF },
      ]),
      "aa/evil.pdf",
      "../evil.pdf",
    );
    const response = await postZip(zip);
    expect(response.status).toBe(400);
    expect((await json<ProblemDetails>(response)).detail).toMatch(/invalid relative path/);
    expect(await getDb().job.count()).toBe(before);
  });

  it("stops a zip bomb before it fills memory", async () => {
    const bomb = await buildZip([
      { name: "index.json", content: JSON.stringify(envelope(packagedLetter("bomb.pdf"))) },
      { name: "bomb.pdf", content: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(9 * 1024 * 1024)]) },
    ]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const response = await postZip(bomb);
    expect(response.status).toBe(400);
    expect((await json<ProblemDetails>(response)).detail).toMatch(/zip bomb/);
  });

  it("refuses an entry larger than a PDF may be with 413", async () => {
    const zip = await buildZip([
      { name: "index.json", content: JSON.stringify(envelope(packagedLetter("big.pdf"))) },
      { name: "big.pdf", content: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(11 * 1024 * 1024)]), compress: false },
    ]);
    const response = await postZip(zip);
    expect(response.status).toBe(413);
  });

  it("refuses a package of more than 2001 entries with 413", async () => {
    const entries = [
      { name: "index.json", content: JSON.stringify(envelope(invoice())) },
      ...Array.from({ length: 2001 }, (_, i) => ({ name: `f${i}.pdf`, content: TINY_PDF })),
    ];
    const response = await postZip(await buildZip(entries));
    expect(response.status).toBe(413);
    expect((await json<ProblemDetails>(response)).detail).toMatch(/2002 entries/);
  });

  it("applies the document limits to the index as to a JSON body", async () => {
    const zip = await buildZip([{ name: "index.json", content: JSON.stringify(envelope(...Array.from({ length: 1001 }, () => invoice()))) }]);
    expect((await postZip(zip)).status).toBe(413);
  });

  it("refuses an archive whose entry does not match its CRC-32, and stores nothing from it", async () => {
    const pdf = Buffer.from(TINY_PDF);
    const zip = await buildZip([
      { name: "index.json", content: JSON.stringify(envelope(packagedLetter("damaged.pdf", { ownref: "crc-letter" }), invoice({ ownref: "crc-invoice" }))) },
      // Stored, not deflated: a flipped byte changes the content and nothing else.
      { name: "damaged.pdf", content: pdf, compress: false },
    ]);
    const damaged = Buffer.from(zip);
    const at = damaged.indexOf(pdf) + pdf.length - 20;
    damaged[at] = damaged[at]! ^ 0xff;
    const response = await postZip(damaged);
    expect(response.status).toBe(400);
    expect((await json<ProblemDetails>(response)).detail).toContain("damaged.pdf is corrupt: its CRC-32 does not match");
    expect(await getDb().job.count({ where: { ownref: { in: ["crc-letter", "crc-invoice"] } } })).toBe(0);
  });
});
