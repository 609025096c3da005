import { z } from "zod";

/*
 * Field types of the interface. The spec's examples send integers as strings ("jobtype": "0",
 * "accountid": "3000") while its schema types them as integers, and most optional members may be
 * null. Every helper here accepts both forms and normalises them, so the rest of the service sees
 * one shape: numbers as numbers, absent members as null or undefined, never "".
 */

const INTEGER_STRING = /^-?\d{1,15}$/;
const DECIMAL_STRING = /^-?\d{1,15}(\.\d{1,10})?$/;

/**
 * The message of a type error, which for a missing member reads "is required": zod would say
 * "expected string, received undefined", which a clerk should not have to decode.
 */
export function expected(what: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? "is required" : issue.input === null ? "must not be null" : `must be ${what}`;
}

function decimals(value: number): number {
  const text = String(value);
  if (text.includes("e")) {
    const [mantissa = "", exponent = "0"] = text.split("e");
    const fraction = mantissa.split(".")[1]?.length ?? 0;
    return Math.max(0, fraction - Number(exponent));
  }
  return text.split(".")[1]?.length ?? 0;
}

/** An integer sent as a JSON number or as a string of digits. */
export function integer(options: { min?: number; max?: number } = {}) {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = options;
  return z
    .union([z.int({ error: expected("an integer") }), z.string().regex(INTEGER_STRING, { error: "must be an integer" })], {
      error: expected("an integer"),
    })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );
}

/** One of a fixed set of integer codes, sent as a number or a string ("0" or 0). */
export function integerCode<const T extends readonly [number, ...number[]]>(codes: T) {
  const strings = codes.map(String) as [string, ...string[]];
  return z
    .union([z.literal(codes), z.literal(strings)], { error: expected(`one of ${codes.join(", ")}`) })
    .transform((value) => Number(value) as T[number]);
}

/** A 0/1 switch (the interface's "1 = on, 0 = off" members). */
export const flag = () => integerCode([0, 1] as const);

/**
 * A decimal number sent as a JSON number or a string with a dot ("12.50"). `places` bounds the
 * number of decimals: money has two, unit prices and quantities may have more.
 */
export function decimal(options: { places: number; min?: number; max?: number }) {
  const { places, min = -1e11, max = 1e11 } = options;
  return z
    .union([z.number({ error: expected("a number") }), z.string().regex(DECIMAL_STRING, { error: "must be a number, with a dot before decimals" })], {
      error: expected("a number"),
    })
    .transform(Number)
    .pipe(
      z
        .number()
        .refine(Number.isFinite, { error: "must be a finite number" })
        .refine((n) => decimals(n) <= places, {
          error: places === 0 ? "must not have decimals" : `must have at most ${places} decimals`,
        })
        .refine((n) => n >= min, { error: `must be at least ${min}` })
        .refine((n) => n <= max, { error: `must be at most ${max}` }),
    );
}

/** An amount of money in major units (euros, kronor), at most two decimals. */
export const money = (options: { min?: number; max?: number } = {}) =>
  decimal({ places: 2, ...options });

/** A calendar date written YYYY-MM-DD; 2026-02-30 is refused. */
export const calendarDate = () =>
  z.iso.date({ error: expected("a real calendar date written YYYY-MM-DD") });

/** Text with an upper bound on its length; every free-text member has one. */
export const text = (max = 255) =>
  z.string({ error: expected("a string") }).max(max, { error: `must be at most ${max} characters` });

/** An e-mail address; the service sends mail to it, so it must be one. */
export const email = () =>
  z.email({ error: expected("a valid e-mail address") }).max(254, { error: "must be at most 254 characters" });

/**
 * An optional member: absent, null, "" or a value. "" and null become null, so a stored job never
 * carries empty strings where the interface means "no value".
 */
export function optional<T extends z.ZodType>(schema: T) {
  return z
    .union([z.null(), z.literal(""), schema])
    .optional()
    .transform((value) => (value === "" ? null : value) as z.output<T> | null | undefined);
}
