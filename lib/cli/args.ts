import { parseArgs } from "node:util";

import { z } from "zod";

/** Command-line options parsed with node:util and checked with zod, so a wrong flag says what is wrong. */
export function parseOptions<T extends z.ZodRawShape>(usage: string, shape: T): z.output<z.ZodObject<T>> {
  const { values } = parseArgs({
    options: Object.fromEntries(Object.keys(shape).map((key) => [key, { type: "string" as const }])),
    allowPositionals: false,
    strict: true,
  });
  const parsed = z.object(shape).safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join(".")}: ${issue.message}`);
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return parsed.data;
}
