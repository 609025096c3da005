import { RULES, type Rule } from "../spec/rules";

/*
 * A test's reading of the catalogue: which rule a text states, found by the rule's wording. Nothing
 * outside tests reads wording (a problem names its rule by key); the tests use it to find a rule
 * worded outside the catalogue, and a problem that states a rule without naming it.
 */

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

/** Parameters that are numbers match only a number, so "must be at most 10485760 bytes" is not read as `atMost`. */
const NUMERIC_PARAMS = new Set(["max", "min"]);

/** Each rule as a pattern of its wording, in the catalogue's order (a longer rule before a shorter one it starts like). */
const PATTERNS = (Object.entries(RULES) as [Rule, string][]).map(([rule, text]) => ({
  rule,
  pattern: new RegExp(`^${escape(text).replace(/\{(\w+)\}/g, (_, name: string) => `(?<${name}>${NUMERIC_PARAMS.has(name) ? "-?\\d+(?:\\.\\d+)?" : ".*?"})`)}$`),
}));

/** The rule a text states in the catalogue's words, with its parameters; null when it states none. */
export function ruleWorded(text: string): { rule: Rule; params: Record<string, string> } | null {
  for (const { rule, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return { rule, params: { ...match.groups } };
  }
  return null;
}
