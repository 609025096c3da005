/*
 * What a form makes of a file chosen in the browser, before a byte of it is read: which of the
 * kinds it takes the file is, and whether it is empty or over that kind's cap. A file over the cap
 * would only be refused after a long upload. Browsers name a file's type unevenly (a ZIP as several
 * types, a file from some systems as none), so either the name's extension or the type tells the
 * kind; the form then reads the first bytes to see the file really is one.
 */

export interface FileKind {
  /** Lower-case, with the dot: ".pdf". */
  extensions: readonly string[];
  /** Lower-case media types: "application/pdf". */
  types: readonly string[];
  maxBytes: number;
}

type ChosenFileProblem = "unknownKind" | "empty" | "tooLarge";

/** The first of the kinds (in their order) the file is by its name or type; null for none. */
export function chosenFileKind<K extends string>(file: { name: string; type: string }, kinds: Record<K, FileKind>): K | null {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  for (const kind of Object.keys(kinds) as K[]) {
    const accepted = kinds[kind];
    if (accepted.extensions.some((extension) => name.endsWith(extension)) || accepted.types.includes(type)) return kind;
  }
  return null;
}

export function chosenFileProblem<K extends string>(file: { name: string; type: string; size: number }, kinds: Record<K, FileKind>): ChosenFileProblem | null {
  const kind = chosenFileKind(file, kinds);
  if (kind === null) return "unknownKind";
  if (file.size === 0) return "empty";
  if (file.size > kinds[kind].maxBytes) return "tooLarge";
  return null;
}
