import type { ReceiverProposal } from "../../db/generated/sqlite/client";
import type { ProposalAction, ProposalService, ProposalStatus, ReceiverProposalView } from "../../spec/receiver-proposals";

import type { ReceiverInfoIdentifier } from "./parse-receiver-info";

/**
 * Whether a stored message is in force to switch its customer's later invoices to e-invoice, with the
 * profile's switch on. Which jobs it switches is decided per job as each document is queued
 * (switch-to-einvoice.ts): only those to a consumer whose name is the one the bank sent, so true here
 * means "may switch", never that any job was.
 */
function switchesInvoices(row: Pick<ReceiverProposal, "status" | "action" | "service" | "recipientAddress" | "customerKey">, switchOn: boolean): boolean {
  return (
    switchOn && row.status === "current" && row.action !== "delete" && row.service === "einvoice" && row.recipientAddress !== null && row.customerKey !== null
  );
}

export function proposalView(row: ReceiverProposal, switchOn: boolean): ReceiverProposalView {
  const identifiers = (Array.isArray(row.identifiers) ? row.identifiers : []) as unknown as ReceiverInfoIdentifier[];
  const buyer = (row.buyer ?? {}) as Record<string, string | null>;
  return {
    proposalid: row.id,
    action: row.action as ProposalAction,
    service: row.service as ProposalService,
    status: row.status as ProposalStatus,
    custnum: identifiers[0]?.value ?? null,
    identifiers: identifiers.map(({ value, type }) => ({ value, type })),
    einvoiceaddress: row.recipientAddress,
    einvoiceintermediator: row.recipientIntermediator,
    buyer: { name: buyer.name ?? "", street: buyer.street ?? null, postcode: buyer.postcode ?? null, town: buyer.town ?? null, country: buyer.country ?? null },
    language: row.language,
    messagedate: row.messageDate,
    banktimestamp: row.bankTimestamp,
    receivedat: row.receivedAt.toISOString(),
    replacedat: row.replacedAt?.toISOString() ?? null,
    switches: switchesInvoices(row, switchOn),
  };
}
