import { readFileSync } from "node:fs";
import path from "node:path";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker, workerData } from "node:worker_threads";

import { registerCustomXPathFunction, Schema } from "node-schematron";
import type { SchemaJson } from "node-schematron/dist/Schema";
import { validateXML } from "xmllint-wasm";

/*
 * XML validation for tests: XSD with libxml2 (xmllint-wasm) and Schematron with node-schematron.
 *
 * node-schematron evaluates Schematron with fontoxpath (XPath 3.1), not with the XSLT 2.0 processor
 * the Peppol rule files are written for: <xsl:function> definitions are not run, some XPath 2
 * constructs may not be, and one unsupported expression makes the whole validation throw. So the
 * rules are run here assert by assert where needed, and every assert that could not be evaluated is
 * named in the report with its reason instead of counting as passed.
 */

/** The outcome of an XSD validation, with libxml2's messages. */
interface XsdResult {
  valid: boolean;
  errors: string[];
}

const IMPORT = /<(?:\w+:)?(?:import|include|redefine)\b[^>]*?\bschemaLocation\s*=\s*"([^"]+)"/g;

/** The schema and every file it imports or includes, transitively, as absolute paths (the schema first). */
function schemaFiles(schemaPath: string): string[] {
  const files: string[] = [];
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const text = readFileSync(file, "utf8").replace(/<!--[\s\S]*?-->/g, "");
    for (const match of text.matchAll(IMPORT)) {
      const location = match[1]!;
      if (!/^[a-z]+:/i.test(location)) visit(path.resolve(path.dirname(file), location));
    }
  };
  visit(path.resolve(schemaPath));
  return files;
}

const schemaSets = new Map<string, { schema: { fileName: string; contents: string }; preload: { fileName: string; contents: string }[] }>();

function schemaSet(schemaPath: string) {
  let set = schemaSets.get(schemaPath);
  if (!set) {
    const files = schemaFiles(schemaPath);
    // Names relative to the files' common folder keep the relative imports ("../common/…") resolvable.
    let root = path.dirname(files[0]!);
    while (!files.every((file) => file.startsWith(root + path.sep))) root = path.dirname(root);
    const [main, ...rest] = files.map((file) => ({ fileName: path.relative(root, file).split(path.sep).join("/"), contents: readFileSync(file, "utf8") }));
    set = { schema: main!, preload: rest };
    schemaSets.set(schemaPath, set);
  }
  return set;
}

/** Valid documents by schema, found by prevalidateAgainstXsd. */
const validDocuments = new Map<string, Set<string>>();

/** Validates a document against an XSD file; the files the XSD imports are loaded from beside it. */
export async function validateAgainstXsd(xml: string, schemaPath: string): Promise<XsdResult> {
  if (validDocuments.get(schemaPath)?.has(xml)) return { valid: true, errors: [] };
  const { schema, preload } = schemaSet(schemaPath);
  const result = await validateXML({ xml: [{ fileName: "document.xml", contents: xml }], schema: [schema], preload, maxMemoryPages: 4096 });
  return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) };
}

/**
 * Validates documents against an XSD file in one run of xmllint, so that its thread, its WebAssembly
 * and the schema are set up once (a second of CPU time each run), and remembers those that passed
 * for validateAgainstXsd. A document that did not pass is validated again on its own when asked, so
 * that its messages are those of its own run.
 */
export async function prevalidateAgainstXsd(xmls: string[], schemaPath: string): Promise<void> {
  const documents = [...new Set(xmls)].map((contents, i) => ({ fileName: `document-${i + 1}.xml`, contents }));
  const { schema, preload } = schemaSet(schemaPath);
  const result = await validateXML({ xml: documents, schema: [schema], preload, maxMemoryPages: 4096 });
  const passed = new Set(result.rawOutput.split("\n").map((line) => / validates$/.test(line.trim()) && line.trim().slice(0, -" validates".length)));
  const failed = new Set(result.errors.map((error) => error.loc?.fileName));
  let valid = validDocuments.get(schemaPath);
  if (!valid) validDocuments.set(schemaPath, (valid = new Set()));
  for (const { fileName, contents } of documents) if (passed.has(fileName) && !failed.has(fileName)) valid.add(contents);
}

/* ---------------------------------------------------------------- Schematron */

