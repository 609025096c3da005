import { z } from "zod";

import { amountSchema } from "./payment-requests";

/*
 * GET and PATCH /profile/settings: what a profile decides for itself: how the service reports to it,
 * and what its debtors may ask for on the online service.
 */

export const CREDIT_LOSS_MODELS = ["timebased", "status"] as const;

const creditlossmodel = z.enum(CREDIT_LOSS_MODELS).meta({
  description:
    "How a credit loss reaches the event receiver and GET /events, one way only so that no receiver counts one loss twice. " +
    "timebased (default): creditloss messages (type creditloss when a case is written off, suspected in Sweden, change after a payment to a " +
    "written-off case, with what is still written off) and no lcstatus for the move to 103. status: the legacy lcstatus 103 and no creditloss " +
    "messages; a payment to a written-off case is reported by its payment event alone.",
});

/** The most a debtor may move a due date by on the online service: a month, the longest usual term of a reminder. */
const MAX_ONLINE_EXTENSION_DAYS = 30;

const onlineextensiondays = z
  .int()
  .min(0)
  .max(MAX_ONLINE_EXTENSION_DAYS)
  .meta({
    description:
      "How many days past the current due date a debtor may move it to, once per case, on the online service (GET /jobs/{jobid}/onlinelink), " +
      "while the case is an invoice or a reminder. 0: not offered. Default 14. The move reaches the receiver as a duedateupdate with source online.",
  });

const onlinedisputes = z.boolean().meta({
  description:
    "Whether a debtor may dispute a case on the online service, with a message: the case moves to 80 (Disputed) and waits for a person " +
    "(POST /jobs/{jobid}/status resolve-dispute); the lcstatus 80 carries the message as its note. Default true.",
});

/** The longest payment plan a debtor may make alone: a year of monthly instalments. */
const MAX_ONLINE_PLAN_INSTALMENTS = 12;

const onlineplaninstalments = z
  .int()
  .min(0)
  .max(MAX_ONLINE_PLAN_INSTALMENTS)
  .meta({
    description:
      "The most monthly instalments (2 or more) a debtor may split what is open into on the online service, while the case is an invoice, a " +
      "reminder or a collection: the plan is made at once (interest charged to the day, then the instalments, the first two weeks ahead), " +
      "the case moves to 41 (Payment plan) with an lcstatus whose note describes the plan, and the lifecycle follows it like a posted payplan " +
      "(203 when an instalment is missed). 0: not offered (the default).",
  });

const receiverproposalswitch = z.boolean().meta({
  description:
    "Whether a Finnish consumer's e-invoice receiving proposal (GET /einvoice/receiverproposals) sends that customer's later invoices and " +
    "reminders, posted for post or e-mail, by e-invoice to the address the bank gave, and a cancellation stops it: only jobs to a consumer " +
    "(customertype 2) whose custnum is the one the consumer typed and whose person is the name the bank sent. Off (the default): the " +
    "proposals are only listed and sent as receiverproposal events, for the API user's own system to decide, since it alone knows whether " +
    "the customer number the consumer typed is the customer's.",
});

const duedateagreed = z.boolean().meta({
  description:
    "Whether the due dates of the profile's invoices were agreed with the debtor in advance (a contract, terms of sale the debtor accepted " +
    "before the invoice), which the creditor alone knows. true (the default): late-payment interest runs from the due date (korkolaki " +
    "633/1982, räntelagen 1975:635 3 §, forsinkelsesrenteloven § 2). false: a due date printed only on the invoice binds nobody to interest, " +
    "so it runs from the later of the due date and 30 days after the invoice was sent: the day the service sent it (a letter: the next " +
    "business day after it went to print; a resend after a refused e-invoice or a returned letter: the resend's day), the billdate for " +
    "a reminder or collection posted as such and for jobs stored before the service recorded the day, and for a job with sendtype print " +
    "the day it was stored or its draft approved (not before its billdate). An invoice the service has not sent earns no interest. The " +
    "sweep, payments and the notices and e-invoices all count from that day. A change applies to interest not yet charged: interest a case was charged stays, " +
    "and a case charged none yet counts all its interest by the new setting.",
});

const creditlimitDescription =
  "The largest credit POST /creditdecision grants without conditions, in the environment's currency; a larger amount is accepted up to it " +
  "(condition limit). Default 5000.";

export const profileSettingsSchema = z
  .object({
    creditlossmodel,
    onlineextensiondays,
    onlinedisputes,
    onlineplaninstalments,
    creditlimit: z.number().meta({ description: creditlimitDescription }),
    receiverproposalswitch,
    duedateagreed,
  })
  .meta({ id: "ProfileSettings" });

export const profileSettingsPatchSchema = z
  .strictObject({
    creditlossmodel: creditlossmodel.optional(),
    onlineextensiondays: onlineextensiondays.optional(),
    onlinedisputes: onlinedisputes.optional(),
    onlineplaninstalments: onlineplaninstalments.optional(),
    creditlimit: amountSchema.optional().meta({ description: creditlimitDescription }),
    receiverproposalswitch: receiverproposalswitch.optional(),
    duedateagreed: duedateagreed.optional(),
  })
  .meta({ id: "ProfileSettingsPatch", description: "The settings to change; members left out keep their value." });

export type ProfileSettings = z.infer<typeof profileSettingsSchema>;
export type ProfileSettingsPatch = z.output<typeof profileSettingsPatchSchema>;
