import { lockFor } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import type { Clock } from "../../platform/clock";
import type { Environment } from "../../spec/environments";
import type { ProblemCode } from "../../spec/problems";
import type { ReceiverProposalView } from "../../spec/receiver-proposals";
import { ServiceError } from "../errors";
import { emitEvents } from "../events/emit-events";
import { profileClock } from "../lifecycle/profile-clock";
import { render } from "../render/render-pool";

import type { EInvoiceOperator } from "./operator";
import { requireOperator } from "./operator";
import { businessIdDigits, contentHash, customerKeyOf, otherBiller, type ReceiverInfoMessage } from "./parse-receiver-info";
import { proposalView } from "./proposal-view";

/*
 * A receiving proposal or its cancellation, stored for the profile it names and reported as a
 * receiverproposal event in the same transaction. One row per message, known by its content, so
 * the operator delivering it twice stores and reports it once. The newest message of a customer
 * (its first SellerInvoiceIdentifier, compared without spaces, hyphens and case) is current and the
 * ones before are replaced; "newest" is the bank's order (MessageDate, then ReceiverInfoTimeStamp),
 * so a message the operator delivers late does not undo a later one. The switch to e-invoice reads
 * the current message when each document is queued (switch-to-einvoice.ts).
 */

interface ReceiveContext {
  environment: Environment;
  /** The service's clock; each profile's own (a test profile's may run ahead) is taken from it. */
  clock: Clock;
  operator: EInvoiceOperator;
}

type Received = ReceiverProposalView & { duplicate: boolean };

interface BillerProfile {
  id: string;
  cid: string;
  businessId: string;
  clockOffsetSeconds: number;
  receiverProposalSwitch: boolean;
}

const PROFILE_SELECT = { id: true, cid: true, businessId: true, clockOffsetSeconds: true, receiverProposalSwitch: true } as const;

/** The parser's finer reasons as the interface's problem codes. */
function problemCodeOf(reason: string): ProblemCode {
  if (reason === "missing") return "required";
  if (reason === "too_large") return "too_large";
  return "invalid";
}

async function parse(content: Buffer): Promise<ReceiverInfoMessage> {
  const reading = await render("readReceiverInfo", new Uint8Array(content.buffer, content.byteOffset, content.byteLength));
  if (reading.ok) return reading.message;
  throw new ServiceError("invalid_request", `The message is not a Finvoice receiving proposal the service can read: ${reading.message}.`, {
    problems: [{ field: reading.element, code: problemCodeOf(reading.code), message: reading.message }],
  });
}

function unknownBiller(message: ReceiverInfoMessage, element: string, whose: string): ServiceError {
  return new ServiceError("invalid_request", `The message is for the biller ${message.seller.partyIdentifier}, not ${whose}.`, {
    problems: [{ field: element, code: "not_found", message: `unknown biller: names ${message.seller.partyIdentifier}, a biller ${whose} is not` }],
  });
}

/** A message the test environment's simulated operator delivers for the calling profile. */
export async function receiveReceiverInfo(db: Db, context: ReceiveContext & { profile: { id: string } }, content: Buffer): Promise<Received> {
  requireOperator(context.environment);
  const message = await parse(content);
  const profile = await db.profile.findFirstOrThrow({ where: { id: context.profile.id, environment: context.environment.id }, select: PROFILE_SELECT });
  const element = otherBiller(message, profile.businessId);
  if (element) throw unknownBiller(message, element, `this profile (${profile.businessId})`);
  return store(db, context, profile, message);
}

/**
 * A message an operator connection delivers: for the one profile of the environment whose business
 * id it names. Several profiles of one biller (created by different partners) make it ambiguous: it
 * is refused for support to settle rather than handed to a partner that may not serve the customer.
 */
