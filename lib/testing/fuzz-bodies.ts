import fc from "fast-check";

/*
 * Test support: the generated bodies of the fuzz tests (app/rest/fuzz.api.test.ts,
 * app/api/webhooks/fuzz.api.test.ts). A body is a valid example with one to three members
 * replaced, removed, wrapped, duplicated or renamed, or arbitrary JSON, text, bytes, or nesting,
 * sampled from a seed so a failure is reproduced by it.
 */

export const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\udfff",
    "\ud800x",
    "0",
    "-1",
    "1e400",
    "NaN",
    "2026-02-30",
    "9".repeat(400),
    "FI21 1234 5600 0007 85",
    "<x/>",
    "../../etc/passwd",
    "null",
  ),
);
const leaf = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String));
const anyJson = fc.jsonValue({ maxDepth: 4 });

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (!value || typeof value !== "object") return [prefix];
  const entries = Array.isArray(value) ? value.map((entry, index) => [index, entry] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, entry]) => pathsOf(entry, [...prefix, key]))];
}

type Mutation = { pick: number; op: "replace" | "remove" | "wrapArray" | "wrapObject" | "duplicate" | "rename"; value: unknown };

function mutate(template: unknown, mutations: Mutation[]): unknown {
  let body: unknown = structuredClone(template);
  for (const mutation of mutations) {
    const paths = pathsOf(body);
    const path = paths[mutation.pick % paths.length]!;
    if (path.length === 0) {
      body = mutation.op === "wrapArray" ? [body] : mutation.op === "wrapObject" ? { body } : mutation.value;
      continue;
    }
    const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], body) as Record<string | number, unknown>;
    const key = path[path.length - 1]!;
    const current = parent[key];
    switch (mutation.op) {
      case "replace":
        parent[key] = mutation.value;
        break;
      case "remove":
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete parent[key];
        break;
      case "wrapArray":
        parent[key] = [current];
        break;
      case "wrapObject":
        parent[key] = { value: current };
        break;
      case "duplicate":
        if (Array.isArray(parent)) parent.push(...Array.from({ length: 3 }, () => structuredClone(current)));
        else parent[`${String(key)}_`] = current;
        break;
      case "rename":
        if (!Array.isArray(parent)) {
          delete parent[key];
          parent[typeof mutation.value === "string" ? mutation.value : `x${String(key)}`] = current;
        }
        break;
    }
  }
  return body;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom("replace", "replace", "replace", "remove", "wrapArray", "wrapObject", "duplicate", "rename"),
  value: fc.oneof({ weight: 4, arbitrary: leaf }, { weight: 1, arbitrary: anyJson }),
});

/** A template (fresh each time, so ids it holds can be new) with one to three mutations. */
export const mutated = (template: () => unknown): fc.Arbitrary<unknown> =>
  fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => mutate(template(), mutations));

export type Body = { raw: BodyInit; contentType: string | null; shown: string };

export const asJson = (value: unknown): Body => {
  const raw = JSON.stringify(value) ?? "null";
  return { raw, contentType: "application/json", shown: raw.slice(0, 300) };
};

type TextMutation = { at: number; length: number; op: string; piece: string };

/** One to three spans of a text inserted, replaced, removed or doubled, with pieces from `pieces`. */
export const textMutations = (pieces: fc.Arbitrary<string>): fc.Arbitrary<TextMutation[]> =>
  fc.array(fc.record({ at: fc.nat(), length: fc.nat({ max: 40 }), op: fc.constantFrom("insert", "replace", "remove", "duplicate"), piece: pieces }), {
    minLength: 1,
    maxLength: 3,
  });

export function mutateText(template: string, mutations: TextMutation[]): string {
  let body = template;
  for (const { at, length, op, piece } of mutations) {
    const start = at % (body.length + 1);
    const end = Math.min(body.length, start + length);
    if (op === "insert") body = body.slice(0, start) + piece + body.slice(start);
    else if (op === "replace") body = body.slice(0, start) + piece + body.slice(end);
    else if (op === "remove") body = body.slice(0, start) + body.slice(end);
    else body = body.slice(0, end) + body.slice(start, end) + body.slice(end);
  }
  return body;
}

/**
 * `runs` bodies from `seed`: mostly `templated`, the rest arbitrary JSON, binary text and bytes
 * under assorted content types (`raw` among them: a type the endpoint reads besides JSON), and
 * deep nesting.
 */
export function sampleBodies(templated: fc.Arbitrary<Body>, options: { seed: number; runs: number; raw?: string }): Body[] {
  const arbitrary: fc.Arbitrary<Body> = fc.oneof(
    { weight: 10, arbitrary: templated },
    { weight: 2, arbitrary: anyJson.map(asJson) },
    {
      weight: 1,
      arbitrary: fc
        .record({
          body: fc.string({ unit: "binary", maxLength: 200 }),
          type: fc.constantFrom("application/json", "text/plain", null, "application/zip", "application/xml", "multipart/form-data; boundary=x"),
        })
        .map(({ body, type }) => ({ raw: body, contentType: type, shown: body.slice(0, 300) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          bytes: fc.uint8Array({ maxLength: 300 }),
          type: fc.constantFrom("application/json", "application/zip", "application/xml", options.raw ?? "application/json"),
        })
        .map(({ bytes, type }) => ({ raw: Buffer.from(bytes), contentType: type, shown: `bytes ${Buffer.from(bytes).toString("hex").slice(0, 200)}` })),
    },
    {
      weight: 1,
      arbitrary: fc.record({ depth: fc.integer({ min: 1, max: 5_000 }), open: fc.constantFrom("[", '{"a":', '{"datastream":') }).map(({ depth, open }) => {
        const raw = open.repeat(depth);
        return { raw, contentType: "application/json", shown: `${open} × ${depth}` };
      }),
    },
  );
  return fc.sample(arbitrary, { seed: options.seed, numRuns: options.runs });
}

/**
 * Sends the bodies `lanes` at a time, as senders do, and judges each answer: never a 5xx, and every
 * 4xx a JSON document (a problem, or an OAuth error). Stops after five failures, which it returns.
 */
export async function judgeInLanes(queue: Body[], lanes: number, send: (body: Body, lane: number) => Promise<Response>): Promise<string[]> {
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let body = queue.shift(); body && failures.length < 5; body = queue.shift()) {
        const response = await send(body, lane);
        const answer = await response.text();
        if (response.status >= 500) failures.push(`${response.status} for ${body.shown}: ${answer.slice(0, 300)}`);
        else if (response.status >= 400 && !/json/.test(response.headers.get("content-type") ?? ""))
          failures.push(`${response.status} without a JSON document for ${body.shown}`);
      }
    }),
  );
  return failures;
}