/** One failed assert. */
interface SchematronFailure {
  id: string;
  /** The assert's flag in the rule file: "fatal" or "warning". */
  flag: string;
  message: string;
  /** Where it failed, as a simple path (/Invoice/cac:InvoiceLine[2]). */
  location: string;
}

/** The failed asserts of one document, and which asserts were, were not or could not be evaluated. */
export interface SchematronReport {
  /** Asserts (and reports) that failed on this document, among those that could be evaluated. */
  failures: SchematronFailure[];
  /** Ids of the asserts that ran on at least one node of this document. */
  evaluated: string[];
  /** Ids of the asserts whose rule matched no node of this document. */
  notApplicable: string[];
  /** Asserts that cannot be evaluated with node-schematron at all, with the reason. */
  unsupported: { id: string; reason: string }[];
  /** Asserts that compiled but raised an error on this document, with the reason. */
  errors: { id: string; reason: string }[];
  /** The number of asserts and reports in the rule file. */
  total: number;
}

type Chunk = string | { $type?: string; select?: string; path?: string };

interface AssertEntry {
  key: string;
  id: string;
  flag: string;
  test: string;
  message: Chunk[];
  isReport: boolean;
}

interface RuleEntry {
  context: string;
  variables: { name: string; value: string }[];
  asserts: AssertEntry[];
}

interface PatternEntry {
  id: string | null;
  variables: { name: string; value: string }[];
  rules: RuleEntry[];
}

interface LoadedRules {
  title: string;
  namespaces: { prefix: string; uri: string }[];
  variables: { name: string; value: string }[];
  patterns: PatternEntry[];
  unsupported: Map<string, string>;
  total: number;
}

const FIRED = "__fired__";
const STATIC_ERROR = /^XPST\d{4}|not (yet )?implemented|not supported/i;
const loadedRules = new Map<string, LoadedRules>();

/** The flag of every assert and report, in document order (node-schematron drops the attribute). */
function flagsOf(text: string): string[] {
  const uncommented = text.replace(/<!--[\s\S]*?-->/g, "");
  return [...uncommented.matchAll(/<(?:\w+:)?(?:assert|report)\b([^>]*)>/g)].map((match) => /\bflag\s*=\s*"([^"]*)"/.exec(match[1]!)?.[1] ?? "error");
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 300);

/** The branches of a union at its top level: "/a | //b[c | d]" → ["/a ", " //b[c | d]"]. */
function unionBranches(expression: string): string[] {
  const branches: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < expression.length; i++) {
    const char = expression[i]!;
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if ("([{".includes(char)) depth++;
    else if (")]}".includes(char)) depth--;
    else if (char === "|" && depth === 0) {
      branches.push(expression.slice(start, i));
      start = i + 1;
    }
  }
  branches.push(expression.slice(start));
  return branches;
}

/*
 * node-schematron finds a rule's nodes by evaluating //(context): an absolute context ("//cac:X[//…]")
 * is then evaluated again from every node of the document, which made one Peppol pattern take 18 s
 * on a 600-line invoice. Anchored at the document node it selects the same nodes, evaluated once.
 */
function anchored(context: string): string {
  return unionBranches(context).every((branch) => branch.trimStart().startsWith("/")) ? `.[not(..)]/(${context})` : context;
}

function schemaOf(rules: Pick<LoadedRules, "title" | "namespaces" | "variables">, patterns: PatternEntry[]): Schema {
  const json: SchemaJson = {
    title: rules.title,
    defaultPhase: null,
    phases: [],
    namespaces: rules.namespaces,
    variables: rules.variables,
    patterns: patterns.map((pattern) => ({
      id: pattern.id ?? "",
      variables: pattern.variables,
      rules: pattern.rules.map((rule) => ({
        context: anchored(rule.context),
        variables: rule.variables,
        asserts: rule.asserts.map((entry) => ({ id: entry.key, test: entry.test, message: entry.message, isReport: entry.isReport })),
      })),
    })),
  };
  return Schema.fromJson(json);
}

const PROBE_DOCUMENT = "<probe/>";

