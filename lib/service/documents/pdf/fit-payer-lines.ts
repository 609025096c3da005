import type { Party } from "../invoice-document";

/*
 * The payer's name and address as a bank form's payer box holds them: what a bank clerk and the
 * debtor need first is who pays and where, so the postcode and city line is always there, on the
 * box's last line, or above the country's line for a payer abroad. The other lines wrap at spaces, never inside a word ("c/o" stays whole), and
 * where they need more lines than the box has, the street gives up its lines first, then the extra
 * lines above it (c/o, department) from the last, then the name; a part cut short ends in "…" after
 * its last whole word. Where even one line each is too much, the extra lines go, the last first.
 * A payer abroad has the name of its country on the line under the postcode and city, kept as
 * they are: a bank clerk abroad needs it as much as the envelope's address block does.
 * Letting PDFKit wrap the block into a box of fixed height cut it from the bottom: a long name and
 * c/o line pushed the postcode and city out, and PDFKit broke "c/o" after its slash.
 */

const ELLIPSIS = "…";

interface PayerBox {
  /** The box's inner width, in points. */
  width: number;
  /** How many lines the box holds at the size the lines are set in. */
  lines: number;
  /** The width of a text at the size and font the lines are set in. */
  widthOf: (text: string) => number;
}

/** `countryLine`: the payer's country as its address abroad names it (format.ts countryLineAbroad), none at home. */
export function fitPayerLines(
  buyer: Pick<Party, "name" | "extraLines" | "street" | "postcode" | "city">,
  box: PayerBox,
  countryLine: string | null = null,
): string[] {
  const { width, widthOf } = box;
  const words = (text: string) => text.split(/\s+/).filter(Boolean);
  // A single word wider than the box (no space to break at) is cut with an ellipsis rather than split onto a second line.
  const cutWord = (word: string) => {
    if (widthOf(word) <= width) return word;
    let end = word.length - 1;
    while (end > 1 && widthOf(word.slice(0, end) + ELLIPSIS) > width) end--;
    return word.slice(0, end) + ELLIPSIS;
  };
  const wrap = (text: string): string[] => {
    const lines: string[] = [];
    let line = "";
    for (const word of words(text).map(cutWord)) {
      const joined = line ? `${line} ${word}` : word;
      if (line && widthOf(joined) > width) {
        lines.push(line);
        line = word;
      } else line = joined;
    }
    if (line) lines.push(line);
    return lines;
  };
  /** The first `count` lines of a part, the last ending in "…" after a whole word where words were left off. */
  const shortened = (lines: string[], count: number): string[] => {
    if (count === 0) return [];
    if (count >= lines.length) return lines;
    const kept = lines.slice(0, count);
    const last = words(kept[count - 1]!);
    while (last.length > 1 && widthOf(`${last.join(" ")} ${ELLIPSIS}`) > width) last.pop();
    const closing = `${last.join(" ")} ${ELLIPSIS}`;
    kept[count - 1] = widthOf(closing) <= width ? closing : last.join(" ");
    return kept;
  };

  const postal = [buyer.postcode, buyer.city].filter(Boolean).join(" ").trim();
  const postalLines = postal ? shortened(wrap(postal), 1) : [];
  // A box of one line keeps the postcode and city alone, rather than spill a country line out of it.
  const countryLines = countryLine && box.lines - postalLines.length >= 1 ? shortened(wrap(countryLine), 1) : [];
  const room = Math.max(0, box.lines - postalLines.length - countryLines.length);

  interface Part {
    lines: string[];
    count: number;
  }
  const part = (text: string | null | undefined): Part[] => {
    const lines = text ? wrap(text) : [];
    return lines.length > 0 ? [{ lines, count: lines.length }] : [];
  };
  const name = part(buyer.name);
  const extras = buyer.extraLines.flatMap(part);
  const street = part(buyer.street);
  const used = () => [...name, ...extras, ...street].reduce((sum, { count }) => sum + count, 0);
  // Who gives up lines first: the street, then the extra lines from the last, then the name.
  for (const giving of [...street, ...[...extras].reverse(), ...name]) {
    while (used() > room && giving.count > 1) giving.count--;
  }
  // Still too many at one line each: the extra lines go from the last, then the street, then the name.
  for (const giving of [...[...extras].reverse(), ...street, ...name]) if (used() > room) giving.count = 0;
  return [...name, ...extras, ...street].flatMap(({ lines, count }) => shortened(lines, count)).concat(postalLines, countryLines);
}
