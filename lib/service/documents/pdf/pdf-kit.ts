import path from "node:path";

import type { GlyphRun } from "fontkit";
import PDFDocument from "pdfkit";

import { loadFont, loadFontFile, type Font } from "./font-coverage";

/*
 * PDFKit set up as every document of the service needs it: A4, the DejaVu fonts embedded (PDFKit's
 * built-in Helvetica is not embedded, which PDF/A forbids, and it lacks the Sámi letters ŋ ŧ đ),
 * and, when an XML travels inside, PDF/A-3b with the XML as an associated file.
 */

const MM = 72 / 25.4;
export const mm = (value: number) => value * MM;
export const PAGE = { width: mm(210), height: mm(297) };

export const FONT = { regular: "DejaVuSans", bold: "DejaVuSans-Bold", mono: "DejaVuSansMono", ocrB: "OCRB" } as const;

let fonts: Record<keyof typeof FONT, Font> | undefined;

/*
 * OCR-B, for the Swedish inbetalningskort's reading line only: Matthew Skala's OCR-B (version 0.2,
 * 2011, from Norbert Schwarz's Metafont OCR-B of 1986–2011), which bwip-js ships in its fonts folder
 * and the project already installs. Skala released his work to the public domain and Schwarz
 * released his Metafont sources "for unrestricted use and distribution" (the notice of Skala's
 * OCR-B 0.2 package; bwip-js issue #42, 2016, names the package as the files' origin); its OS/2 table
 * allows embedding. Read from the project's node_modules, as the DejaVu files are, so a render
 * thread finds it too.
 */
export const OCR_B_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), "node_modules", "bwip-js", "fonts", "OCRB7.ttf");

/**
 * The fonts, parsed once per process. PDFKit takes a parsed fontkit font as well as a file; given
 * the file it parses it again for every document, which was two thirds of the time of a page.
 */
function parsedFonts() {
  fonts ??= {
    regular: withLayoutCache(withoutLigatures(withCharacters(loadFont("DejaVuSans.ttf")))),
    bold: withLayoutCache(withoutLigatures(withCharacters(loadFont("DejaVuSans-Bold.ttf")))),
    mono: withLayoutCache(withoutLigatures(withCharacters(loadFont("DejaVuSansMono.ttf")))),
    ocrB: withLayoutCache(withoutLigatures(withCharacters(loadFontFile(OCR_B_FILE)))),
  };
  return fonts;
}

/**
 * The text a reader, a screen reader or a bank's scanner takes from a document comes from its fonts'
 * ToUnicode maps, which PDFKit writes from the characters fontkit keeps on each glyph. fontkit keeps
 * one glyph object per glyph and font, with the characters of the call that created it first
 * (foliojs/fontkit#154, open in 2.0.4, the newest release), and its subsetter creates the parts of a
 * composite glyph by number alone: the "o" inside "ö" got no characters. A font serves every document
 * of the process, so every later document mapped that glyph to nothing, and readers read it as its
 * number in the subset ("(", "/"). Each glyph a character reaches is made from that character here,
 * before any document is subset (some 40 ms a font, once); none of the four fonts gives one glyph to
 * two characters, so no character can take another's.
 */
function withCharacters(font: Font): Font {
  for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
  return font;
}

const NO_LIGATURES = { liga: false, clig: false, dlig: false, hlig: false };

/**
 * Every letter drawn as itself. fontkit sets "fi" and "fl" as one ligature glyph by default, and
 * that glyph's text is U+FB01 (withCharacters gave it its own character): a bill number "R-fin-1"
 * copied from the PDF into a bank's or a search field was "R-ﬁn-1" and matched nothing, and a
 * screen reader read the ligature. Numbers, references and names must read back as they were sent.
 */
function withoutLigatures(font: Font): Font {
  const layout = font.layout.bind(font);
  font.layout = (text, features, ...rest) => layout(text, features ?? NO_LIGATURES, ...rest);
  return font;
}

/**
 * Runs of shaped text kept per font for the process, by their text, past the document that shaped
 * them. PDFKit keeps a word's run only for the one document, and fontkit's shaping (its GSUB and
 * GPOS lookups) was about a fifth of a render thread's busy time in a distribution run: every
 * invoice shaped its labels, headings and legal texts anew. PDFKit shapes a line word by word, so
 * what comes here is mostly a word: runs of up to LONGEST_KEPT characters are kept, up to
 * CHARACTERS_KEPT characters a font, and the font starts over when that is full (a name or an amount
 * seen once makes room for the next). A kept run costs about 130 bytes a character (measured), so a
 * font keeps at most some 6.5 MB in each render thread. A caller gets its own copy of the positions,
 * since PDFKit scales them in place; the glyphs are the font's own objects, shared as before.
 * Shaping with features of the caller's own is not kept.
 */