/** Parses the rule file and finds, once per file, the asserts whose XPath node-schematron cannot compile. */
function loadRules(schPath: string): LoadedRules {
  const cached = loadedRules.get(schPath);
  if (cached) return cached;
  registerPortedFunctions();
  const text = readFileSync(schPath, "utf8");
  const parsed = Schema.fromString(text);
  const flags = flagsOf(text);
  let index = 0;
  const patterns: PatternEntry[] = parsed.patterns.map((pattern, p) => ({
    id: pattern.id,
    variables: pattern.variables.map(({ name, value }) => ({ name, value })),
    rules: pattern.rules.map((rule, r) => ({
      context: rule.context,
      variables: rule.variables.map(({ name, value }) => ({ name, value })),
      asserts: rule.asserts.map((entry, a) => ({
        key: `${p}.${r}.${a}`,
        id: entry.id ?? `${p}.${r}.${a}`,
        flag: flags[index++] ?? "error",
        test: entry.test,
        message: entry.message as Chunk[],
        isReport: entry.isReport,
      })),
    })),
  }));
  if (index !== flags.length) throw new Error(`${schPath}: found ${flags.length} assert flags for ${index} asserts`);

  const base = {
    title: parsed.title,
    namespaces: parsed.namespaces.map(({ prefix, uri }) => ({ prefix, uri })),
    variables: [] as { name: string; value: string }[],
  };
  const unsupported = new Map<string, string>();
  const probe = (patternsToRun: PatternEntry[]): string | null => {
    try {
      schemaOf(base, patternsToRun).validateString(PROBE_DOCUMENT);
      return null;
    } catch (error) {
      return errorText(error);
    }
  };

  // A schema-level variable that cannot be compiled would stop everything: leave it out, and the
  // asserts that use it are reported unsupported below (their variable is undefined).
  for (const variable of parsed.variables) {
    base.variables.push({ name: variable.name, value: variable.value });
    const error = probe([]);
    if (error && STATIC_ERROR.test(error)) base.variables.pop();
  }

  for (const pattern of patterns) {
    for (const rule of pattern.rules) {
      for (const entry of rule.asserts) {
        const error = probe([{ ...pattern, rules: [{ context: "/*", variables: rule.variables, asserts: [{ ...entry, message: [] }] }] }]);
        if (error && STATIC_ERROR.test(error)) unsupported.set(entry.key, error);
      }
    }
  }

  const loaded: LoadedRules = { ...base, patterns, unsupported, total: index };
  loadedRules.set(schPath, loaded);
  return loaded;
}

interface NodeLike {
  nodeType: number;
  nodeName: string;
  parentNode: NodeLike | null;
  previousSibling: NodeLike | null;
  nextSibling: NodeLike | null;
}

/** A simple path to the node: /Invoice/cac:InvoiceLine[2]/cbc:LineExtensionAmount. */
function locationOf(node: NodeLike): string {
  const steps: string[] = [];
  for (let current: NodeLike | null = node; current && current.nodeType === 1; current = current.parentNode) {
    let before = 0;
    let after = 0;
    for (let sibling = current.previousSibling; sibling; sibling = sibling.previousSibling) if (sibling.nodeName === current.nodeName) before++;
    for (let sibling = current.nextSibling; sibling; sibling = sibling.nextSibling) if (sibling.nodeName === current.nodeName) after++;
    steps.unshift(before + after > 0 ? `${current.nodeName}[${before + 1}]` : current.nodeName);
  }
  return `/${steps.join("/")}`;
}

/** value-of and name in a message are XPath too: as plain text they cannot fail. */
const plainMessage = (message: Chunk[]): Chunk[] =>
  message.map((chunk) => (typeof chunk === "string" ? chunk : `{${chunk.select ?? chunk.path ?? chunk.$type}}`));

interface RunResult {
  assertKey: string;
  message: string;
  node: NodeLike;
}

