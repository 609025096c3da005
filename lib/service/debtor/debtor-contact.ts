import type { FinnishCollector } from "../../env";
import type { Country } from "../../spec/environments";
import { collectorOf, type Seller } from "../documents/invoice-document";

/** Whom the debtor's page names to contact, and whether that is the collector of a payment demand. */
export interface DebtorContact {
  name: string;
  email: string | null;
  phone: string | null;
  collector: boolean;
}

/**
 * Once a Finnish case's latest letter is the payment demand, the case is the collector's, who sent
 * it for the creditor (513/1999 5 §) and takes objections to it: the page names the collector, as
 * the demand does. Before it, and in Swedish and Norwegian cases, the creditor.
 */
export function debtorContact(
  country: Country,
  /** The latest document sent (SentDocumentName), if any. */
  latest: string | undefined,
  seller: Pick<Seller, "name" | "email" | "phone">,
  configured: FinnishCollector,
): DebtorContact {
  const collector = latest === "collection" ? collectorOf("collection", country, configured) : null;
  return collector
    ? { name: collector.name, email: collector.email, phone: collector.phone, collector: true }
    : { name: seller.name, email: seller.email, phone: seller.phone, collector: false };
}