const LONGEST_KEPT = 48;
const CHARACTERS_KEPT = 50_000;

function withLayoutCache(font: Font): Font {
  const layout = font.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  let characters = 0;
  font.layout = (text, features, ...rest) => {
    if (features !== undefined || rest.length > 0 || typeof text !== "string" || text.length > LONGEST_KEPT) return layout(text, features, ...rest);
    let run = runs.get(text);
    if (!run) {
      if (characters + text.length > CHARACTERS_KEPT) {
        runs.clear();
        characters = 0;
      }
      run = layout(text);
      runs.set(text, run);
      characters += text.length;
    }
    return copyOfRun(run);
  };
  return font;
}

/** A run to be changed by its caller: its own glyph list and positions; advanceWidth and the rest still computed from them. */
function copyOfRun(run: GlyphRun): GlyphRun {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRun, run);
  copy.glyphs = run.glyphs.slice();
  copy.positions = run.positions.map((position) => Object.assign(Object.create(Object.getPrototypeOf(position) as object) as typeof position, position));
  return copy;
}

export interface NewDocumentOptions {
  title: string;
  author: string;
  /** An XML message (Finvoice, UBL) to carry inside: the PDF becomes PDF/A-3b with it attached. */
  attachment?: { name: string; content: Buffer; description: string };
  language?: string;
}

export function newDocument(options: NewDocumentOptions): PDFKit.PDFDocument {
  const parsed = parsedFonts();
  const doc = new PDFDocument({
    // Without a font of its own PDFKit opens Helvetica for every document, parsing its AFM metrics
    // anew each time: 3 % of a render thread's time, for a font no document uses.
    font: parsed.regular as unknown as string,
    size: "A4",
    margin: 0,
    autoFirstPage: true,
    bufferPages: true,
    lang: options.language,
    info: { Title: options.title, Author: options.author, Creator: "Nordic Receivables", Producer: "Nordic Receivables" },
    ...(options.attachment ? { pdfVersion: "1.7" as const, subset: "PDF/A-3b" as const } : {}),
  });
  // PDFKit's types know only files; at run time it takes a fontkit font (anything with layout()).
  doc.registerFont(FONT.regular, parsed.regular as unknown as Buffer);
  doc.registerFont(FONT.bold, parsed.bold as unknown as Buffer);
  doc.registerFont(FONT.mono, parsed.mono as unknown as Buffer);
  doc.registerFont(FONT.ocrB, parsed.ocrB as unknown as Buffer);
  doc.font(FONT.regular);
  if (options.attachment) {
    // "Alternative": the XML is the same invoice in another form (PDF/A-3's AFRelationship).
    const attachment: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
      name: options.attachment.name,
      type: "application/xml",
      description: options.attachment.description,
      relationship: "Alternative",
    };
    doc.file(options.attachment.content, attachment);
  }
  return doc;
}

/** The finished document as bytes. */
export function finish(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/**
 * The font size at which `text` fits `width` on one line, from `size` down to `min`: an amount or
 * a reference is never broken across lines, a long one is set smaller.
 */
export function fittingSize(doc: PDFKit.PDFDocument, font: string, text: string, width: number, size: number, min = 6): number {
  doc.font(font);
  for (let candidate = size; candidate > min; candidate -= 0.25) {
    if (doc.fontSize(candidate).widthOfString(text) <= width) return candidate;
  }
  return min;
}

/**
 * Writes `text` on one line inside `width`, at `size` or as much smaller as it needs (fittingSize).
 * With `keepBaseline` a smaller size is set lower by what it leaves free, so the baseline stays
 * where the full size puts it; without, the text keeps its top.
 */
export function fittedLine(
  doc: PDFKit.PDFDocument,
  font: string,
  text: string,
  x: number,
  y: number,
  width: number,
  size: number,
  options: { align?: "left" | "right"; keepBaseline?: boolean } = {},
) {
  const fit = fittingSize(doc, font, text, width, size);
  doc
    .font(font)
    .fontSize(fit)
    .text(text, x, options.keepBaseline ? y + (size - fit) * 0.8 : y, { width, align: options.align ?? "left", lineBreak: false });
}
