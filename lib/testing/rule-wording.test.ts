import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

import ts from "typescript";
import { describe, expect, it } from "vitest";

import { ruleWorded } from "./rule-patterns";

/*
 * A rule of the catalogue (lib/spec/rules.ts) is worded there only: every check says it through the
 * catalogue by its key (ruleError, ruleIssue, ruleProblem, ruleKeyed). A copy of its wording
 * elsewhere ("is required" typed into a schema) names no key, so the portal shows it in English in
 * every language, and goes on saying the old words when the catalogue rewords the rule.
 *
 * The scan reads every string and template literal of the folders below (a template's values count
 * as a word each) and asks the catalogue whether it states one of its rules.
 */

const SCANNED = /^(lib\/spec|lib\/portal|lib\/service|app|components)\/.*\.tsx?$/;

function literals(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    let text: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((span) => `1${span.literal.text}`).join("");
    if (text !== null) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the wording of the interface's rules", () => {
  it("is written in the catalogue only", () => {
    const files = execFileSync("git", ["ls-files"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => SCANNED.test(file) && !file.endsWith(".test.ts") && file !== "lib/spec/rules.ts");
    const copies = files.flatMap((file) =>
      literals(file)
        .filter(({ text }) => ruleWorded(text) !== null)
        .map(({ line, text }) => `${file}:${line} ${JSON.stringify(text)}`),
    );
    expect(copies).toEqual([]);
    // Parsing every file takes seconds on a busy machine.
  }, 30_000);
});
