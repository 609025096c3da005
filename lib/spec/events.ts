import { z } from "zod";

import { ALL_DISTRIBUTION_CHANNELS, CREDITLOSS_REASONS, CREDITLOSS_TYPES, CREDITNOTE_ACTIONS, DELIVERY_STATUSES, DUEDATE_SOURCES } from "./codes";

/*
 * Status events: what the service pushes to the API user's receiver, in batches of at most 500
 * messages. New fields may appear at any time, so every message is a loose object: a receiver
 * that parses with these schemas keeps unknown fields and never refuses a batch for them.
 * Members the specification does not describe (creditnote's fields, the amount breakdowns) are
 * defined here and in the OpenAPI document.
 */

export const MAX_MESSAGES_PER_BATCH = 500;

const cid = z.string().min(1).meta({ description: "Profile id (cid); in every message type." });
/** Messages identify the case by invoicenumber, documentid and/or jobid: any one may be missing. */
const jobid = z.int().nullish().meta({ description: "Internal job id." });
/**
 * A value from a list the specification gives (channels, statuses, reasons…). Lists grow, so a
 * value not yet known is kept, not refused: a receiver that refused it would refuse the whole batch.
 */
const known = <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z.union([z.enum(values), z.string()]).meta({ description: `${description} Known values: ${values.join(", ")}; others may appear.` });
const nullableString = () => z.string().nullish();
const timestamp = () => z.string().meta({ description: "ISO 8601 date-time." });
const date = () => z.string().meta({ description: "Calendar date YYYY-MM-DD." });
const amount = () => z.number().meta({ description: "Amount in major units, two decimals." });

export const amountBreakdownSchema = z
  .looseObject({
    capital: amount(),
    interest: amount(),
    expenses: amount(),
  })
  .meta({
    id: "AmountBreakdown",
    description:
      "An amount split by the kind of receivable: capital, interest (delay interest) and expenses (reminder and collection costs, client expenses). The parts add up to the whole.",
  });

export const deliveryMessageSchema = z
  .looseObject({
    jobid,
    cid,
    distributionchannel: known(ALL_DISTRIBUTION_CHANNELS, "Channel of the delivery.").nullish(),
    documentid: nullableString().meta({ description: "The caller's additional id (ownref)." }),
    invoicenumber: nullableString(),
    status: known(DELIVERY_STATUSES, "Delivery status."),
    statustime: timestamp(),
    description: nullableString(),
    notes: z.array(z.union([z.looseObject({ note: z.string().nullish() }), z.string()])).nullish(),
    errors: z.array(z.union([z.looseObject({ code: z.string().nullish(), message: z.string().nullish(), field: z.string().nullish() }), z.string()])).nullish(),
  })
  .meta({
    id: "DeliveryMessage",
    description:
      "Progress of document delivery. A send that ends in `error` is the only message about it: an invoice (jobtype 0, 300) is reminded only once a send of it was delivered, so one whose sends failed gets no reminder and no fee (a returned letter waits in 89, then 71, for the address) until a send is delivered. Beyond a secondary channel the job names, the service does not send it again by itself: the errors' codes say what a new send needs, `einvoice_rejected` a corrected e-invoice address (POST /jobs/{jobid}/einvoice/resend), `returned_mail` the debtor's address (POST /jobs/{jobid}/address).",
  });

export const lcstatusMessageSchema = z
  .looseObject({
    cid,
    jobid,
    invoicenumber: nullableString(),
    documentid: nullableString(),
    code: z
      .union([z.int(), z.string().regex(/^\d+$/)])
      .transform(Number)
      .meta({ description: "Numeric lifecycle code; store it, the list can grow." }),
    status: nullableString().meta({ description: "Text of the code, informational." }),
    time: timestamp(),
    paydate: date().nullish().meta({ description: "Original due date." }),
    currentpaydate: date().nullish().meta({ description: "Current due date." }),
    opencapital: amount().nullish(),
    interest: amount().nullish(),
    expenses: amount().nullish(),
    collectionbegins: date()
      .optional()
      .meta({
        description:
          "Code 2 of a job posted as debt collection (jobtype 2) that may not begin collection yet: the day it does. In Norway collection may begin only once " +
          "the inkassovarsel's term of at least 14 days from its sending has run (inkassoloven § 9), so a jobtype 2 whose noticedate is under 18 days old is " +
          "held until noticedate + 18 days with nothing sent: its intake lcstatus (and one of a release before that day) carries the day ahead, and on that " +
          "day, when the case starts and sends its letter, another lcstatus 2 carries that day and the letter's due date as currentpaydate. Absent on every " +
          "other lcstatus.",
      }),
    note: z
      .string()
      .optional()
      .meta({
        description:
          "Why the case moved, in a person's words: the note of a case action (POST /jobs/{jobid}/status), or a debtor's message when the " +
          "debtor disputed the case on the online service (code 80).",
      }),
  })
  .meta({
    id: "LcstatusMessage",
    description:
      "The case moved to a new lifecycle phase. Every accepted job also gets one when intake takes it in, right after its `received` delivery message: its first code (the result record's jobstatus), due dates and open capital.",
  });

