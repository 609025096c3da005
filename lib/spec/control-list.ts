import { z } from "zod";

import { CURRENCIES } from "./codes";
import { ENVIRONMENT_IDS } from "./environments";
import { calendarDate } from "./primitives";
import { ruleIssue } from "./problems";
import { SENT_DOCUMENTS } from "./sent-documents";

/*
 * The control list: what a creditor reconciles its receivables with for a period (GET
 * /reports/control). Days are the environment's business days; amounts are major units.
 */

/** The longest period one list covers: a year and a month, so a year's list fits. */
const MAX_CONTROL_DAYS = 400;

export const controlQuerySchema = z
  .object({
    from: calendarDate().meta({ description: "The first day of the period (YYYY-MM-DD, in the environment's calendar)." }),
    to: calendarDate().meta({ description: "The last day of the period; from and to included, at most 400 days." }),
    format: z.enum(["json", "csv"], { error: "must be json or csv" }).default("json").meta({ description: "csv: one file with a section per part." }),
  })
  .superRefine((query, context) => {
    // params.period names the rule for a reader that says it in another language (the portal).
    if (query.to < query.from) {
      const { message, params } = ruleIssue("periodOrder");
      context.addIssue({ code: "custom", path: ["to"], message, params: { ...params, period: "order" } });
    }
    // Both days count: from and to 399 days later is 400 days.
    else if (Date.parse(query.to) - Date.parse(query.from) > (MAX_CONTROL_DAYS - 1) * 86_400_000) {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: `must make a period of at most ${MAX_CONTROL_DAYS} days with from`,
        params: { period: "span" },
      });
    }
  })
  .meta({ id: "ControlQuery" });

const money = z.number().meta({ description: "Major units, two decimals." });
const components = z.object({ capital: money, interest: money, expenses: money, total: money });

export const controlListSchema = z
  .object({
    environment: z.enum(ENVIRONMENT_IDS),
    from: z.string(),
    to: z.string(),
    timeZone: z.string().meta({ description: "The calendar the days are counted in." }),
    jobs: z
      .object({
        received: z.int().meta({ description: "Jobs in the requests of the period (POST /jobs, local print)." }),
        accepted: z.int(),
        rejected: z.int(),
        acceptedByJobtype: z.array(z.object({ jobtype: z.int(), count: z.int() })),
      })
      .meta({ description: "Intake of the period." }),
    sent: z
      .array(z.object({ channel: z.string(), document: z.enum(SENT_DOCUMENTS), count: z.int() }))
      .meta({ description: "Documents delivered in the period, by distribution channel and document." }),
    ledger: z
      .array(
        z.object({
          currency: z.enum(CURRENCIES),
          opening: components.meta({ description: "Open at the start of the first day." }),
          movements: z.array(z.object({ kind: z.string(), capital: money, interest: money, expenses: money, total: money })).meta({
            description:
              "What changed the open amounts in the period, by kind: invoice (capital posted), reminder_fee, collection_fee, " +
              "posted_fee (the noticefee a reminder or collection job was posted with, booked when it came in), interest, payment, " +
              "bypass_payment, capital_cancellation, credit_note, creditloss, refund, discarded (a draft's capital and posted fee, booked when it came in). Positive adds to what is open, negative takes off.",
          }),
          closing: components.meta({ description: "Open at the end of the last day: opening plus every movement." }),
        }),
      )
      .meta({ description: "The receivables ledger per currency." }),
    payments: z
      .array(
        z.object({
          currency: z.enum(CURRENCIES),
          booked: z.int(),
          amount: money.meta({ description: "Booked payments by their account date in the period." }),
          unallocated: money.meta({ description: "Of that, what no open receivable took (overpayments)." }),
          refundedToPayers: money.meta({ description: "Paid back to payers in the period (POST /payments/{id}/refunds)." }),
        }),
      )
      .meta({ description: "Payments of the period." }),
    creditNotes: z
      .array(z.object({ currency: z.enum(CURRENCIES), allocated: money, unallocated: money, refunded: money }))
      .meta({ description: "Credit notes allocated to invoices, allocations removed, and credit refunded to end customers in the period." }),
  })
  .meta({ id: "ControlList" });
export type ControlList = z.output<typeof controlListSchema>;
