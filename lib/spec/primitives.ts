import { z } from "zod";

import { fastPathOf, UNDECIDED, withFastPath } from "./fast-path";
import { missingMember, ruleError, ruleIssue } from "./problems";
import type { Rule } from "./rules";

/*
 * Field types of the interface. The spec's examples send integers as strings ("jobtype": "0",
 * "accountid": "3000") while its schema types them as integers, and most optional members may be
 * null. Every helper here accepts both forms and normalises them, so the rest of the service sees
 * one shape: numbers as numbers, absent members as null or undefined, never "".
 */

const INTEGER_STRING = /^-?\d{1,15}$/;
const DECIMAL_STRING = /^-?\d{1,15}(\.\d{1,10})?$/;

/** A member has a value: not absent, not null, not empty, not only spaces. */
export const isPresent = (value: unknown): boolean => value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");

/**
 * The message of a type error, which for a missing member reads "is required": zod would say
 * "expected string, received undefined", which a clerk should not have to decode.
 */
export function expected(what: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? missingMember(issue) : issue.input === null ? ruleError("notNull")(issue) : `must be ${what}`;
}

/** As expected(), for a value the catalogue of rules words (lib/spec/rules.ts). */
export function expectedRule(rule: Rule, params: Record<string, string | number> = {}) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? missingMember(issue) : issue.input === null ? ruleError("notNull")(issue) : ruleError(rule, params)(issue);
}

/** As expected(), for one of a set of values. */
export const expectedOneOf = (values: readonly (string | number)[]) => expectedRule("oneOf", { values: values.join(", ") });

/** Significant digits after the decimal point ("12.50" has one, 1e-7 has seven). */
function decimals(value: number | string): number {
  const text = typeof value === "string" && value.includes(".") ? value.replace(/0+$/, "") : String(value);
  const exponent = text.indexOf("e");
  if (exponent !== -1) {
    const fraction = text.slice(0, exponent).split(".")[1]?.length ?? 0;
    return Math.max(0, fraction - Number(text.slice(exponent + 1)));
  }
  const dot = text.indexOf(".");
  return dot === -1 ? 0 : text.length - dot - 1;
}

/*
 * integer() and decimal() check range and decimals in one transform rather than a pipe of
 * refinements: they are the commonest members of a job, and at 1000 jobs a request the difference
 * is measurable. The input side (number or digit string) is what the OpenAPI document shows.
 */

/** An integer sent as a JSON number or as a string of digits. */
export function integer(options: { min?: number; max?: number } = {}) {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = options;
  const fast = (value: unknown) => {
    const number = typeof value === "number" ? value : typeof value === "string" && INTEGER_STRING.test(value) ? Number(value) : NaN;
    return Number.isSafeInteger(number) && number >= min && number <= max ? number : UNDECIDED;
  };
  const schema = z
    .union([z.int({ error: expectedRule("integer") }), z.string().regex(INTEGER_STRING, { error: ruleError("integer") })], {
      error: expectedRule("integer"),
    })
    .transform((value, context) => {
      const number = Number(value);
      if (number < min) context.issues.push({ code: "custom", ...ruleIssue("atLeast", { min }), input: value });
      else if (number > max) context.issues.push({ code: "custom", ...ruleIssue("atMost", { max }), input: value });
      else return number;
      return z.NEVER;
    });
  return withFastPath(schema, fast);
}

/** One of a fixed set of integer codes, sent as a number or a string ("0" or 0). */
export function integerCode<const T extends readonly [number, ...number[]]>(codes: T) {
  const strings = codes.map(String) as [string, ...string[]];
  const numbers = new Set<unknown>(codes);
  const texts = new Set<unknown>(strings);
  const schema = z.union([z.literal(codes), z.literal(strings)], { error: expectedOneOf(codes) }).transform((value) => Number(value) as T[number]);
  return withFastPath(schema, (value) => (numbers.has(value) ? value : texts.has(value) ? Number(value) : UNDECIDED));
}

/** A 0/1 switch (the interface's "1 = on, 0 = off" members). */
export const flag = () => integerCode([0, 1] as const);

