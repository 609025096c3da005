import { z } from "zod";

import { countryCode } from "./dataset-item";
import { nextCursor, pageCursor, pageSizeSchema } from "./paging";
import { calendarDate, expected, identifier, oneOf, optional, text } from "./primitives";
import { ruleError } from "./problems";

/*
 * The request and response records of the contract, usage place, telecom and invoice query
 * endpoints. The route handlers validate with these and the OpenAPI document shows them.
 */

/** Contract numbers and usage place codes as they appear in a path: no slash, no colon. */
const KEY_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,63}$/u;
const KEY_RULE = "must be 1 to 64 letters, digits, spaces, dots, underscores or hyphens, starting with a letter or digit";

export const pathKey = () => z.string({ error: expected("a string") }).regex(KEY_PATTERN, { error: KEY_RULE });

/** active: in force; terminating: notice given, ends on termination_date; terminated: ended. */
const CONTRACT_STATUSES = ["active", "terminating", "terminated"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const contractRequestSchema = z
  .object({
    contractstatus: oneOf(CONTRACT_STATUSES),
    usageplacecode: optional(pathKey()),
    termination_date: optional(calendarDate()),
    terminationterm: optional(text(20)),
    noticedate: optional(calendarDate()).meta({ description: "Day notice was given; today when absent." }),
    custnum: optional(identifier(255)),
  })
  .meta({ id: "ContractRequest", description: "A contract of the principal's customer (PUT /contracts/{contract_no})." });
export type ContractRequest = z.output<typeof contractRequestSchema>;

export const contractSchema = z
  .object({
    contract_no: z.string(),
    contractstatus: z.string(),
    usageplacecode: z.string().nullable(),
    termination_date: z.string().nullable(),
    terminationterm: z.string().nullable(),
    noticedate: z.string().nullable(),
    custnum: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: "Contract" });
export type ContractView = z.output<typeof contractSchema>;

const placeAddressSchema = z.object({
  address: optional(text(255)),
  city: optional(text(255)),
  addresscountry: optional(countryCode()),
  postcode: optional(text(20)),
  sitecode: optional(text(255)),
});

export const usagePlaceRequestSchema = z
  .object({
    contract_no: pathKey(),
    address: optional(placeAddressSchema),
  })
  .meta({ id: "UsagePlaceRequest", description: "A place of use and the energy contract that supplies it (PUT /usageplaces/{usageplacecode})." });
export type UsagePlaceRequest = z.output<typeof usagePlaceRequestSchema>;

const DISCONNECTION_STATES = ["none", "disconnect", "reconnect"] as const;

export const usagePlaceSchema = z
  .object({
    usageplacecode: z.string(),
    contract_no: z.string(),
    contractstatus: z.string(),
    address: z
      .object({
        address: z.string().nullable(),
        city: z.string().nullable(),
        addresscountry: z.string().nullable(),
        postcode: z.string().nullable(),
        sitecode: z.string().nullable(),
      })
      .nullable(),
    disconnection: z
      .object({
        state: z.enum(DISCONNECTION_STATES).meta({ description: "The last recommendation the service made: disconnect, reconnect, or none yet." }),
        since: z.string().nullable(),
        disconnectiondate: z.string().nullable(),
        jobids: z.array(z.int()),
      })
      .meta({ description: "The service's disconnection recommendation for the usage place." }),
    updated_at: z.string(),
  })
  .meta({ id: "UsagePlace" });
export type UsagePlaceView = z.output<typeof usagePlaceSchema>;

export const telecomReportSchema = z
  .object({
    customernumber: identifier(255).refine((value) => value.length > 0, { error: "must not be empty" }),
    time: optional(z.iso.datetime({ offset: true, error: expected("an ISO 8601 date and time with offset") })),
    reason: optional(text(255)),
  })
  .meta({ id: "TelecomReport", description: "The principal disconnected or reconnected a telecom subscription of its customer." });
export type TelecomReport = z.output<typeof telecomReportSchema>;

export const telecomSubscriptionSchema = z
  .object({
    customernumber: z.string(),
    reported: z
      .object({ state: z.enum(["disconnected", "reconnected"]), time: z.string(), reason: z.string().nullable() })
      .nullable()
      .meta({ description: "What the principal last reported." }),
    recommendation: z
      .object({ state: z.enum(["telecomdisconnect", "telecomreconnect"]), time: z.string(), jobids: z.array(z.int()) })
      .nullable()
      .meta({ description: "What the service last recommended." }),
  })
  .meta({ id: "TelecomSubscription" });
export type TelecomSubscriptionView = z.output<typeof telecomSubscriptionSchema>;

export const contractListQuerySchema = z.object({
  limit: pageSizeSchema,
  cursor: pageCursor(),
  usageplacecode: pathKey().optional().meta({ description: "Only the contract that supplies this usage place." }),
  contractstatus: oneOf(CONTRACT_STATUSES).optional().meta({ description: "Only contracts in this state." }),
});

export const invoiceQuerySchema = z
  .object({
    custnum: identifier(255)
      .refine((value) => value.length > 0, { error: "must not be empty" })
      .optional()
      .meta({ description: "Customer number in the principal's system." }),
    govid: z
      .string()
      .max(64, { error: ruleError("maxLength", { max: 64 }) })
      .refine((value) => value.trim().length > 0, { error: "must not be empty" })
      .optional()
      .meta({ description: "Personal identity code or business id." }),
    limit: pageSizeSchema,
    cursor: pageCursor(),
  })
  .superRefine((query, context) => {
    if ((query.custnum === undefined) === (query.govid === undefined)) {
      const message = "give exactly one of custnum and govid";
      context.addIssue({
        code: "custom",
        path: query.custnum === undefined ? ["custnum"] : ["govid"],
        message,
        params: { problem: query.custnum === undefined ? "required" : "conflict" },
      });
    }
  });

export const invoiceSchema = z
  .object({
    jobid: z.int(),
    jobtype: z.int(),
    billnum: z.string().nullable(),
    documentid: z.string().nullable(),
    reference: z.string().nullable(),
    billdate: z.string().nullable(),
    paydate: z.string().nullable(),
    currentpaydate: z.string().nullable(),
    jobstatus: z.int(),
    status: z.string().nullable().meta({ description: "Text of the lifecycle code (informational)." }),
    amount: z.number().meta({ description: "Total of the invoice, or the capital a reminder or collection was posted with." }),
    opencapital: z.number(),
    interest: z.number(),
    expenses: z.number(),
    openamount: z.number().meta({ description: "opencapital + interest + expenses." }),
    currency: z.string(),
  })
  .meta({ id: "InvoiceSummary" });
export type InvoiceView = z.output<typeof invoiceSchema>;

export const invoicePageSchema = z.object({ invoices: z.array(invoiceSchema), next_cursor: nextCursor() }).meta({ id: "InvoicePage" });

export const contractPageSchema = z.object({ contracts: z.array(contractSchema), next_cursor: nextCursor() }).meta({ id: "ContractPage" });
