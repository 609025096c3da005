import { describe, expect, it } from "vitest";

import { problemInWords } from "@/lib/portal/forms/field-words";
import type { JobsResponse } from "@/lib/spec/jobs";

import { ndjsonReader, summariseRows, toResultRows } from "./upload-results";

const accepted = (jobid: number, receiver: string) => ({
  accepted: 1 as const,
  amount: 251,
  billnum: String(jobid),
  billcode: "1232",
  error: null,
  evoicetype: null,
  jobid,
  jobstatus: "0",
  jobtype: "0",
  notice: null,
  origbillnum: null,
  ownref: null,
  print: null,
  receiver,
  reference: "1232",
  sendtype: "post",
});

const rejected = {
  accepted: 0 as const,
  amount: null,
  billnum: null,
  billcode: null,
  error: {
    code: "required" as const,
    message: "city is required; payrow[0].taxpr must be at most 100",
    problems: [
      { field: "city", code: "required" as const, message: "is required" },
      { field: "payrow[0].taxpr", code: "invalid" as const, message: "must be at most 100" },
    ],
  },
  evoicetype: null,
  jobid: null,
  jobstatus: null,
  jobtype: "0",
  notice: null,
  origbillnum: null,
  ownref: "r-2",
  print: null,
  receiver: "Bad",
  reference: null,
  sendtype: null,
};

describe("toResultRows", () => {
  it("gives a row per job, the reasons of each rejection, and the case of each accepted job", () => {
    const response: JobsResponse = { result: [accepted(11, "Anna"), rejected, accepted(12, "Bertil")], errors: [], accepted: 2 };
    const rows = toResultRows(response, ["case-a", null, "case-b"]);
    expect(rows.map((row) => [row.index, row.accepted, row.jobid, row.caseId])).toEqual([
      [0, true, 11, "case-a"],
      [1, false, null, null],
      [2, true, 12, "case-b"],
    ]);
    expect(rows[0]).toMatchObject({ reference: "1232", receiver: "Anna", amount: 251, reasons: [] });
    expect(rows[1]!.reasons).toEqual([
      { field: "city", message: "is required" },
      { field: "payrow[0].taxpr", message: "must be at most 100" },
    ]);
    expect(summariseRows(rows)).toEqual({ accepted: 2, rejected: 1 });
  });

  it("takes a rejection's reasons from errors[] when its record has none", () => {
    const response: JobsResponse = {
      result: [{ ...rejected, error: null }],
      errors: [{ index: 0, field: "postcode", code: "required", message: "is required" }],
      accepted: 0,
    };
    expect(toResultRows(response)[0]!.reasons).toEqual([{ field: "postcode", message: "is required" }]);
  });

  it("carries a rejection's reasons by their rules' keys, so the page says them in the reader's language", () => {
    const error: NonNullable<JobsResponse["result"][number]["error"]> = {
      code: "required",
      message: "city is required; payrow[0].taxpr must be at most 100",
      problems: [
        { field: "city", code: "required", message: "is required", rule: "required", params: {} },
        { field: "payrow[0].taxpr", code: "invalid", message: "must be at most 100", rule: "atMost", params: { max: "100" } },
        // The service's own words, naming no rule: shown as they came.
        { field: null, code: "invalid", message: "ERP-1 is already posted" },
      ],
    };
    const [row] = toResultRows({ result: [{ ...rejected, error }], errors: [], accepted: 0 });
    expect(row!.reasons.map((reason) => problemInWords(reason, "fin"))).toEqual([
      "Postitoimipaikka: Pakollinen tieto.",
      "Rivi 1: ALV %: Suurin sallittu arvo on 100.",
      "ERP-1 is already posted",
    ]);
    expect(row!.reasons.map((reason) => problemInWords(reason, "eng"))).toEqual([
      "City: is required",
      "Row 1: VAT %: must be at most 100",
      "ERP-1 is already posted",
    ]);
    // Nothing reads the English wording to find a rule: a message without its key stays as it came.
    const [unkeyed] = toResultRows({ result: [rejected], errors: [], accepted: 0 });
    expect(unkeyed!.reasons.map((reason) => problemInWords(reason, "fin"))[0]).toBe("Postitoimipaikka: is required");
  });

  it("numbers rows from an offset", () => {
    const response: JobsResponse = { result: [accepted(1, "A")], errors: [], accepted: 1 };
    expect(toResultRows(response, [], 5)[0]!.index).toBe(5);
  });
});

describe("ndjsonReader", () => {
  it("gives the events of complete lines as the text grows, skipping what does not parse", () => {
    const read = ndjsonReader();
    expect(read('{"type":"received","documents":3}\n{"type":"prog')).toEqual([{ type: "received", documents: 3 }]);
    expect(read('{"type":"received","documents":3}\n{"type":"progress","done":2,"total":3}\nnot json\n')).toEqual([{ type: "progress", done: 2, total: 3 }]);
    expect(read('{"type":"received","documents":3}\n{"type":"progress","done":2,"total":3}\nnot json\n{"type":"done","rows":[],"currency":"EUR"}\n')).toEqual([
      // A line without `repeat` (an answer before it existed) reads as not a repeat.
      { type: "done", rows: [], currency: "EUR", repeat: false },
    ]);
  });
});
