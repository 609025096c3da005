import path from "node:path";

import { writeFileAtomically } from "../../../platform/write-file-atomically";
import type { Environment } from "../../../spec/environments";
import type { InvoiceDocument } from "../../documents/invoice-document";
import { failed, missing, delivered, type ChannelResult } from "../channel-result";
import { einvoiceFormatOf, type EInvoiceFormat } from "../channels";

import type { SendContext } from "./send-context";

/*
 * E-invoices are written for the operator: DATA_DIR/einvoice/<environment>/<format>/<jobid>.xml
 * (a notice as <jobid>-<document>.xml), renamed into place whole. The connection to the operator
 * (a Finvoice SOAP/ebXML frame to the seller's bank or operator, a Peppol access point's AS4) takes
 * the files from there and is outside this service. Peppol BIS and EHF carry the invoice image
 * embedded (cac:AdditionalDocumentReference). Finvoice has no place for the image in the message
 * itself: operators carry it as a separate attachment message, so the PDF is written beside the
 * XML as <name>.pdf for the operator connection to attach.
 */

function einvoiceDir(dataDir: string, environment: string, format: EInvoiceFormat): string {
  return path.join(dataDir, "einvoice", environment, format);
}

/** Why a document cannot go by the e-invoice channel, before anything is made for it; null when it can. */
export function einvoiceProblem(
  sendtype: string,
  country: Environment["country"],
  document: Pick<InvoiceDocument, "buyer" | "seller">,
  isLetter: boolean,
): ChannelResult | null {
  const format = einvoiceFormatOf(sendtype, country);
  if (!format)
    return failed(`${sendtype} is not an e-invoice channel`, [
      { code: "unknown_channel", field: "sendtype", message: `unknown e-invoice channel ${sendtype}` },
    ]);
  if (isLetter)
    return failed("A letter is sent by post or e-mail only", [
      { code: "unsupported_document", field: "sendtype", message: "jobtype 301 goes by post or email" },
    ]);
  const { buyer, seller } = document;
  if (format === "finvoice") {
    if (!buyer.eInvoiceAddress) return missing("evoice", "The receiver's e-invoice address (evoice) is missing: Finvoice cannot be addressed");
    if (!buyer.eInvoiceOperator) return missing("evoiceint", "The receiver's e-invoice operator (evoiceint) is missing: Finvoice cannot be addressed");
    if (!seller.bic)
      return failed("The creditor has no bank (BIC) to send Finvoice through", [
        { code: "creditor_incomplete", field: null, message: "the profile's creditor details lack the BIC" },
      ]);
  }
  return null;
}

/** Writes the message made for the dispatch (made.einvoice) for the operator connection. */
export async function writeEInvoice(context: SendContext): Promise<ChannelResult> {
  const { dispatch, environment, made } = context;
  const problem = einvoiceProblem(dispatch.sendtype, environment.country, made.document, made.isLetter);
  if (problem) return problem;
  const format = einvoiceFormatOf(dispatch.sendtype, environment.country)!;
  const message = made.einvoice;
  if (!message) throw new Error(`dispatch ${dispatch.id}: no e-invoice message was made`);
  if (!message.ok) {
    return failed(`The ${format === "finvoice" ? "Finvoice" : format === "ehf" ? "EHF" : "Peppol"} message cannot be made: ${message.message}`, [
      { code: "einvoice_data", field: null, message: message.message },
    ]);
  }
  const { buyer } = made.document;
  const { xml } = message;
  const base = dispatch.document === "original" ? String(dispatch.jobId) : `${dispatch.jobId}-${dispatch.document}`;
  const dir = einvoiceDir(context.dataDir, environment.id, format);
  const notes: string[] = [];
  if (format === "finvoice") {
    // The image first: an operator connection that sees the XML finds its attachment already there.
    writeFileAtomically(path.join(dir, `${base}.pdf`), made.pdf);
    notes.push(`Invoice image ${base}.pdf for the operator's attachment message`);
  }
  const file = path.join(dir, `${base}.xml`);
  writeFileAtomically(file, xml);
  const to = format === "finvoice" ? `${buyer.eInvoiceAddress} (${buyer.eInvoiceOperator})` : "the receiver's Peppol address";
  return delivered(
    file,
    `${format === "finvoice" ? "Finvoice 3.0" : format === "ehf" ? "EHF Billing 3.0" : "Peppol BIS Billing 3.0"} message for ${to} handed to the operator`,
    notes,
  );
}
