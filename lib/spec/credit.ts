import { z } from "zod";

import { amountSchema } from "./payment-requests";

/*
 * Credit info and credit decisions (POST /creditinfo, POST /creditdecision;
 * lib/service/credit). Personal identity codes travel in the body, never in a URL, and are stored
 * as their lookup hash only.
 */

const CREDIT_PURPOSES = ["credit", "monitoring"] as const;
const CREDIT_DECISIONS = ["accept", "accept_with_conditions", "reject"] as const;

const govid = z.string().trim().min(1).max(20).meta({
  description:
    "The subject's business id or personal identity code, of the environment's country (Y-tunnus or henkilötunnus, organisationsnummer or personnummer, organisasjonsnummer or fødselsnummer).",
});

export const creditInfoRequestSchema = z
  .strictObject({
    govid,
    purpose: z.enum(CREDIT_PURPOSES).meta({
      description:
        "Why the profile asks, as credit information law wants a purpose: credit (a decision on granting the subject credit: amount required) or " +
        "monitoring (the credit of a debtor the profile already has an open case with). Every inquiry is logged with its purpose.",
    }),
    amount: amountSchema.optional().meta({ description: "The credit in question, in the environment's currency; required for purpose credit." }),
  })
  .meta({ id: "CreditInfoRequest" });

export const creditDecisionRequestSchema = z
  .strictObject({
    govid,
    amount: amountSchema.meta({ description: "The credit asked for, in the environment's currency." }),
  })
  .meta({ id: "CreditDecisionRequest" });

const count = z.int().min(0);
const money = z.number().meta({ description: "Amount in the environment's currency (major units)." });

export const creditInfoSchema = z
  .object({
    inquiryid: z.string().meta({ description: "The logged inquiry." }),
    subject: z.object({ type: z.enum(["person", "company"]), country: z.string() }),
    asof: z.string().meta({ description: "The day the info describes." }),
    own: z
      .object({
        opencases: count,
        openamount: money,
        paidcases: count,
        paidlate: count.meta({ description: "Paid cases that needed a reminder or were paid more than 3 days after their due date." }),
        collections: count.meta({ description: "Open cases in debt collection or further (2, 16, 17, 63, 65, 112, 203)." }),
        legal: count.meta({ description: "Open cases at court or in enforcement (63, 65, 112)." }),
        insolvency: count.meta({ description: "Open cases in debt rescheduling, restructuring or bankruptcy (6, 110, 111)." }),
        creditlosses: count,
      })
      .meta({ description: "The subject's cases with this profile, over the last three years, with amounts." }),
    others: z
      .object({
        creditors: count.meta({ description: "Other creditors of the environment with cases of the subject." }),
        opencases: count,
        collections: count.meta({ description: "Open cases in debt collection or further (2, 16, 17, 63, 65, 112, 203)." }),
        legal: count.meta({ description: "Open cases at court or in enforcement (63, 65, 112)." }),
        insolvency: count.meta({ description: "Open cases in debt rescheduling, restructuring or bankruptcy (6, 110, 111)." }),
        creditlosses: count.meta({ description: "Cases written off in the last three years." }),
        paidcases: count.meta({ description: "Cases paid in the last three years." }),
        paidontime: z
          .number()
          .min(0)
          .max(1)
          .nullable()
          .meta({ description: "Share of the cases paid in the last three years that were paid by their due date; null without any." }),
      })
      .meta({ description: "The subject's cases with other creditors of the environment: counts only, no creditor's name or amount." }),
    bureau: z
      .object({
        status: z.enum(["ok", "not_configured", "unavailable"]),
        source: z.string().nullable().meta({ description: "Which bureau answered; simulated in test environments." }),
        paymentdefaults: count.nullable().meta({ description: "Payment default entries the bureau holds on the subject." }),
      })
      .meta({ description: "The credit bureau's part: not_configured in a production environment without a bureau connection." }),
  })
  .meta({ id: "CreditInfo" });

export const creditDecisionSchema = z
  .object({
    decision: z.enum(CREDIT_DECISIONS),
    reasons: z.array(z.object({ code: z.string(), message: z.string() })).meta({ description: "Why, most weighty first; empty for a plain accept." }),
    conditions: z
      .array(z.object({ code: z.enum(["limit", "prepayment"]), message: z.string(), amount: money.optional() }))
      .meta({ description: "For accept_with_conditions: limit (credit up to amount only) and prepayment (payment or security in advance)." }),
    info: creditInfoSchema,
  })
  .meta({ id: "CreditDecision" });

export type CreditInfoRequest = z.output<typeof creditInfoRequestSchema>;
export type CreditInfo = z.output<typeof creditInfoSchema>;
export type CreditDecision = z.output<typeof creditDecisionSchema>;