// A pattern that throws is re-run rule by rule and then assert by assert, so that one expression
// node-schematron cannot evaluate costs only its own assert.
function evaluateSchematron(xml: string, schPath: string): SchematronReport {
  const rules = loadRules(schPath);
  const errors = new Map<string, string>();
  const results: RunResult[] = [];

  const runnable = (entry: AssertEntry) => !rules.unsupported.has(entry.key);
  // An assert that always fails marks each node its rule fires on: that is how "evaluated" is known.
  const withFiring = (rule: RuleEntry, p: number, r: number, asserts: AssertEntry[]): RuleEntry => ({
    ...rule,
    asserts: [...asserts, { key: `${FIRED}${p}.${r}`, id: FIRED, flag: "", test: "false()", message: [], isReport: false }],
  });
  const run = (patterns: PatternEntry[]): RunResult[] =>
    schemaOf(rules, patterns)
      .validateString(xml)
      .map((result) => ({ assertKey: result.assertId ?? "", message: result.message ?? "", node: result.context as unknown as NodeLike }));
  const attempt = (patterns: PatternEntry[]): RunResult[] | string => {
    try {
      return run(patterns);
    } catch (error) {
      return errorText(error);
    }
  };

  rules.patterns.forEach((pattern, p) => {
    const full = { ...pattern, rules: pattern.rules.map((rule, r) => withFiring(rule, p, r, rule.asserts.filter(runnable))) };
    const whole = attempt([full]);
    if (typeof whole !== "string") {
      results.push(...whole);
      return;
    }
    // The rules keep their contexts so that a node still goes to the first rule that matches it.
    const emptied = pattern.rules.map((rule) => ({ ...rule, variables: [], asserts: [] }));
    pattern.rules.forEach((rule, r) => {
      const only = (asserts: AssertEntry[]) => attempt([{ ...pattern, rules: emptied.map((other, o) => (o === r ? withFiring(rule, p, r, asserts) : other)) }]);
      const asserts = rule.asserts.filter(runnable);
      const together = only(asserts);
      if (typeof together !== "string") {
        results.push(...together);
        return;
      }
      const firing = only([]);
      if (typeof firing === "string") {
        for (const entry of asserts) errors.set(entry.key, `rule context or variables: ${firing}`);
        return;
      }
      results.push(...firing);
      for (const entry of asserts) {
        let alone = only([entry]);
        if (typeof alone === "string") alone = only([{ ...entry, message: plainMessage(entry.message) }]);
        if (typeof alone === "string") errors.set(entry.key, alone);
        else results.push(...alone.filter((result) => result.assertKey === entry.key));
      }
    });
  });

  const fired = new Set(results.filter((result) => result.assertKey.startsWith(FIRED)).map((result) => result.assertKey.slice(FIRED.length)));
  const byKey = new Map(rules.patterns.flatMap((pattern) => pattern.rules.flatMap((rule) => rule.asserts.map((entry) => [entry.key, entry] as const))));
  const report: SchematronReport = { failures: [], evaluated: [], notApplicable: [], unsupported: [], errors: [], total: rules.total };
  for (const [key, entry] of byKey) {
    const ruleKey = key.split(".").slice(0, 2).join(".");
    if (rules.unsupported.has(key)) report.unsupported.push({ id: entry.id, reason: rules.unsupported.get(key)! });
    else if (errors.has(key)) report.errors.push({ id: entry.id, reason: errors.get(key)! });
    else if (fired.has(ruleKey)) report.evaluated.push(entry.id);
    else report.notApplicable.push(entry.id);
  }
  for (const result of results) {
    if (result.assertKey.startsWith(FIRED) || errors.has(result.assertKey)) continue;
    const entry = byKey.get(result.assertKey);
    if (entry) report.failures.push({ id: entry.id, flag: entry.flag, message: result.message.replace(/\s+/g, " ").trim(), location: locationOf(result.node) });
  }
  return report;
}

/*
 * fontoxpath allocates so much that with V8's default young generation nearly half the CPU time went
 * to garbage collection. The rules therefore run in a thread of their own, started with a larger one
 * (a test process's flags are not the helper's to set), and are waited on synchronously so that the
 * tests call them as before. The thread keeps the parsed rule files between documents.
 */

interface SchematronThread {
  port: MessagePort;
  signal: Int32Array;
}

type SchematronReply = { report: SchematronReport } | { error: string };

const ANSWER_WITHIN_MS = 10 * 60_000;
const servedThread = (workerData as { schematronThread?: SchematronThread } | null)?.schematronThread;
let schematronThread: SchematronThread | undefined;

function startSchematronThread(): SchematronThread {
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL("./threads/schematron.mjs", import.meta.url), {
    workerData: { schematronThread: { port: port2, signal } },
    transferList: [port2],
    resourceLimits: { maxYoungGenerationSizeMb: 192 },
  });
  worker.unref();
  port1.unref();
  return { port: port1, signal };
}

