import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

/*
 * No name is exported from lib/, app/ or components/ unless another file uses it. An export no
 * one imports is either dead code or a promise to callers that do not exist, and it keeps its
 * file's internals from being changed freely; without this check such exports piled up (issue 12).
 *
 * The rule is a text scan, not the compiler's view: an exported name is "used" when any other
 * tracked source file mentions it as a word, in code, a string or a comment. That errs on the
 * side of keeping an export, but it is fast and needs no build.
 *
 * A file or name that something outside TypeScript's view loads by convention is allowed below.
 */

/** Where exports are checked. */
const CHECKED = /^(lib|app|components)\/.*\.tsx?$/;
/** Where a mention counts as a use: every tracked source file (e2e and the root configurations too). */
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const GENERATED = /^lib\/db\/generated\//;

/** Next.js loads these files by their name and calls their exports by convention. */
const NEXT_SPECIAL_FILE = /^app\/(.*\/)?(page|layout|route|error|global-error|not-found|loading|default|template)\.tsx?$/;

/** Route segment config and metadata Next.js reads from any module of app/ by these names. */
const NEXT_SPECIAL_NAMES = new Set([
  "generateMetadata",
  "metadata",
  "generateViewport",
  "viewport",
  "generateStaticParams",
  "dynamic",
  "dynamicParams",
  "revalidate",
  "fetchCache",
  "runtime",
  "preferredRegion",
  "maxDuration",
]);

/**
 * Modules a worker thread loads by file name, whose exports are then called by a string name:
 * the render pool's tasks (piscina `name: "runRenderCall"`, lib/service/render/render-pool.ts) and
 * the background thread's main module (lib/background/background-thread.ts). Files run by
 * package.json's scripts are added below.
 */
const ENTRY_MODULES = ["lib/service/render/render-tasks.ts", "lib/background/background-thread-main.ts"];

/** A server action file ("use server"): Next.js exposes each export as an endpoint by its own id. */
const USE_SERVER = /^\s*(\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*["']use server["']/;

const EXPORT_DECLARATION =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
const WORD = /[A-Za-z_$][\w$]*/g;

function trackedSources(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((file) => SOURCE.test(file) && !GENERATED.test(file));
}

function scriptEntries(): string[] {
  const scripts: Record<string, string> = JSON.parse(readFileSync("package.json", "utf8")).scripts;
  return Object.values(scripts).flatMap((command) => command.match(/[\w./-]+\.(?:ts|tsx|mts|mjs)\b/g) ?? []);
}

/** Every exported name no other tracked file mentions, as "file: name". */
function deadExports(files: Map<string, string>, entryModules: ReadonlySet<string>): string[] {
  const filesOfWord = new Map<string, Set<string>>();
  for (const [file, text] of files) {
    for (const word of new Set(text.match(WORD))) {
      let holders = filesOfWord.get(word);
      if (!holders) filesOfWord.set(word, (holders = new Set()));
      holders.add(file);
    }
  }
  const dead: string[] = [];
  for (const [file, text] of files) {
    if (!CHECKED.test(file) || NEXT_SPECIAL_FILE.test(file) || entryModules.has(file) || USE_SERVER.test(text)) continue;
    for (const [, name] of text.matchAll(EXPORT_DECLARATION)) {
      if (file.startsWith("app/") && NEXT_SPECIAL_NAMES.has(name!)) continue;
      const holders = filesOfWord.get(name!);
      if (!holders || [...holders].every((holder) => holder === file)) dead.push(`${file}: ${name}`);
    }
  }
  return dead.sort();
}

describe("exports", () => {
  const files = new Map(trackedSources().map((file) => [file, readFileSync(file, "utf8")] as const));
  const entries = new Set([...ENTRY_MODULES, ...scriptEntries()]);

  it("are each used by another file (else drop the export keyword, or the declaration)", () => {
    expect(deadExports(files, entries)).toEqual([]);
  });

  it("allow-lists only modules that exist", () => {
    expect(ENTRY_MODULES.filter((file) => !files.has(file))).toEqual([]);
  });

  it("finds an export that no other file mentions, and not one that another file does", () => {
    // Names built at run time, so that this file, itself scanned, does not mention them.
    const [unused, used] = ["Unused", "Used"].map((suffix) => `probe${suffix}${Date.now()}`);
    const probe = new Map(files);
    probe.set("lib/probe/unused.ts", `export const ${unused} = 1;\nexport type ${used} = number;\n`);
    probe.set("lib/probe/user.ts", `import type { ${used} } from "./unused";\n`);
    expect(deadExports(probe, entries).filter((entry) => entry.startsWith("lib/probe/"))).toEqual([`lib/probe/unused.ts: ${unused}`]);
  });
});