export async function receiveFromOperator(db: Db, context: ReceiveContext, content: Buffer): Promise<Received> {
  requireOperator(context.environment);
  const message = await parse(content);
  const digits = [message.seller.partyIdentifier, message.seller.senderAddress, message.seller.organisationUnitNumber]
    .map(businessIdDigits)
    .find((value) => value !== null);
  const forms = digits ? [`${digits.slice(0, 7)}-${digits.slice(7)}`, digits, `FI${digits}`] : [];
  const profiles = forms.length
    ? await db.profile.findMany({ where: { environment: context.environment.id, status: "created", businessId: { in: forms } }, select: PROFILE_SELECT })
    : [];
  const element = `${message.root}/SellerPartyDetails/SellerPartyIdentifier`;
  if (profiles.length === 0) throw unknownBiller(message, element, `one this service invoices for in ${context.environment.id}`);
  if (profiles.length > 1) {
    throw new ServiceError(
      "conflict",
      `Several profiles of ${context.environment.id} invoice for ${message.seller.partyIdentifier}; support decides which one the message is for.`,
    );
  }
  return store(db, context, profiles[0]!, message);
}

/** Whether message a came after message b in the bank's order. */
function later(a: { messageDate: string; bankTimestamp: string | null }, b: { messageDate: string; bankTimestamp: string | null }): boolean {
  if (a.messageDate !== b.messageDate) return a.messageDate > b.messageDate;
  return (a.bankTimestamp ?? "") >= (b.bankTimestamp ?? "");
}

async function store(db: Db, context: ReceiveContext, profile: BillerProfile, message: ReceiverInfoMessage): Promise<Received> {
  const at = profileClock(context.clock, profile, context.environment).now();
  const messageHash = contentHash(message);
  const customerKey = customerKeyOf(message.recipient.identifiers[0]?.value);
  const incoming = { messageDate: message.messageDate, bankTimestamp: message.timestamp };
  return db.$transaction(async (tx) => {
    // One message of a profile at a time: which one is current depends on the others.
    await lockFor(tx, `receiverproposals:${profile.id}`);
    const existing = await tx.receiverProposal.findUnique({ where: { profileId_messageHash: { profileId: profile.id, messageHash } } });
    if (existing) return { ...proposalView(existing, profile.receiverProposalSwitch), duplicate: true };
    let status: "current" | "replaced" = "current";
    if (customerKey !== null) {
      const current = await tx.receiverProposal.findFirst({
        where: { profileId: profile.id, customerKey, status: "current" },
        select: { id: true, messageDate: true, bankTimestamp: true },
      });
      if (current && !later(incoming, current)) status = "replaced";
      else if (current) await tx.receiverProposal.update({ where: { id: current.id }, data: { status: "replaced", replacedAt: at } });
    }
    const row = await tx.receiverProposal.create({
      data: {
        profileId: profile.id,
        environment: context.environment.id,
        messageHash,
        action: message.action,
        service: message.service,
        status,
        customerKey,
        identifiers: message.recipient.identifiers.map(({ value, type }) => ({ value, type })),
        recipientAddress: message.recipient.address,
        recipientIntermediator: message.recipient.intermediator,
        buyer: message.buyer,
        language: message.recipient.language,
        messageDate: message.messageDate,
        bankTimestamp: message.timestamp,
        receivedAt: at,
        replacedAt: status === "replaced" ? at : null,
      },
    });
    const view = proposalView(row, profile.receiverProposalSwitch);
    await emitEvents(db, tx, [
      {
        environment: context.environment.id,
        profileId: profile.id,
        jobId: null,
        type: "receiverproposal",
        message: {
          cid: profile.cid,
          proposalid: view.proposalid,
          action: view.action,
          service: view.service,
          status: view.status,
          custnum: view.custnum,
          einvoiceaddress: view.einvoiceaddress,
          einvoiceintermediator: view.einvoiceintermediator,
          name: view.buyer.name,
          messagedate: view.messagedate,
          time: view.receivedat,
          switches: view.switches,
        },
        createdAt: at,
      },
    ]);
    return { ...view, duplicate: false };
  });
}
