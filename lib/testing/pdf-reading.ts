import jsQR from "jsqr";

import { openPdf } from "../service/documents/pdf/pdfjs";

import { decodeCode128 } from "./code128";

/*
 * Reading a PDF back in tests, with pdf.js: the text of each page, and the Code 128 barcodes drawn
 * on a page, decoded from the bars themselves.
 */

/**
 * The text of every page, whitespace collapsed, as a reader copying it gets it: pdf.js would
 * otherwise normalise it (a ligature glyph read as its letters), which hides what other readers and
 * banks' tools take from the document.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const { pdf } = await openPdf(bytes);
  try {
    const texts: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent({ disableNormalization: true });
      texts.push(
        content.items
          .map((item) => ("str" in item ? item.str : ""))
          .join(" ")
          .replace(/\s+/g, " ")
          .trim(),
      );
    }
    return texts;
  } finally {
    await pdf.destroy();
  }
}

/** A run of text on a page where pdf.js finds it: its left edge and baseline, in PDF units from the bottom left. */
interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  fontName: string;
  /** The font size in points, as the text matrix scales it. */
  size: number;
  /** How far the run reaches along its baseline, in PDF units. */
  width: number;
}

/** The text runs of one page with their positions, in the order they were drawn. */
export async function pdfTextItems(bytes: Uint8Array, pageNumber = 1): Promise<PdfTextItem[]> {
  const { pdf } = await openPdf(bytes);
  try {
    const content = await (await pdf.getPage(pageNumber)).getTextContent();
    return content.items.flatMap((item) =>
      "str" in item && item.str.trim()
        ? [
            {
              text: item.str,
              x: item.transform[4] as number,
              y: item.transform[5] as number,
              fontName: item.fontName,
              size: Math.hypot(item.transform[0] as number, item.transform[1] as number),
              width: item.width,
            },
          ]
        : [],
    );
  } finally {
    await pdf.destroy();
  }
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The filled rectangles drawn on a page (PDF units, origin bottom left). */
async function rectangles(bytes: Uint8Array, pageNumber: number): Promise<Rect[]> {
  const { pdfjs, pdf } = await openPdf(bytes);
  try {
    const page = await pdf.getPage(pageNumber);
    const operators = await page.getOperatorList();
    const rects: Rect[] = [];
    operators.fnArray.forEach((fn, index) => {
      if (fn !== pdfjs.OPS.constructPath) return;
      const [ops, coords] = operators.argsArray[index] as [number[], number[]];
      let at = 0;
      for (const op of ops) {
        if (op === pdfjs.OPS.rectangle) {
          const [x, y, width, height] = coords.slice(at, at + 4) as [number, number, number, number];
          rects.push({ x, y, width, height });
          at += 4;
        } else if (op === pdfjs.OPS.moveTo || op === pdfjs.OPS.lineTo) at += 2;
        else if (op === pdfjs.OPS.curveTo) at += 6;
        else if (op === pdfjs.OPS.curveTo2 || op === pdfjs.OPS.curveTo3) at += 4;
      }
    });
    return rects;
  } finally {
    await pdf.destroy();
  }
}

/**
 * The Code 128 symbols on a page: bars of one height standing on one line are one symbol; their
 * widths and the gaps between them, in modules, are decoded.
 */
export async function pdfBarcodes(bytes: Uint8Array, pageNumber = 1): Promise<string[]> {
  const bars = (await rectangles(bytes, pageNumber)).filter((rect) => Math.abs(rect.height) > 20 && rect.width < 10);
  const rows = new Map<string, Rect[]>();
  for (const bar of bars) {
    const key = `${Math.round(bar.y)}:${Math.round(Math.abs(bar.height))}`;
    rows.set(key, [...(rows.get(key) ?? []), bar]);
  }
  const symbols: string[] = [];
  for (const row of rows.values()) {
    if (row.length < 10) continue;
    row.sort((a, b) => a.x - b.x);
    const unit = Math.min(...row.map((bar) => bar.width));
    const widths: number[] = [];
    row.forEach((bar, index) => {
      if (index > 0) widths.push(Math.round((bar.x - (row[index - 1]!.x + row[index - 1]!.width)) / unit));
      widths.push(Math.round(bar.width / unit));
    });
    symbols.push(decodeCode128(widths));
  }
  return symbols;
}

/**
 * The QR codes on a page: equal squares lying on one grid are one symbol (two symbols on a page,
 * the EPC code of the payment part and the debtor link's, have modules of different sizes). Each
 * is painted into a bitmap, one pixel per module with a quiet zone, and read with jsQR.
 */
export async function pdfQrCodes(bytes: Uint8Array, pageNumber = 1): Promise<string[]> {
  const squares = (await rectangles(bytes, pageNumber)).filter(
    (rect) => rect.width > 0.5 && rect.width < 5 && Math.abs(Math.abs(rect.height) - rect.width) < 0.01,
  );
  const symbols = new Map<string, typeof squares>();
  for (const square of squares) {
    const key = square.width.toFixed(3);
    symbols.set(key, [...(symbols.get(key) ?? []), square]);
  }
  return [...symbols.values()].flatMap((symbol) => {
    const code = readQr(symbol);
    return code === null ? [] : [code];
  });
}

function readQr(squares: { x: number; y: number; width: number; height: number }[]): string | null {
  const cell = squares[0]!.width;
  const left = Math.min(...squares.map((square) => square.x));
  const bottom = Math.min(...squares.map((square) => Math.min(square.y, square.y + square.height)));
  const size = Math.round((Math.max(...squares.map((square) => square.x)) - left) / cell) + 1;
  const quiet = 4;
  const side = size + 2 * quiet;
  const scale = 4;
  const pixels = new Uint8ClampedArray(side * scale * side * scale * 4).fill(255);
  for (const square of squares) {
    const column = Math.round((square.x - left) / cell) + quiet;
    // PDF y grows upwards; image rows grow downwards.
    const row = size - 1 - Math.round((Math.min(square.y, square.y + square.height) - bottom) / cell) + quiet;
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const offset = ((row * scale + dy) * side * scale + column * scale + dx) * 4;
        pixels[offset] = pixels[offset + 1] = pixels[offset + 2] = 0;
      }
    }
  }
  return jsQR(pixels, side * scale, side * scale)?.data ?? null;
}
