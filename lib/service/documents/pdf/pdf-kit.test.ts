import { describe, expect, it } from "vitest";

import { loadFont } from "./font-coverage";
import { FONT, newDocument } from "./pdf-kit";

/*
 * The fonts keep their shaped runs of text for the process (pdf-kit.ts withLayoutCache): a text set
 * in one document must measure and draw the same in every later one, however often it comes.
 */

const TEXTS = [
  "Eräpäivä",
  "Viitenumero 1234 5678 9012",
  "Påminnelse – betala senast",
  "Forfallsdato",
  "Å ä ö ŋ ŧ đ",
  "Maksettava yhteensä 1 234,56 EUR",
  // One word longer than the runs kept: shaped each time.
  "https://pay.example.fi/d/0123456789abcdefghjkmnpqrstvwxyz0123456789",
];

/** The width fontkit gives a text at `size`, shaped by a font of its own (no cache), without ligatures as the service sets text. */
function plainWidth(file: string, text: string, size: number): number {
  const font = loadFont(file);
  const run = font.layout(text, { liga: false, clig: false, dlig: false, hlig: false });
  return (run.positions.reduce((sum, position) => sum + position.xAdvance, 0) / font.unitsPerEm) * size;
}

describe("the fonts' kept runs of text", () => {
  it("measure each text as fontkit shapes it, in the first document and in every later one", () => {
    for (let round = 0; round < 3; round++) {
      const doc = newDocument({ title: "t", author: "a" });
      for (const [name, file] of [
        [FONT.regular, "DejaVuSans.ttf"],
        [FONT.bold, "DejaVuSans-Bold.ttf"],
      ] as const) {
        doc.font(name).fontSize(10);
        for (const text of TEXTS) expect(doc.widthOfString(text)).toBeCloseTo(plainWidth(file, text, 10), 6);
      }
      doc.end();
    }
  });

  it("give each caller positions of its own: one document's scaling never reaches the next", () => {
    const first = newDocument({ title: "t", author: "a" }).font(FONT.regular).fontSize(12);
    const widthBefore = first.widthOfString("Laskun numero");
    // PDFKit scales a run's positions in place when it takes it; a later document takes the same text again.
    const second = newDocument({ title: "t", author: "a" }).font(FONT.regular).fontSize(12);
    expect(second.widthOfString("Laskun numero")).toBeCloseTo(widthBefore, 9);
    first.end();
    second.end();
  });
});
