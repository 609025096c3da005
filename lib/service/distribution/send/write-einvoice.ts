import path from "node:path";

import { render } from "../../render/render-pool";
import type { EInvoiceResult } from "../../render/render-tasks";
import { failed, missing, delivered, type ChannelResult } from "../channel-result";
import { einvoiceFormatOf, type EInvoiceFormat } from "../channels";
import { writeFileAtomically } from "../write-file-atomically";

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

export function einvoiceDir(dataDir: string, environment: string, format: EInvoiceFormat): string {
  return path.join(dataDir, "einvoice", environment, format);
}

/** Built on a render pool thread: a UBL message carries the whole PDF in base64. */
function messageOf(context: SendContext, format: EInvoiceFormat): Promise<EInvoiceResult> {
  const { document } = context.made;
  if (format === "finvoice") {
    return render("finvoice", document, {
      messageIdentifier: context.dispatch.id,
      messageTimeStamp: context.now,
      senderIntermediator: document.seller.bic!,
    });
  }
  return render("peppol", document, { profile: format, pdf: context.made.pdf, pdfFilename: context.made.filename });
}

export async function writeEInvoice(context: SendContext): Promise<ChannelResult> {
  const { dispatch, environment, made } = context;
  const format = einvoiceFormatOf(dispatch.sendtype, environment.country);
  if (!format) return failed(`${dispatch.sendtype} is not an e-invoice channel`, [{ code: "unknown_channel", field: "sendtype", message: `unknown e-invoice channel ${dispatch.sendtype}` }]);
  if (made.isLetter) return failed("A letter is sent by post or e-mail only", [{ code: "unsupported_document", field: "sendtype", message: "jobtype 301 goes by post or email" }]);
  const { buyer, seller } = made.document;
  if (format === "finvoice") {
    if (!buyer.eInvoiceAddress) return missing("evoice", "The receiver's e-invoice address (evoice) is missing: Finvoice cannot be addressed");
    if (!buyer.eInvoiceOperator) return missing("evoiceint", "The receiver's e-invoice operator (evoiceint) is missing: Finvoice cannot be addressed");
    if (!seller.bic) return failed("The creditor has no bank (BIC) to send Finvoice through", [{ code: "creditor_incomplete", field: null, message: "the profile's creditor details lack the BIC" }]);
  }
  const message = await messageOf(context, format);
  if (!message.ok) {
    return failed(`The ${format === "finvoice" ? "Finvoice" : format === "ehf" ? "EHF" : "Peppol"} message cannot be made: ${message.message}`, [{ code: "einvoice_data", field: null, message: message.message }]);
  }
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
  return delivered(file, `${format === "finvoice" ? "Finvoice 3.0" : format === "ehf" ? "EHF Billing 3.0" : "Peppol BIS Billing 3.0"} message for ${to} handed to the operator`, notes);
}
