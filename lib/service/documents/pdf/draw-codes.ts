import bwipjs from "bwip-js/node";
import QRCode from "qrcode";

/*
 * Machine-readable codes drawn as vectors, so they print sharp at any resolution: Code 128 from
 * bwip-js's SVG (each bar is a stroke of a known width), QR codes from the module matrix of the
 * qrcode package.
 */

interface Bar {
  x: number;
  width: number;
}

/** The bars of a Code 128 symbol in bwip-js units, and the symbol's total width in the same units. */
function code128Bars(text: string): { bars: Bar[]; width: number } {
  const svg = bwipjs.toSVG({ bcid: "code128", text, height: 10, includetext: false, scale: 1, paddingwidth: 0, paddingheight: 0 });
  const width = Number(/viewBox="0 0 (\d+(?:\.\d+)?) /.exec(svg)?.[1] ?? 0);
  const bars: Bar[] = [];
  for (const [, strokeWidth, d] of svg.matchAll(/<path stroke="#000000" stroke-width="([\d.]+)" d="([^"]+)"/g)) {
    const barWidth = Number(strokeWidth);
    for (const [, x] of d!.matchAll(/M([\d.]+) [\d.]+L[\d.]+ [\d.]+/g)) bars.push({ x: Number(x) - barWidth / 2, width: barWidth });
  }
  bars.sort((a, b) => a.x - b.x);
  return { bars, width };
}

/** Draws a Code 128 symbol into the box at (x, y), `width` wide and `height` tall. */
export function drawCode128(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, height: number): void {
  const symbol = code128Bars(text);
  const scale = width / symbol.width;
  doc.save().fillColor("#000000");
  for (const bar of symbol.bars) doc.rect(x + bar.x * scale, y, bar.width * scale, height);
  doc.fill().restore();
}

/** The quiet zone ISO/IEC 18004 wants around a QR code, in modules. */
export const QR_QUIET_MODULES = 4;

/** The side of one module of `payload`'s QR code drawn into a square of `size`, quiet zone included. */
export function qrModuleSize(payload: string, size: number): number {
  return size / (QRCode.create(payload, { errorCorrectionLevel: "M" }).modules.size + 2 * QR_QUIET_MODULES);
}

/**
 * Draws a QR code of `payload`, error correction M, into the square of side `size` at (x, y): the
 * square holds the symbol and its quiet zone of four modules on every side, so nothing drawn
 * outside it comes closer.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, payload: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: "M" });
  const cell = size / (modules.size + 2 * QR_QUIET_MODULES);
  const left = x + QR_QUIET_MODULES * cell;
  const top = y + QR_QUIET_MODULES * cell;
  doc.save().fillColor("#000000");
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) doc.rect(left + column * cell, top + row * cell, cell, cell);
    }
  }
  doc.fill().restore();
}
