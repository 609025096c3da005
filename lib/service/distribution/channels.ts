import type { Country } from "../../spec/environments";

/*
 * Which distributionchannel (the specification's list per country) a sendtype goes by. An
 * e-invoice to a natural person is a consumer e-invoice (b2c: e-lasku, e-faktura privat, eFaktura);
 * to a company it is a business e-invoice (b2b: verkkolasku, operator network). evoicenet and
 * evoicesm go through the operator network as business e-invoices. print means the customer
 * prints the document itself: the service distributes nothing.
 */

type DistributionChannel = "post" | "b2b" | "peppol" | "email" | "b2c" | "kivra" | "omaposti" | "digipost";

export function distributionChannelOf(sendtype: string | null, customertype: number, _country: Country): DistributionChannel | null {
  switch (sendtype ?? "post") {
    case "post":
      return "post";
    case "email":
      return "email";
    case "peppol":
      return "peppol";
    case "evoice":
      return customertype === 2 ? "b2c" : "b2b";
    case "evoicenet":
    case "evoicesm":
      return "b2b";
    default:
      return null;
  }
}

/*
 * The e-invoice format of a channel. Finland's operator network (verkkolasku, and the banks'
 * consumer e-lasku) carries Finvoice 3.0. Swedish and Norwegian operators take Peppol BIS Billing
 * 3.0 (Sweden's public sector requires it; Svefaktura is being retired for it) and Norway's
 * operators and Peppol access points EHF Billing 3.0, the same UBL with the Norwegian rules: so
 * evoice, evoicenet and evoicesm mean Peppol BIS there, EHF in Norway. The peppol sendtype is
 * Peppol BIS everywhere, in its EHF form for a Norwegian seller.
 */
export type EInvoiceFormat = "finvoice" | "peppol" | "ehf";

const EINVOICE_SENDTYPES_OF_OPERATORS = ["evoice", "evoicenet", "evoicesm"] as const;

export function einvoiceFormatOf(sendtype: string, country: Country): EInvoiceFormat | null {
  if (sendtype === "peppol") return country === "NOR" ? "ehf" : "peppol";
  if (!(EINVOICE_SENDTYPES_OF_OPERATORS as readonly string[]).includes(sendtype)) return null;
  if (country === "FIN") return "finvoice";
  return country === "NOR" ? "ehf" : "peppol";
}

/**
 * The sendtype a document actually goes by. A customer that prints its invoices itself (print)
 * still has the service's notices posted: the service made them, the customer never saw them.
 * Peppol BIS and EHF have no reminder or collection letter, so a notice to a Peppol receiver goes
 * by e-mail when the job has an address for it, else by post. Letters go by post or e-mail only.
 */
export function sendtypeForDocument(sendtype: string | null, document: string, jobtype: number, country: Country, hasEmail: boolean): string {
  const given = sendtype ?? "post";
  // The law wants a cut-off warning in writing before the supply is cut (contracts/cutoff-warnings.ts):
  // a letter that reaches the customer's address whatever channel the invoices took.
  if (document === "cutoff") return "post";
  if (jobtype === 301) return given === "email" ? "email" : "post";
  if (document === "original") return given === "print" ? "post" : given;
  if (given === "print") return "post";
  const format = einvoiceFormatOf(given, country);
  if (format === "peppol" || format === "ehf") return hasEmail ? "email" : "post";
  return given;
}