export const paymentMessageSchema = z
  .looseObject({
    cid,
    jobid,
    invoicenumber: nullableString(),
    documentid: nullableString(),
    time: timestamp(),
    amount: amount(),
    paydate: date().nullish().meta({ description: "Deprecated: use paymentdate, accountdate, settlementdate.", deprecated: true }),
    paymentdate: date().nullish().meta({ description: "Day the debtor paid." }),
    accountdate: date().nullish().meta({ description: "Day booked to account." }),
    settlementdate: date().nullish().meta({ description: "Day paid out to the principal." }),
    openamount: amount().nullish().meta({ description: "Capital plus client expenses plus interest still open." }),
    amountbreakdown: amountBreakdownSchema.nullish().meta({ description: "What this payment paid." }),
    openamountbreakdown: amountBreakdownSchema.nullish().meta({ description: "What is still open." }),
    unallocatedamount: amount().nullish().meta({
      description:
        "The part of the payment that nothing open took (an overpayment, or a payment to a closed case): kept for the principal to refund. 0 when the payment was taken whole.",
    }),
  })
  .meta({ id: "PaymentMessage", description: "A payment was received and booked." });

export const contractMessageSchema = z
  .looseObject({
    cid,
    contract_no: z.string(),
    contractstatus: z.string(),
    termination_date: date().nullish(),
    terminationterm: nullableString(),
  })
  .meta({ id: "ContractMessage", description: "Contract data changed." });

export const creditnoteMessageSchema = z
  .looseObject({
    cid,
    jobid: jobid.meta({ description: "Job id of the credit note." }),
    invoicenumber: nullableString().meta({ description: "Bill number of the credit note." }),
    documentid: nullableString(),
    type: known(CREDITNOTE_ACTIONS, "allocated to a debit invoice, unallocated (allocation removed), or refunded to the end customer."),
    time: timestamp(),
    amount: amount().meta({ description: "Amount allocated, unallocated or refunded (positive)." }),
    allocations: z
      .array(z.looseObject({ jobid, invoicenumber: nullableString(), amount: amount() }))
      .nullish()
      .meta({ description: "The debit invoices and amounts allocated or unallocated; empty for a refund." }),
    targetjobid: z.int().nullish().meta({ description: "Job id of the debit invoice (allocated, unallocated)." }),
    targetinvoicenumber: nullableString().meta({ description: "Bill number of the debit invoice (allocated, unallocated)." }),
    refundiban: nullableString().meta({
      description: "Account the refund was paid to (refunded), masked: country, check digits and the last four characters.",
    }),
    refunddate: date().nullish().meta({ description: "Day the refund was paid (refunded)." }),
  })
  .meta({ id: "CreditnoteMessage", description: "A credit note was allocated, unallocated or refunded." });

export const creditlossMessageSchema = z
  .looseObject({
    cid,
    jobid,
    invoicenumber: nullableString(),
    documentid: nullableString(),
    time: timestamp().nullish(),
    type: known(CREDITLOSS_TYPES, "Kind of credit loss action."),
    amountbreakdown: amountBreakdownSchema.nullish(),
    reason: known(CREDITLOSS_REASONS, "Reason of the credit loss.").nullish(),
  })
  .meta({ id: "CreditlossMessage", description: "Credit loss actions (time-based model)." });

export const duedateupdateMessageSchema = z
  .looseObject({
    cid,
    jobid,
    invoicenumber: nullableString(),
    documentid: nullableString(),
    currentpaydate: date(),
    source: known(
      DUEDATE_SOURCES,
      "Where the change came from. aspa_other_reason: the provider moved it for a reason not the debtor's, a person at customer service " +
        "or the service itself: a reminder or collection letter sent later than its case moved gives the law's term from the day it was " +
        "sent, and the case takes the due date the letter prints (the event follows that letter's delivery event).",
    ),
    contract: z.array(z.string()).nullish(),
  })
  .meta({ id: "DuedateupdateMessage", description: "The due date changed." });

const invoiceRef = z.looseObject({ jobid, invoicenumber: nullableString(), documentid: nullableString() });

export const disconnectMessageSchema = z
  .looseObject({
    cid,
    usageplacecode: z.string(),
    contract_no: z.string(),
    invoices: z.array(invoiceRef).nullish(),
    disconnectiondate: date().nullish(),
  })
  .meta({ id: "DisconnectMessage", description: "A disconnect is needed." });

export const reconnectMessageSchema = z
  .looseObject({
    cid,
    usageplacecode: z.string(),
    contract_no: z.string(),
    invoices: z.array(invoiceRef).nullish(),
  })
  .meta({ id: "ReconnectMessage", description: "A reconnect is needed." });

export const telecomMessageSchema = z
  .looseObject({
    cid,
    customernumber: z.string(),
    time: timestamp(),
  })
  .meta({ id: "TelecomMessage", description: "A telecom subscription of the end customer should be disconnected or reconnected." });

