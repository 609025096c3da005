import bwipjs from "bwip-js/node";

/*
 * A Code 128 reader for tests: it turns the widths of a symbol's bars and spaces back into text, so
 * a test can check what a printed barcode really says rather than trusting the encoder. Code sets
 * A, B and C, SHIFT and the mod 103 check symbol are read; the function characters FNC1–FNC4 (GS1
 * data, extended ASCII) are refused, since nothing the service prints uses them.
 */

/**
 * Bar and space widths in modules, bar first, of the symbols 0–105 (ISO/IEC 15417, table 1); 106 is
 * the stop pattern with its final bar.
 */
export const CODE128_PATTERNS: readonly string[] = [
  "212222",
  "222122",
  "222221",
  "121223",
  "121322",
  "131222",
  "122213",
  "122312",
  "132212",
  "221213",
  "221312",
  "231212",
  "112232",
  "122132",
  "122231",
  "113222",
  "123122",
  "123221",
  "223211",
  "221132",
  "221231",
  "213212",
  "223112",
  "312131",
  "311222",
  "321122",
  "321221",
  "312212",
  "322112",
  "322211",
  "212123",
  "212321",
  "232121",
  "111323",
  "131123",
  "131321",
  "112313",
  "132113",
  "132311",
  "211313",
  "231113",
  "231311",
  "112133",
  "112331",
  "132131",
  "113123",
  "113321",
  "133121",
  "313121",
  "211331",
  "231131",
  "213113",
  "213311",
  "213131",
  "311123",
  "311321",
  "331121",
  "312113",
  "312311",
  "332111",
  "314111",
  "221411",
  "431111",
  "111224",
  "111422",
  "121124",
  "121421",
  "141122",
  "141221",
  "112214",
  "112412",
  "122114",
  "122411",
  "142112",
  "142211",
  "241211",
  "221114",
  "413111",
  "241112",
  "134111",
  "111242",
  "121142",
  "121241",
  "114212",
  "124112",
  "124211",
  "411212",
  "421112",
  "421211",
  "212141",
  "214121",
  "412121",
  "111143",
  "111341",
  "131141",
  "114113",
  "114311",
  "411113",
  "411311",
  "113141",
  "114131",
  "311141",
  "411131",
  "211412",
  "211214",
  "211232",
  "2331112",
];

const START_A = 103;
const START_B = 104;
const START_C = 105;
const STOP = "2331112";

const SYMBOL_OF = new Map(CODE128_PATTERNS.slice(0, 106).map((pattern, value) => [pattern, value]));

type CodeSet = "A" | "B" | "C";

/** The text of a Code 128 symbol from its bar and space widths in modules, left to right from the first bar. */
export function decodeCode128(widths: readonly number[]): string {
  if (!widths.every((width) => Number.isInteger(width) && width >= 1 && width <= 4)) {
    throw new Error("Code 128 widths are whole numbers of modules from 1 to 4");
  }
  // Start, check symbol and stop at least: 6 + 6 + 7 elements, then 6 per data symbol.
  if (widths.length < 19 || (widths.length - 7) % 6 !== 0) {
    throw new Error(`${widths.length} elements are not a Code 128 symbol (6 per symbol and 7 for the stop)`);
  }
  if (widths.slice(-7).join("") !== STOP) throw new Error("the symbol does not end in the Code 128 stop pattern");

  const values: number[] = [];
  for (let at = 0; at < widths.length - 7; at += 6) {
    const pattern = widths.slice(at, at + 6).join("");
    const value = SYMBOL_OF.get(pattern);
    if (value === undefined) throw new Error(`the widths ${pattern} at element ${at} are no Code 128 symbol`);
    values.push(value);
  }

  const [start, ...rest] = values;
  const check = rest.pop()!;
  const data = rest;
  if (start !== START_A && start !== START_B && start !== START_C) throw new Error(`the symbol starts with ${start}, not a start code`);
  const sum = data.reduce((total, value, index) => total + value * (index + 1), start);
  if (sum % 103 !== check) throw new Error(`bad Code 128 checksum: the symbols give ${sum % 103}, the check symbol says ${check}`);

  let set: CodeSet = start === START_A ? "A" : start === START_B ? "B" : "C";
  let shifted = false;
  let text = "";
  for (const value of data) {
    if (value >= START_A) throw new Error(`a start code (${value}) inside the data`);
    if (set === "C") {
      if (value < 100) text += String(value).padStart(2, "0");
      else if (value === 100) set = "B";
      else if (value === 101) set = "A";
      else throw new Error("FNC1 is not supported");
      continue;
    }
    // SHIFT changes the set of the one character after it; a code change lasts.
    const current: CodeSet = shifted ? (set === "A" ? "B" : "A") : set;
    shifted = false;
    if (value < 96) {
      text += String.fromCharCode(current === "A" && value >= 64 ? value - 64 : value + 32);
    } else if (value === 98) {
      shifted = true;
    } else if (value === 99) {
      set = "C";
    } else if ((value === 100 && current === "A") || (value === 101 && current === "B")) {
      set = value === 100 ? "B" : "A";
    } else {
      const name = value === 96 ? "FNC3" : value === 97 ? "FNC2" : value === 102 ? "FNC1" : "FNC4";
      throw new Error(`${name} is not supported`);
    }
  }
  return text;
}

/**
 * The bar and space widths in modules of the Code 128 symbol bwip-js draws for `text`, measured from
 * its SVG: the same drawing the PDF renderer turns into rectangles.
 */
export function code128Widths(text: string): number[] {
  const svg = bwipjs.toSVG({ bcid: "code128", text, scale: 1, height: 10, includetext: false, paddingwidth: 0, paddingheight: 0 });
  const symbolWidth = Number(/viewBox="0 0 ([\d.]+) /.exec(svg)?.[1]);
  const bars: { left: number; width: number }[] = [];
  for (const [, strokeWidth, path] of svg.matchAll(/<path [^>]*stroke-width="([\d.]+)"[^>]*d="([^"]+)"/g)) {
    const width = Number(strokeWidth);
    // Each bar is a vertical stroke centred on its x: "M<x> <bottom>L<x> <top>".
    for (const [, x] of path!.matchAll(/M([\d.]+) [\d.]+L[\d.]+ [\d.]+/g)) bars.push({ left: Number(x) - width / 2, width });
  }
  bars.sort((a, b) => a.left - b.left);

  const widths: number[] = [];
  let edge = 0;
  for (const [index, bar] of bars.entries()) {
    if (index > 0) widths.push(bar.left - edge);
    widths.push(bar.width);
    edge = bar.left + bar.width;
  }
  const whole = widths.map((width) => Math.round(width));
  if (bars.length === 0 || bars[0]!.left !== 0 || whole.some((width, i) => width < 1 || Math.abs(width - widths[i]!) > 1e-6)) {
    throw new Error(`bwip-js drew bars that are not whole modules side by side for ${JSON.stringify(text)}`);
  }
  if (edge !== symbolWidth) throw new Error(`the bars end at ${edge}, the symbol is ${symbolWidth} modules wide`);
  return whole;
}
