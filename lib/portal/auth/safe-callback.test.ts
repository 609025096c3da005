import { describe, expect, it } from "vitest";

import { safeCallbackPath } from "./safe-callback";

describe("safeCallbackPath", () => {
  it("keeps a path of the app with its query", () => {
    expect(safeCallbackPath("/cases/abc?tab=timeline")).toBe("/cases/abc?tab=timeline");
    expect(safeCallbackPath("/invoices/new")).toBe("/invoices/new");
  });

  it("refuses every way of naming another origin", () => {
    for (const hostile of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/%09/evil.example",
      "/\t/evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "",
      undefined,
    ]) {
      const path = safeCallbackPath(hostile);
      expect(new URL(path, "http://portal.invalid").origin).toBe("http://portal.invalid");
    }
    expect(safeCallbackPath("//evil.example")).toBe("/cases");
    expect(safeCallbackPath("/\\evil.example")).toBe("/cases");
  });
});
