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

const hexValue = (text: string, at: number): number => (/^[0-9a-fA-F]{4}$/.test(text.slice(at, at + 4)) ? Number.parseInt(text.slice(at, at + 4), 16) : -1);
const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * What is wrong with the JSON text's shape, in one linear pass: arrays and objects nested past
 * `limit` ("depth"), or a \u escape that leaves half of a surrogate pair alone ("surrogate", text
 * no database can store as UTF-8). Strings are skipped whole otherwise. Valid UTF-8 bytes cannot
 * hold a lone surrogate, so escapes are the only way one comes in.
 */
function shapeProblem(text: string, limit: number): "depth" | "surrogate" | null {
  let depth = 0;
  let inString = false;
  let lone = false;
  // A high surrogate escape just read, waiting for its low half.
  let pendingHigh = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c && text.charCodeAt(index + 1) === 0x75) {
        const unit = hexValue(text, index + 2);
        if (pendingHigh !== isLow(unit)) lone = true;
        pendingHigh = isHigh(unit);
        index += 5;
        continue;
      }
      if (pendingHigh) lone = true;
      pendingHigh = false;
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      // Depth first: it is the problem that must stop the parse, whatever else is wrong.
      if (++depth > limit) return "depth";
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return lone ? "surrogate" : null;
}

/** Whether the JSON text nests arrays and objects past `limit`. */
export function exceedsDepth(text: string, limit: number): boolean {
  return shapeProblem(text, limit) === "depth";
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return fatalUtf8.decode(bytes);
  } catch {
    throw new JsonInputError("it is not valid UTF-8");
  }
}

interface ParseJsonOptions {
  maxDepth?: number;
  /**
   * Let a lone surrogate through, for a body of many jobs, where it rejects only the job that
   * holds it (lib/service/intake/validate-job.ts) rather than the whole request.
   */
  allowLoneSurrogates?: boolean;
}

/** Parses JSON bytes or text within the bounds above; throws JsonInputError or SyntaxError. */
export function parseJson(input: Uint8Array | string, options: ParseJsonOptions = {}): unknown {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const text = typeof input === "string" ? input : decodeUtf8(input);
  const problem = shapeProblem(text, maxDepth);
  if (problem === "depth") throw new JsonInputError(`arrays and objects nest deeper than ${maxDepth} levels`);
  if (problem === "surrogate" && !options.allowLoneSurrogates)
    throw new JsonInputError("a \\u escape leaves half of a surrogate pair alone, which is not text");
  return JSON.parse(text);
}
