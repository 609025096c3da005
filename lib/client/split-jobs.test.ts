import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { documentLimitProblem, MAX_JSON_BODY_BYTES, utf8Length } from "../spec/limits";

import { chunkBody, chunkIdempotencyKey, documentUnits, envelopeBytes, envelopeHead, JobTooLargeError, splitJobs, type JobChunk } from "./split-jobs";

const small = (n: number) => ({ jobtype: "0", ownref: `small-${n}`, payrow: [{ desc: "Row", count: "1", amount: "10.00", taxpr: "25.5" }] });
const withFile = (n: number) => ({ jobtype: "301", ownref: `letter-${n}`, image: { filename: `letter-${n}.pdf`, file: "JVBERi0xLjQK" } });
const bulky = (n: number) => ({ jobtype: "0", ownref: `bulky-${n}`, info: "x".repeat(17 * 1024) });

const itemsOf = (chunk: JobChunk) => chunk.json.map((json) => JSON.parse(json) as unknown);

describe("documentUnits counts by the interface's rule (isLargeDocument)", () => {
  it("counts a file, an attachment, a top-level filename and JSON over 16 KiB as two", () => {
    expect(documentUnits(small(1))).toBe(1);
    expect(documentUnits(withFile(1))).toBe(2);
    expect(documentUnits({ jobtype: "0", attachment: [{ file: "a" }] })).toBe(2);
    expect(documentUnits({ jobtype: "0", attachment: [] })).toBe(1);
    expect(documentUnits({ jobtype: "0", attachment: { file: "a" } })).toBe(2);
    expect(documentUnits({ jobtype: "301", filename: "old-style.pdf" })).toBe(2);
    expect(documentUnits(bulky(1))).toBe(2);
    // Exactly 16 KiB is still small; the multi-byte letters count by their UTF-8 bytes.
    const padding = 16 * 1024 - JSON.stringify({ info: "" }).length;
    expect(documentUnits({ info: "x".repeat(padding) })).toBe(1);
    expect(documentUnits({ info: "x".repeat(padding + 1) })).toBe(2);
    expect(documentUnits({ info: "ä".repeat(padding / 2) })).toBe(1);
    expect(documentUnits({ info: "ä".repeat(padding / 2 + 1) })).toBe(2);
  });
});

describe("utf8Length", () => {
  it("counts as Buffer.byteLength does", () => {
    fc.assert(
      // One character of each UTF-8 length, and lone surrogate halves (fast-check's "binary" unit is slow on a busy machine).
      fc.property(
        fc.string({
          unit: fc.constantFrom("a", "\u0000", "\u007f", "\u0080", "ä", "\u07ff", "\u0800", "€", "\uffff", "😀", "\ud800", "\udc00"),
          maxLength: 40,
        }),
        (text) => {
          // The raw text, lone surrogates and all (a caller may pass JSON it wrote itself), and its JSON.
          expect(utf8Length(text)).toBe(Buffer.byteLength(text));
          const json = JSON.stringify(text);
          expect(utf8Length(json)).toBe(Buffer.byteLength(json));
        },
      ),
    );
  });
});

describe("splitJobs", () => {
  const head = envelopeHead();
  const overhead = envelopeBytes(head);

  it("keeps up to 1000 small items in one request and starts the next at the 1001st", () => {
    const items = Array.from({ length: 1200 }, (_, n) => small(n));
    const chunks = splitJobs(items, overhead);
    expect(chunks.map((chunk) => [chunk.start, chunk.json.length])).toEqual([
      [0, 1000],
      [1000, 200],
    ]);
    expect(splitJobs(items.slice(0, 1000), overhead)).toHaveLength(1);
  });

  it("counts a larger document as two: 500 letters with their files fit in one request", () => {
    const letters = Array.from({ length: 501 }, (_, n) => withFile(n));
    expect(splitJobs(letters, overhead).map((chunk) => chunk.json.length)).toEqual([500, 1]);
    const mixed = [...Array.from({ length: 998 }, (_, n) => small(n)), withFile(1), small(999)];
    // 998 + 2 = 1000 units: the letter still fits, the item after it does not.
    expect(splitJobs(mixed, overhead).map((chunk) => [chunk.start, chunk.units])).toEqual([
      [0, 1000],
      [999, 1],
    ]);
  });

  it("keeps every body within the byte limit", () => {
    const items = Array.from({ length: 10 }, (_, n) => ({ ownref: `big-${n}`, info: "x".repeat(300) }));
    const limits = { maxUnits: 1000, maxBodyBytes: overhead + 1000 };
    const chunks = splitJobs(items, overhead, limits);
    for (const chunk of chunks) expect(utf8Length(chunkBody(head, chunk))).toBeLessThanOrEqual(limits.maxBodyBytes);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flatMap(itemsOf)).toEqual(items);
  });

  it("refuses an item that no request can hold", () => {
    const items = [small(0), { ownref: "huge", info: "x".repeat(2000) }];
    expect(() => splitJobs(items, overhead, { maxUnits: 1000, maxBodyBytes: 1000 })).toThrow(JobTooLargeError);
    try {
      splitJobs(items, overhead, { maxUnits: 1000, maxBodyBytes: 1000 });
    } catch (error) {
      expect((error as JobTooLargeError).index).toBe(1);
    }
  });

  it("always gives chunks the service accepts, in order, covering every item once, the same way each time", () => {
    const item = fc.oneof(fc.integer().map(small), fc.integer().map(withFile), fc.integer().map(bulky), fc.constantFrom(null, undefined, "text", 1));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 2500 }), (items) => {
        const chunks = splitJobs(items, overhead);
        let next = 0;
        for (const chunk of chunks) {
          expect(chunk.start).toBe(next);
          next += chunk.json.length;
          const parsed = itemsOf(chunk);
          expect(documentLimitProblem(parsed)).toBeNull();
          expect(utf8Length(chunkBody(head, chunk))).toBeLessThanOrEqual(MAX_JSON_BODY_BYTES);
        }
        expect(next).toBe(items.length);
        expect(chunks.flatMap(itemsOf)).toEqual(items.map((value) => (value === undefined ? null : value)));
        expect(splitJobs(items, overhead)).toEqual(chunks);
      }),
      { numRuns: 40 },
    );
  }, 30_000);
});

describe("the body of a chunk", () => {
  it("is the job envelope with the items", () => {
    const chunk = splitJobs([small(1), small(2)], envelopeBytes(envelopeHead()))[0]!;
    expect(JSON.parse(chunkBody(envelopeHead(), chunk))).toEqual({ datastream: { dataset: [small(1), small(2)] } });
  });

  it("carries the envelope's own members and never a second dataset", () => {
    const head = envelopeHead({ noreport: "true", origname: "erp-export.json", dataset: ["ignored"], debug: undefined });
    const chunk = splitJobs([small(1)], envelopeBytes(head))[0]!;
    expect(JSON.parse(chunkBody(head, chunk))).toEqual({ datastream: { noreport: "true", origname: "erp-export.json", dataset: [small(1)] } });
    expect(envelopeBytes(head)).toBe(utf8Length(chunkBody(head, chunk)) - chunk.bytes);
  });
});

describe("chunkIdempotencyKey", () => {
  it("numbers the requests of a post from 1", () => {
    expect(chunkIdempotencyKey("upload-7", 1)).toBe("upload-7-1");
    expect(chunkIdempotencyKey("upload-7", 2)).toBe("upload-7-2");
  });
});