/** Runs a Schematron rule file on a document: its failed asserts and what could be evaluated. */
export function schematronFailures(xml: string, schPath: string): SchematronReport {
  if (servedThread) return evaluateSchematron(xml, schPath);
  schematronThread ??= startSchematronThread();
  const { port, signal } = schematronThread;
  Atomics.store(signal, 0, 0);
  port.postMessage({ xml, schPath });
  if (Atomics.wait(signal, 0, 0, ANSWER_WITHIN_MS) === "timed-out") throw new Error(`the Schematron thread did not answer within ${ANSWER_WITHIN_MS} ms`);
  const reply = receiveMessageOnPort(port)?.message as SchematronReply | undefined;
  if (!reply) throw new Error("the Schematron thread signalled without an answer");
  if ("error" in reply) throw new Error(reply.error);
  return reply.report;
}

if (servedThread) {
  const { port, signal } = servedThread;
  port.on("message", ({ xml, schPath }: { xml: string; schPath: string }) => {
    let reply: SchematronReply;
    try {
      reply = { report: evaluateSchematron(xml, schPath) };
    } catch (error) {
      reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(reply);
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  });
}

/* ------------------------------------------------- the rule files' XSLT functions */

/*
 * PEPPOL-EN16931-UBL.sch defines some check functions as <xsl:function>, which node-schematron
 * cannot run. These are line-by-line ports of the ones that bear on Nordic documents (line amount
 * slack, GLN, Norwegian, Swedish and Belgian organisation numbers), so the rules that call them are
 * evaluated; the Italian, Greek and Australian ones are left unported and their rules are reported
 * unsupported.
 */

let functionsRegistered = false;

const digitAt = (text: string, index: number) => text.charCodeAt(index) - 48;

/** u:gln: the GS1 check digit. */
export function portedGln(value: string): boolean {
  const length = value.length - 1;
  const digits = [...value.slice(0, length)].map((_, i) => digitAt(value, i)).reverse();
  let sum = 0;
  for (let i = 0; i < length; i++) sum += digits[i]! * (1 + ((i + 1) % 2) * 2);
  return (10 - (sum % 10)) % 10 === Number(value.slice(length, length + 1));
}

/** u:mod11: the Norwegian organisation number check digit (weights 2–7 from the right). */
export function portedMod11(value: string): boolean {
  const length = value.length - 1;
  const digits = [...value.slice(0, length)].map((_, i) => digitAt(value, i)).reverse();
  let sum = 0;
  for (let i = 0; i < length; i++) sum += digits[i]! * ((i % 6) + 2);
  return Number(value) > 0 && (11 - (sum % 11)) % 11 === Number(value.slice(length, length + 1));
}

/** u:mod97-0208: the Belgian enterprise number check digits. */
export function portedMod97(value: string): boolean {
  const check = value.slice(8, 10);
  const calculated = 97 - (Number.parseInt(value.slice(0, 8), 10) % 97);
  return Number(check) === calculated;
}

/** u:checkSEOrgnr: the Luhn check digit of a Swedish organisation number. */
export function portedSwedishOrgnr(value: string): boolean {
  if (!/^\d+$/.test(value)) return false;
  const main = value.slice(0, 9);
  let sum = 0;
  for (let position = 1; position <= main.length; position++) {
    const digit = Number(main[main.length - position]);
    sum += position % 2 === 1 ? ((digit * 2) % 10) + Math.floor((digit * 2) / 10) : digit;
  }
  return (10 - (sum % 10)) % 10 === Number(value.slice(9, 10) || Number.NaN);
}

function registerPortedFunctions() {
  if (functionsRegistered) return;
  functionsRegistered = true;
  type Implementation = Parameters<typeof registerCustomXPathFunction>[3];
  const register = (localName: string, signature: string[], implementation: Implementation) =>
    registerCustomXPathFunction({ namespaceURI: "utils", localName }, signature, "xs:boolean", implementation);
  const text = (check: (value: string) => boolean) => (_: unknown, value: string | null) => check(value ?? "");
  register("gln", ["xs:string?"], text(portedGln));
  register("mod11", ["xs:string?"], text(portedMod11));
  register("mod97-0208", ["xs:string?"], text(portedMod97));
  register("checkSEOrgnr", ["xs:string"], text(portedSwedishOrgnr));
  // xs:double, not the rule file's xs:decimal: fontoxpath computes the line amount as a double.
  register(
    "slack",
    ["xs:double", "xs:double", "xs:double"],
    (_: unknown, expected: number, value: number, slack: number) => expected + slack >= value && expected - slack <= value,
  );
}
