import { describe, expect, it } from "vitest";

import { finish, newDocument } from "./pdf-kit";
import { openPdf } from "./pdfjs";

// Before pdf.js loads in this thread (core-js's push also answers toString as native code).
const enginePush = Array.prototype.push;

describe("openPdf", () => {
  it("reads a PDF and leaves the thread the engine's own Array.prototype.push", async () => {
    const doc = newDocument({ title: "t", author: "a" });
    doc.text("Hello");
    const { pdf } = await openPdf(await finish(doc));
    try {
      expect(pdf.numPages).toBe(1);
    } finally {
      await pdf.destroy();
    }
    expect(Array.prototype.push).toBe(enginePush);
  });
});
