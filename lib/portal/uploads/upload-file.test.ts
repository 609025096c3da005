import { describe, expect, it } from "vitest";

import { MAX_JSON_BODY_BYTES, MAX_ZIP_BODY_BYTES } from "@/lib/spec/limits";

import { hasZipMagic, MAX_JSON_UPLOAD_BYTES, MAX_ZIP_UPLOAD_BYTES, parseJobEnvelope, uploadFileProblem, uploadKindOf } from "./upload-file";

describe("uploadKindOf and uploadFileProblem", () => {
  it("tells a JSON envelope from a ZIP package by name or type", () => {
    expect(uploadKindOf({ name: "batch.json", type: "" })).toBe("json");
    expect(uploadKindOf({ name: "batch", type: "application/json" })).toBe("json");
    expect(uploadKindOf({ name: "package.ZIP", type: "" })).toBe("zip");
    expect(uploadKindOf({ name: "package", type: "application/x-zip-compressed" })).toBe("zip");
    expect(uploadKindOf({ name: "invoice.pdf", type: "application/pdf" })).toBeNull();
  });

  it("refuses other files, empty ones, and ones over the service's limits", () => {
    expect(uploadFileProblem({ name: "a.csv", type: "text/csv", size: 10 })).toBe("unknownType");
    expect(uploadFileProblem({ name: "a.json", type: "application/json", size: 0 })).toBe("empty");
    expect(uploadFileProblem({ name: "a.json", type: "application/json", size: MAX_JSON_UPLOAD_BYTES })).toBeNull();
    expect(uploadFileProblem({ name: "a.json", type: "application/json", size: MAX_JSON_UPLOAD_BYTES + 1 })).toBe("tooLarge");
    expect(uploadFileProblem({ name: "a.zip", type: "application/zip", size: MAX_ZIP_UPLOAD_BYTES + 1 })).toBe("tooLarge");
  });

  it("caps uploads exactly at the interface's documented limits", () => {
    expect(MAX_JSON_UPLOAD_BYTES).toBe(MAX_JSON_BODY_BYTES);
    expect(MAX_ZIP_UPLOAD_BYTES).toBe(MAX_ZIP_BODY_BYTES);
  });
});

describe("hasZipMagic", () => {
  it("knows a ZIP archive by its first bytes", () => {
    expect(hasZipMagic(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe(true);
    expect(hasZipMagic(new Uint8Array([0x50, 0x4b, 0x05, 0x06]))).toBe(true);
    expect(hasZipMagic(new TextEncoder().encode("%PDF-1.4"))).toBe(false);
    expect(hasZipMagic(new Uint8Array([0x50]))).toBe(false);
  });
});

describe("parseJobEnvelope", () => {
  it("gives the jobs and the envelope's other members", () => {
    const parsed = parseJobEnvelope(JSON.stringify({ datastream: { batchid: "b1", dataset: [{ jobtype: "0" }, { jobtype: "oops" }] } }));
    expect(parsed).toEqual({ ok: true, items: [{ jobtype: "0" }, { jobtype: "oops" }], envelope: { batchid: "b1" } });
  });

  it("leaves judging each job to the service: a bad job still makes an envelope", () => {
    const parsed = parseJobEnvelope('{"datastream":{"dataset":[null, 42, {"city": 1}]}}');
    expect(parsed.ok && parsed.items).toHaveLength(3);
  });

  it("reads a file that starts with a byte order mark", () => {
    expect(parseJobEnvelope('\ufeff{"datastream":{"dataset":[{}]}}').ok).toBe(true);
  });

  it("refuses text that is not JSON", () => {
    const parsed = parseJobEnvelope('{"datastream": ');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toBe("notJson");
  });

  it("refuses JSON that is not a job envelope, and says where", () => {
    const noDatastream = parseJobEnvelope('{"jobs": []}');
    expect(noDatastream).toMatchObject({ ok: false, problem: "notEnvelope" });
    expect(!noDatastream.ok && noDatastream.detail).toMatch(/datastream/);
    const empty = parseJobEnvelope('{"datastream":{"dataset":[]}}');
    expect(empty).toMatchObject({ ok: false, problem: "notEnvelope" });
    expect(!empty.ok && empty.detail).toMatch(/datastream\.dataset must contain at least one job/);
    expect(parseJobEnvelope("[]")).toMatchObject({ ok: false, problem: "notEnvelope" });
  });
});
