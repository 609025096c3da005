import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { build, type Plugin } from "esbuild";

/*
 * The code a worker thread runs (the render pool's tasks, the background thread's loops), as one
 * JavaScript file bundled from the TypeScript sources with esbuild. Loaded through tsx's hooks
 * instead, every module of the service went through the loader's hook thread one by one: about
 * 3.3 s of CPU before a render thread answered, against under one second from a bundle. Packages
 * stay outside the bundle and are loaded by Node as usual, which is why the bundle is written
 * inside the project (node_modules/.cache): their names resolve from there.
 *
 * The file's name carries a hash of its content, so a changed source makes a new file and a thread
 * never loads a bundle of older code; writing it is atomic, so several processes may race to it.
 * Where the folder cannot be written (a read-only install), the caller loads the sources through
 * tsx as before.
 */

const CACHE_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), "node_modules", ".cache", "nordic-receivables");

const built = new Map<string, Promise<string | null>>();

/**
 * Node's ES module loader finds a package's deep import ("nodemailer/lib/mail-composer") only
 * through the package's "exports"; a package without them gets its file named in full, as
 * require() would find it.
 */
function deepImportsOfOldPackages(): Plugin {
  const require = createRequire(path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json"));
  const hasExports = new Map<string, boolean>();
  return {
    name: "deep-imports-of-old-packages",
    setup(builder) {
      builder.onResolve({ filter: /^(@[^/.][^/]*\/)?[^/.][^/]*\/./ }, (args) => {
        const name = args.path
          .split("/")
          .slice(0, args.path.startsWith("@") ? 2 : 1)
          .join("/");
        if (!hasExports.has(name)) {
          let exports = true;
          try {
            exports = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")).exports !== undefined;
          } catch {
            // Its package.json is not exported: the package has "exports".
          }
          hasExports.set(name, exports);
        }
        return { path: hasExports.get(name) ? args.path : require.resolve(args.path), external: true };
      });
    },
  };
}

/**
 * The project's own "@/…" imports (tsconfig's paths) are its sources, bundled like relative ones:
 * left to `packages: "external"`, they would be looked up as a package named "@".
 */
function projectPaths(): Plugin {
  return {
    name: "project-paths",
    setup(builder) {
      builder.onResolve({ filter: /^@\// }, (args) =>
        builder.resolve(`./${args.path.slice(2)}`, { kind: args.kind, resolveDir: path.join(/*turbopackIgnore: true*/ process.cwd()) }),
      );
    },
  };
}

/** The bundled file of `entry` (a path from the project's root), or null when it cannot be written. */
export function threadBundle(entry: string): Promise<string | null> {
  let file = built.get(entry);
  if (!file) {
    file = bundle(entry).catch(() => null);
    built.set(entry, file);
  }
  return file;
}

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(/*turbopackIgnore: true*/ process.cwd(), entry)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    plugins: [projectPaths(), deepImportsOfOldPackages()],
    write: false,
    logLevel: "silent",
    // Stack traces name the TypeScript files.
    sourcemap: "inline",
  });
  const code = result.outputFiles[0]!.contents;
  const name = `${path.basename(entry).replace(/\.[cm]?[jt]s$/, "")}-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`;
  const file = path.join(CACHE_DIR, name);
  if (!existsSync(file)) {
    mkdirSync(CACHE_DIR, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, file);
  }
  return file;
}
