import { readdirSync, statSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { methodsOf } from "@/lib/spec/operation";
import { OPERATIONS } from "@/lib/spec/operations";

/*
 * Every operation of lib/spec is served by the route file at its path, built on its declaration,
 * and every route file answers the other methods with 405: the folders under app/rest and the
 * declarations cannot drift apart.
 */

const REST = path.join(import.meta.dirname);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Route files that are no operation of the interface: the catch-all 404 and the document itself. */
const NOT_OPERATIONS = new Set(["/[...path]", "/openapi.json"]);

function routeFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

/** /jobs/[jobid]/pdf → /jobs/{jobid}/pdf */
function operationPath(file: string): string {
  return path
    .dirname(path.relative(REST, file))
    .split(path.sep)
    .reduce((text, segment) => `${text}/${segment.replace(/^\[(\w+)\]$/, "{$1}")}`, "");
}

const files = routeFiles(REST).filter((file) => !NOT_OPERATIONS.has(`/${path.dirname(path.relative(REST, file)).split(path.sep).join("/")}`));

describe("route files", () => {
  it("serve every declared operation, each at its own path", () => {
    const served = new Set(files.map(operationPath));
    expect(OPERATIONS.filter((operation) => !served.has(operation.path)).map((operation) => operation.path)).toEqual([]);
    expect([...served].filter((route) => methodsOf(OPERATIONS, route).length === 0)).toEqual([]);
  });

  it.each(files.map((file) => [operationPath(file), file]))("%s answers its declared methods by their operations and refuses the rest", async (route, file) => {
    const routeModule = (await import(file)) as Record<string, { operation?: { method: string; path: string }; refuses?: string }>;
    const declared = methodsOf(OPERATIONS, route);
    for (const method of METHODS) {
      const handler = routeModule[method];
      expect(handler, `${method} ${route}`).toBeTypeOf("function");
      if (declared.includes(method)) expect(handler!.operation, `${method} ${route}`).toMatchObject({ method: method.toLowerCase(), path: route });
      else expect(handler!.refuses, `${method} ${route}`).toBe(route);
    }
  });
});
