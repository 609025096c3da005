import { Temporal } from "temporal-polyfill";
import { z } from "zod";

/* GET and POST /testing/clock: a profile's clock in a test environment (lib/service/lifecycle/test-clock.ts). */

const duration = z.string().transform((value, context) => {
  try {
    const parsed = Temporal.Duration.from(value);
    if (parsed.sign > 0) return parsed;
  } catch {
    // reported below
  }
  context.addIssue({ code: "custom", message: "an ISO 8601 duration forward in time, such as P14D or PT12H" });
  return z.NEVER;
});

const days = z.strictObject({ days: z.int().min(1).max(1098) });

/** `{"days": n}` alone is the short form of `{"advance": {"days": n}}`. */
const isShortForm = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && "days" in value;

export const advanceClockSchema = z.preprocess(
  (value) => (isShortForm(value) ? { advance: value } : value),
  z.strictObject({
    advance: z.union([duration, days.transform((value) => Temporal.Duration.from({ days: value.days }))]).meta({
      description: 'How far to move the clock: an ISO 8601 duration ("P14D", "P1M", "PT6H") or {"days": n}. The body {"days": n} alone says the same.',
    }),
  }),
);

export const clockStateSchema = z
  .object({
    environment: z.string(),
    time: z.string().meta({ description: "The profile's current time, ISO 8601." }),
    today: z.string().meta({ description: "The profile's business date in the environment's time zone." }),
    offsetseconds: z.int().meta({ description: "How far the profile's clock runs ahead of real time." }),
  })
  .meta({ id: "TestClock" });

/** How the OpenAPI document shows the request (advanceClockSchema reads it). */
export const advanceRequestSchema = z
  .object({
    advance: z.union([
      z.string().meta({ description: 'An ISO 8601 duration forward in time: "P14D", "P1M", "PT6H".', example: "P14D" }),
      z.object({ days: z.int().min(1).max(1098) }),
    ]),
  })
  .meta({ id: "TestClockAdvance" });

export const clockAdvancedSchema = clockStateSchema.extend({ moves: z.int(), reviewed: z.int(), days: z.int() }).meta({ id: "TestClockAdvanced" });

export type ClockState = z.output<typeof clockStateSchema>;
export type ClockAdvanced = z.output<typeof clockAdvancedSchema>;
