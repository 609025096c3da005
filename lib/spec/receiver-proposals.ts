import { z } from "zod";

import { nextCursor, pageCursor, pageSizeSchema } from "./paging";

/*
 * E-invoice receiving proposals (vastaanottoehdotus, Finvoice ReceiverInfo): a consumer asks in the
 * online bank to receive a biller's invoices as e-invoices, or cancels it; the bank sends the
 * biller a FinvoiceReceiverInfo message through the e-invoice operator. The service stores each
 * message for the profile it names, lists them (GET /einvoice/receiverproposals), reports them as
 * receiverproposal events, and, where the profile allows it, sends the customer's later invoices
 * by e-invoice (lib/service/einvoice-receiving). Test environments take the message as the operator
 * would deliver it at POST /testing/einvoice/receiverproposals.
 */

/** A message is a few kilobytes; the schema bounds every element, so a larger one is not a message. */
export const MAX_RECEIVER_INFO_BYTES = 64 * 1024;

/** MessageActionCode ADD, CHANGE and DELETE. */
const PROPOSAL_ACTIONS = ["add", "change", "delete"] as const;
export type ProposalAction = (typeof PROPOSAL_ACTIONS)[number];

/** BuyerServiceCode 00 (e-invoice) and 01 (direct payment, suoramaksu). */
const PROPOSAL_SERVICES = ["einvoice", "directpayment"] as const;
export type ProposalService = (typeof PROPOSAL_SERVICES)[number];

/** current: the newest message of its customer, the one in force; replaced: a later one took its place. */
const PROPOSAL_STATUSES = ["current", "replaced"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

const identifierSchema = z
  .object({
    value: z.string().meta({ description: "As the consumer typed it in the bank." }),
    type: z
      .string()
      .nullable()
      .meta({
        description:
          "SellerInvoiceIdentifierType: 01 national reference, 02 RF reference, 03 personal identity code, 04 business id, 05 and 06 " +
          "telephone number, 07 identifier with an IBAN check, 08 other numeric, 09 other alphanumeric, 99 other; null when not given.",
      }),
  })
  .meta({ id: "ReceiverProposalIdentifier" });

const receiverProposalSchema = z
  .object({
    proposalid: z.int(),
    action: z.enum(PROPOSAL_ACTIONS).meta({
      description: "add: the consumer asks for e-invoices; change: the same with a new address; delete: the consumer cancels e-invoices.",
    }),
    service: z.enum(PROPOSAL_SERVICES).meta({
      description: "einvoice (BuyerServiceCode 00), or directpayment (01, suoramaksu), which the service only reports: it never switches to it.",
    }),
    status: z.enum(PROPOSAL_STATUSES).meta({
      description: "current: the newest message of its customer, the one in force; replaced: a later message of the same customer took its place.",
    }),
    custnum: z
      .string()
      .nullable()
      .meta({
        description:
          "The customer as the consumer named it: the first SellerInvoiceIdentifier, which later jobs' custnum is matched with (spaces, hyphens " +
          "and case aside), together with the buyer's name; null when the bank sent no identifier.",
      }),
    identifiers: z.array(identifierSchema).meta({ description: "Every SellerInvoiceIdentifier of the message (at most two)." }),
    einvoiceaddress: z
      .string()
      .nullable()
      .meta({ description: "The consumer's e-invoice address (InvoiceRecipientAddress); null in a cancellation that names none." }),
    einvoiceintermediator: z.string().meta({ description: "The consumer's bank as its BIC (InvoiceRecipientIntermediatorAddress)." }),
    buyer: z
      .object({
        name: z.string(),
        street: z.string().nullable(),
        postcode: z.string().nullable(),
        town: z.string().nullable(),
        country: z.string().nullable().meta({ description: "ISO 3166-1 alpha-2 when the bank gave it." }),
      })
      .meta({ description: "The consumer's name and postal address as the bank sent them. No identity code is kept." }),
    language: z.string().nullable().meta({ description: "InvoiceRecipientLanguageCode: FI, SV or EN." }),
    messagedate: z.iso.date().meta({ description: "MessageDate of the bank's message." }),
    banktimestamp: z.string().nullable().meta({ description: "ReceiverInfoTimeStamp as the bank wrote it." }),
    receivedat: z.iso.datetime({ offset: true }),
    replacedat: z.iso.datetime({ offset: true }).nullable(),
    switches: z.boolean().meta({
      description:
        "Whether it may send this customer's later invoices by e-invoice now: a current add or change for e-invoice with an address, while " +
        "the profile's receiverproposalswitch is on. It switches only the jobs, with this custnum, to a consumer (customertype 2) whose person " +
        "is the buyer's name (case, spacing, accents and the order of the name's parts aside); others with the customer number keep their channel.",
    }),
  })
  .meta({ id: "ReceiverProposal", description: "One Finvoice ReceiverInfo message the consumer's bank sent for a customer of the profile." });
export type ReceiverProposalView = z.output<typeof receiverProposalSchema>;

export const receivedProposalSchema = receiverProposalSchema
  .extend({ duplicate: z.boolean().meta({ description: "The same message was received before: nothing was stored again." }) })
  .meta({ id: "ReceivedProposal" });

export const receiverProposalQuerySchema = z.strictObject({
  status: z.enum(PROPOSAL_STATUSES).optional().meta({ description: "Only current (in force) or replaced messages." }),
  action: z.enum(PROPOSAL_ACTIONS).optional().meta({ description: "Only proposals (add, change) or cancellations (delete)." }),
  custnum: z.string().trim().min(1).max(35).optional().meta({ description: "Only messages for this customer number (spaces, hyphens and case aside)." }),
  since: z.iso
    .datetime({ offset: true, error: "must be an ISO 8601 date-time with a zone, such as 2026-11-20T00:00:00+02:00" })
    .optional()
    .meta({ description: "Only messages received at or after this time." }),
  limit: pageSizeSchema,
  cursor: pageCursor(),
});
export type ReceiverProposalQuery = z.output<typeof receiverProposalQuerySchema>;

export const receiverProposalPageSchema = z
  .object({
    proposals: z.array(receiverProposalSchema).meta({ description: "Oldest first, in the order they were received." }),
    next_cursor: nextCursor(),
  })
  .meta({ id: "ReceiverProposalPage" });