export const receiverproposalMessageSchema = z
  .looseObject({
    cid,
    proposalid: z.int().meta({ description: "The message's id in GET /einvoice/receiverproposals." }),
    action: z.string().meta({ description: "add (the consumer asks for e-invoices), change (a new address), delete (the consumer cancels)." }),
    service: z.string().nullish().meta({ description: "einvoice, or directpayment (suoramaksu), which the service only reports." }),
    status: z.string().nullish().meta({ description: "current, or replaced when a later message of the same customer came first." }),
    custnum: nullableString().meta({ description: "The customer as the consumer named it (the first SellerInvoiceIdentifier)." }),
    einvoiceaddress: nullableString().meta({ description: "The consumer's e-invoice address." }),
    einvoiceintermediator: nullableString().meta({ description: "The consumer's bank (BIC)." }),
    name: nullableString().meta({ description: "The consumer's name as the bank sent it." }),
    messagedate: date().nullish().meta({ description: "The bank's message date." }),
    time: timestamp().meta({ description: "When the service received it." }),
    switches: z
      .boolean()
      .nullish()
      .meta({
        description:
          "Whether the service may now send this customer's later invoices by e-invoice (the profile's receiverproposalswitch): those of jobs to a " +
          "consumer whose name is the one the bank sent.",
      }),
  })
  .meta({
    id: "ReceiverproposalMessage",
    description:
      "A Finnish consumer asked the bank to receive the profile's invoices as e-invoices (Finvoice ReceiverInfo), changed the address, or " +
      "cancelled it. This service's addition to the specification's arrays; receivers that do not know it ignore it.",
  });

const list = <T extends z.ZodType>(schema: T) => z.array(schema).max(MAX_MESSAGES_PER_BATCH).nullish();

/** The message arrays of `data`, including the underscore spellings of the telecom arrays. */
export const eventDataSchema = z
  .looseObject({
    delivery: list(deliveryMessageSchema),
    lcstatus: list(lcstatusMessageSchema),
    payment: list(paymentMessageSchema),
    contract: list(contractMessageSchema),
    creditnote: list(creditnoteMessageSchema),
    creditloss: list(creditlossMessageSchema),
    duedateupdate: list(duedateupdateMessageSchema),
    disconnect: list(disconnectMessageSchema),
    reconnect: list(reconnectMessageSchema),
    telecomdisconnect: list(telecomMessageSchema),
    telecomreconnect: list(telecomMessageSchema),
    telecom_disconnect: list(telecomMessageSchema).meta({ description: "Same as telecomdisconnect; both spellings appear." }),
    telecom_reconnect: list(telecomMessageSchema).meta({ description: "Same as telecomreconnect; both spellings appear." }),
    receiverproposal: list(receiverproposalMessageSchema),
  })
  .meta({ id: "EventData", description: "Arrays by message type; any combination may appear." });

export const MESSAGE_TYPES = [
  "delivery",
  "lcstatus",
  "payment",
  "contract",
  "creditnote",
  "creditloss",
  "duedateupdate",
  "disconnect",
  "reconnect",
  "telecomdisconnect",
  "telecomreconnect",
  "receiverproposal",
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const eventBatchSchema = z
  .looseObject({
    created_at: z.string().meta({ description: "Creation time, ISO 8601." }),
    id: z.string().min(1).max(200).meta({ description: "Unique batch id; a retried batch keeps it, so receivers dedupe by it." }),
    data: eventDataSchema,
  })
  .superRefine((batch, ctx) => {
    const total = Object.values(batch.data).reduce<number>((sum, messages) => sum + (Array.isArray(messages) ? messages.length : 0), 0);
    if (total > MAX_MESSAGES_PER_BATCH) {
      ctx.addIssue({ code: "custom", path: ["data"], message: `must hold at most ${MAX_MESSAGES_PER_BATCH} messages in all` });
    }
  })
  .meta({ id: "EventBatch", description: "One POST to the receiver: at most 500 messages, mixed types." });
export type EventBatch = z.output<typeof eventBatchSchema>;

/**
 * The messages of a batch by type, with the two telecom spellings folded into one, so a receiver
 * stores them alike.
 */
export function messagesByType(batch: EventBatch): Record<MessageType, unknown[]> {
  const data = batch.data;
  return {
    delivery: data.delivery ?? [],
    lcstatus: data.lcstatus ?? [],
    payment: data.payment ?? [],
    contract: data.contract ?? [],
    creditnote: data.creditnote ?? [],
    creditloss: data.creditloss ?? [],
    duedateupdate: data.duedateupdate ?? [],
    disconnect: data.disconnect ?? [],
    reconnect: data.reconnect ?? [],
    telecomdisconnect: [...(data.telecomdisconnect ?? []), ...(data.telecom_disconnect ?? [])],
    telecomreconnect: [...(data.telecomreconnect ?? []), ...(data.telecom_reconnect ?? [])],
    receiverproposal: data.receiverproposal ?? [],
  };
}
