import { readFileSync } from "node:fs";
import path from "node:path";

import * as fontkit from "fontkit";

/*
 * The fonts the documents are set in (DejaVu: Latin with the Nordic and Sámi letters, Greek,
 * Cyrillic), and what they cannot draw. Intake tells the caller of a job whose printed texts hold
 * such characters (Chinese, say) in its result record's notice, instead of letting them print as
 * empty boxes unannounced.
 */

export type Font = fontkit.Font;

/** A TrueType file holding one font (never a collection), by its path. */
export function loadFontFile(file: string): Font {
  return fontkit.create(readFileSync(file)) as Font;
}

/** One of the DejaVu TrueType files. */
export function loadFont(file: string): Font {
  return loadFontFile(path.join(/*turbopackIgnore: true*/ process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf", file));
}

let regular: Font | undefined;

/** The characters of `texts` the documents' regular font has no glyph for, each once, in order. */
export function undrawableCharacters(texts: readonly (string | null | undefined)[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const character of text) {
      const code = character.codePointAt(0)!;
      // Line breaks and other controls are never drawn; ASCII always is.
      if (code < 0x80) continue;
      regular ??= loadFont("DejaVuSans.ttf");
      if (!regular.hasGlyphForCodePoint(code)) found.add(character);
    }
  }
  return [...found];
}
