import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

/**
 * The spec files split into `count` shards of about equal time: longest first, each to the shard
 * with the least so far, by the seconds each took in a measured run (spec-seconds.json; a spec not
 * in it counts as SPEC_SECONDS_UNKNOWN). Playwright's own --shard splits by test count in file
 * order, which gave one shard 375 s of tests and the other 242 s.
 */
const SPEC_SECONDS_UNKNOWN = 20;
export function planShards(count: number): string[][] {
  const measured = z.record(z.string(), z.number()).parse(JSON.parse(readFileSync(path.join(import.meta.dirname, "spec-seconds.json"), "utf8")));
  const specs = readdirSync("e2e", { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".spec.ts"))
    .map((file) => `e2e/${file}`)
    .sort();
  const seconds = (spec: string) => measured[spec] ?? SPEC_SECONDS_UNKNOWN;
  const shards = Array.from({ length: count }, () => ({ seconds: 0, specs: [] as string[] }));
  for (const spec of [...specs].sort((a, b) => seconds(b) - seconds(a))) {
    const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    lightest.specs.push(spec);
    lightest.seconds += seconds(spec);
  }
  return shards.filter((shard) => shard.specs.length > 0).map((shard) => shard.specs.sort());
}

/** A spec's path as Playwright's file filter, a regular expression matched against the path. */
export const specFilter = (spec: string) => `${spec.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;
