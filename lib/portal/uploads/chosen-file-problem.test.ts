import { describe, expect, it } from "vitest";

import { chosenFileKind, chosenFileProblem, type FileKind } from "./chosen-file-problem";

const KINDS: Record<"csv" | "xml", FileKind> = {
  csv: { extensions: [".csv"], types: ["text/csv"], maxBytes: 100 },
  xml: { extensions: [".xml", ".camt"], types: ["application/xml", "text/xml"], maxBytes: 1000 },
};

describe("chosenFileKind", () => {
  it("knows a kind by any of its extensions or types, whatever their case", () => {
    expect(chosenFileKind({ name: "rows.CSV", type: "" }, KINDS)).toBe("csv");
    expect(chosenFileKind({ name: "rows", type: "Text/CSV" }, KINDS)).toBe("csv");
    expect(chosenFileKind({ name: "statement.camt", type: "application/octet-stream" }, KINDS)).toBe("xml");
    expect(chosenFileKind({ name: "statement", type: "text/xml" }, KINDS)).toBe("xml");
  });

  it("takes the first kind that fits where name and type disagree, and none where neither fits", () => {
    expect(chosenFileKind({ name: "rows.csv", type: "text/xml" }, KINDS)).toBe("csv");
    expect(chosenFileKind({ name: "a.csv.pdf", type: "application/pdf" }, KINDS)).toBeNull();
    expect(chosenFileKind({ name: "", type: "" }, KINDS)).toBeNull();
  });
});

describe("chosenFileProblem", () => {
  it("refuses an unknown kind before its size, and an empty file of any kind", () => {
    expect(chosenFileProblem({ name: "a.pdf", type: "application/pdf", size: 0 }, KINDS)).toBe("unknownKind");
    expect(chosenFileProblem({ name: "a.csv", type: "", size: 0 }, KINDS)).toBe("empty");
  });

  it("holds each kind to its own cap, the cap itself allowed", () => {
    expect(chosenFileProblem({ name: "a.csv", type: "", size: 100 }, KINDS)).toBeNull();
    expect(chosenFileProblem({ name: "a.csv", type: "", size: 101 }, KINDS)).toBe("tooLarge");
    expect(chosenFileProblem({ name: "a.xml", type: "", size: 101 }, KINDS)).toBeNull();
    expect(chosenFileProblem({ name: "a.xml", type: "", size: 1001 }, KINDS)).toBe("tooLarge");
  });
});
