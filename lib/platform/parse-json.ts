/*
 * JSON from outside (request bodies, a ZIP package's index, a receiver's batch), parsed with
 * bounds: the bytes must be valid UTF-8 (a replacement character silently put in a name or an
 * amount is worse than a refusal) and arrays and objects may nest at most MAX_JSON_DEPTH deep. The
 * depth is checked by one linear pass before JSON.parse builds anything, so a small body nested
 * tens of thousands deep is refused at once instead of costing every later step (validation,
 * scans, storing) time and stack. The interface's deepest record nests about six levels.
 */

export const MAX_JSON_DEPTH = 64;

const fatalUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Thrown for a body that is not JSON within the bounds; its message says why, for a problem detail. */
export class JsonInputError extends Error {
  override name = "JsonInputError";
}

/** The nesting depth of the JSON text, stopping as soon as it passes `limit`. Strings are skipped whole. */
export function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return fatalUtf8.decode(bytes);
  } catch {
    throw new JsonInputError("it is not valid UTF-8");
  }
}

/** Parses JSON bytes or text within the bounds above; throws JsonInputError or SyntaxError. */
export function parseJson(input: Uint8Array | string, maxDepth = MAX_JSON_DEPTH): unknown {
  const text = typeof input === "string" ? input : decodeUtf8(input);
  if (exceedsDepth(text, maxDepth)) throw new JsonInputError(`arrays and objects nest deeper than ${maxDepth} levels`);
  return JSON.parse(text);
}
