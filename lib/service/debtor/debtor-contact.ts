import type { FinnishCollector } from "../../env";
import type { Country } from "../../spec/environments";
import { collectorOf, type DocumentKind, type Seller } from "../documents/invoice-document";

/** Whom the debtor's page names to contact, and whether that is the collector of a payment demand. */
export interface DebtorContact {
  name: string;
  email: string | null;
  phone: string | null;
  collector: boolean;
}

/**
 * Once a Finnish payment demand has gone to the debtor, the case is the collector's, who sent it for
 * the creditor (513/1999 5 §) and takes objections to it: the page names the collector, as the demand
 * does, also after a later letter (a cut-off warning) and whether the demand went as a collection
 * notice or as the job's own original (a posted payment demand, jobtype 2). Before it, and in Swedish
 * and Norwegian cases, the creditor.
 */
export function debtorContact(
  country: Country,
  /** The kinds of the documents delivered to the debtor (an original's is its document's kind). */
  delivered: readonly DocumentKind[],
  seller: Pick<Seller, "name" | "email" | "phone">,
  configured: FinnishCollector,
): DebtorContact {
  const collector = delivered.map((kind) => collectorOf(kind, country, configured)).find((found) => found !== null) ?? null;
  return collector
    ? { name: collector.name, email: collector.email, phone: collector.phone, collector: true }
    : { name: seller.name, email: seller.email, phone: seller.phone, collector: false };
}