/**
 * A decimal number sent as a JSON number or a string with a dot ("12.50"). `places` bounds the
 * number of decimals: money has two, unit prices and quantities may have more.
 */
export function decimal(options: { places: number; min?: number; max?: number }) {
  const { places, min = -1e11, max = 1e11 } = options;
  const tooPrecise = places === 0 ? "must not have decimals" : `must have at most ${places} decimals`;
  const fast = (value: unknown) => {
    if (typeof value !== "number" && !(typeof value === "string" && DECIMAL_STRING.test(value))) return UNDECIDED;
    const number = Number(value);
    return Number.isFinite(number) && number >= min && number <= max && decimals(value) <= places ? number : UNDECIDED;
  };
  const schema = z
    .union([z.number({ error: expectedRule("numberType") }), z.string().regex(DECIMAL_STRING, { error: ruleError("number") })], {
      error: expectedRule("numberType"),
    })
    .transform((value, context) => {
      const number = Number(value);
      let problem: { message: string; params?: object } | null = null;
      if (!Number.isFinite(number)) problem = { message: "must be a finite number" };
      else if (decimals(value) > places) problem = { message: tooPrecise };
      else if (number < min) problem = ruleIssue("atLeast", { min });
      else if (number > max) problem = ruleIssue("atMost", { max });
      if (problem === null) return number;
      context.issues.push({ code: "custom", ...problem, input: value });
      return z.NEVER;
    });
  return withFastPath(schema, fast);
}

/** An amount of money in major units (euros, kronor), at most two decimals. */
export const money = (options: { min?: number; max?: number } = {}) => decimal({ places: 2, ...options });

/** A calendar date written YYYY-MM-DD; 2026-02-30 is refused. */
export const calendarDate = () =>
  withFastPath(z.iso.date({ error: expectedRule("date") }), (value) => (typeof value === "string" && z.core.regexes.date.test(value) ? value : UNDECIDED));

/** Control characters other than tab and line breaks: never meant in a member, and PostgreSQL cannot store NUL. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Text with an upper bound on its length; every free-text member has one. */
export const text = (max = 255) =>
  withFastPath(
    z
      .string({ error: expected("a string") })
      .max(max, { error: ruleError("maxLength", { max }) })
      .refine((value) => !CONTROL_CHARACTERS.test(value), { error: ruleError("controlCharacters") }),
    (value) => (typeof value === "string" && value.length <= max && !CONTROL_CHARACTERS.test(value) ? value : UNDECIDED),
  );

/** An identifier (bill number, reference, customer number): text without surrounding spaces. */
export const identifier = (max = 50) => {
  const plain = fastPathOf(text(max))!;
  return withFastPath(
    text(max).transform((value) => value.trim()),
    (value) => {
      const parsed = plain(value);
      return typeof parsed === "string" ? parsed.trim() : UNDECIDED;
    },
  );
};

/** One of a set of strings (currency, language, send type…). */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  const allowed = new Set<unknown>(values);
  return withFastPath(z.enum(values, { error: expectedOneOf(values) }), (value) => (allowed.has(value) ? value : UNDECIDED));
}

/** An e-mail address; the service sends mail to it, so it must be one. */
export const email = () => z.email({ error: expectedRule("email") }).max(254, { error: ruleError("maxLength", { max: 254 }) });

/**
 * An optional member: absent, null, "" or a value. "" and null become null, so a stored job never
 * carries empty strings where the interface means "no value".
 */
export function optional<T extends z.ZodType>(schema: T) {
  const inner = fastPathOf(schema);
  const optionalSchema = z
    .union([schema, z.null(), z.literal("")])
    .optional()
    .transform((value) => (value === "" ? null : value) as z.output<T> | null | undefined);
  return withFastPath(
    optionalSchema,
    inner &&
      ((value: unknown) => {
        if (value === undefined) return undefined;
        if (value === null || value === "") return null;
        const parsed = inner(value);
        return parsed === "" ? null : parsed;
      }),
  );
}
