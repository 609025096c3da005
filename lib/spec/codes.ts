import type { Country } from "./environments";
import { isNotice, type SentDocumentName } from "./sent-documents";

/* The code tables of the interface, exactly as the specification lists them. */

/** 0 invoice, 1 reminder, 2 debt collection, 300 print service (information logistic invoice), 301 mail service (letter), 602 sub invoice of a collection invoice. */
export const JOBTYPE_CODES = [0, 1, 2, 300, 301, 602] as const;
export type Jobtype = (typeof JOBTYPE_CODES)[number];

/** Job types that carry invoice rows and get a payment reference from the service. */
export const INVOICE_JOBTYPES: readonly Jobtype[] = [0, 300, 602];
/** Job types that collect a receivable created in another system. */
export const COLLECTION_JOBTYPES: readonly Jobtype[] = [1, 2];

/** 1 company, 2 natural person. */
export const CUSTOMERTYPE_CODES = [1, 2] as const;

/**
 * Lifecycle codes: the numeric `code` of an lcstatus event and the `jobstatus` of a job. The code
 * is authoritative; the text is informational. 100 is the state a job enters with putonhold = 1.
 */
export const LIFECYCLE_CODES = {
  0: "Invoicing",
  1: "Reminder",
  2: "Debt collection",
  6: "Debt rescheduling",
  11: "Draft",
  12: "Query – protesting",
  14: "Protested",
  15: "Bankruptcy threat payment notification",
  16: "Legal collection consideration",
  17: "Post-collection",
  41: "Payment plan",
  55: "International legal collection consideration",
  61: "Query – legal collection",
  63: "Writ of summons sent to district court",
  65: "Waiting transfer to enforcement",
  67: "Query – distraint",
  68: "Waiting – estate inventory deed",
  71: "Error – address details",
  80: "Disputed",
  81: "Under review",
  85: "Legal department handling case",
  86: "Query – client's response",
  89: "Address verification",
  98: "Message",
  100: "On hold",
  101: "Paid",
  102: "Job terminated",
  103: "Credit loss",
  104: "Credit invoice",
  108: "Invoice purchasing – sold",
  110: "Under restructuring proceedings",
  111: "Under bankruptcy proceedings",
  112: "In enforcement",
  121: "In international collection",
  150: "Cut-off warning",
  200: "Query – payment reminder",
  202: "Query – identification information",
  203: "Payment plan not followed",
  208: "Regression",
  211: "Query – draft",
  214: "Query – debt collection",
  300: "Invoice (operating)",
  301: "Document (operating)",
  401: "Waiting – funding",
  402: "Invoicing – funding",
} as const satisfies Record<number, string>;
export type LifecycleCode = keyof typeof LIFECYCLE_CODES;
export const LIFECYCLE_CODE_LIST = Object.keys(LIFECYCLE_CODES).map(Number) as LifecycleCode[];
export const ON_HOLD_STATUS = 100;
/** The phase a job's case starts in: its jobtype's code (a sub invoice's, 602, is 0). */
export const startCode = (jobtype: number): number => (jobtype === 602 ? 0 : jobtype);

/**
 * Which letter a sent document is: a notice of a case (reminder, collection letter, cut-off warning),
 * or a job's own original; a job posted as a reminder (1) or a collection (2) has that notice as its original.
 */
export function letterOf(document: string, jobtype: number): SentDocumentName {
  if (isNotice(document)) return document;
  return jobtype === 1 ? "reminder" : jobtype === 2 ? "collection" : "original";
}

/** A case whose energy customer was warned of a disconnection, until the interruption day (lib/service/contracts/cutoff-warnings.ts). */
export const CUTOFF_WARNING = 150;

/** A job posted with POST /jobs?draft=true: stored and numbered, neither sent nor collected until approved. */
export const DRAFT_STATUS = 11;

export const SENDTYPES = ["post", "print", "email", "evoice", "evoicenet", "evoicesm", "peppol"] as const;
type Sendtype = (typeof SENDTYPES)[number];
export const LETTER_SENDTYPES = ["post", "email"] as const;
/** Send types that deliver an electronic invoice message rather than a document. */
export const EINVOICE_SENDTYPES: readonly Sendtype[] = ["evoice", "evoicenet", "evoicesm", "peppol"];

export const BILLTEMPLATES = ["CUSTOM", "ECOM", "BOBCAT", "INC"] as const;

/** Languages named anywhere in the interface (field descriptions differ; this is their union). */
export const DOCUMENT_LANGUAGES = ["fin", "swe", "nor", "eng", "est"] as const;
export const PROFILE_LANGUAGES = ["fin", "eng", "swe", "nor"] as const;

export const CURRENCIES = ["EUR", "SEK", "NOK"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const DOCUMENT_TYPES = [
  "invoice",
  "payslip",
  "customerletter",
  "questionnaire",
  "report",
  "contract",
  "test",
  "electricityinvoice",
  "reminder",
  "districtheatinginvoice",
  "readingcard",
  "adInvoice",
  "interestinvoice",
  "rentinvoice",
  "waterinvoice",
  "subscriptioninvoice",
  "order",
  "circulationinvoice",
] as const;

/** 1 mailing, 2 delivery, 3 billing, 4 parallel, 5 secondary debtor, 6 other, 7 place of use, 8 supplier. */
export const ADDRESS_TYPE_CODES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

export const DISTRIBUTION_CHANNELS: Record<Country, readonly string[]> = {
  FIN: ["post", "b2b", "peppol", "email", "b2c", "kivra", "omaposti"],
  SWE: ["post", "b2b", "peppol", "email", "b2c", "kivra"],
  NOR: ["post", "b2b", "peppol", "email", "b2c", "digipost"],
};
export const ALL_DISTRIBUTION_CHANNELS = ["post", "b2b", "peppol", "email", "b2c", "kivra", "omaposti", "digipost"] as const;

export const DELIVERY_STATUSES = ["received", "rejected", "delivered", "error"] as const;

export const CREDITLOSS_TYPES = ["suspected", "creditloss", "change"] as const;
export const CREDITLOSS_REASONS = [
  "OTHER",
  "DECEASED",
  "INDIGENT",
  "UNKNOWN",
  "RESTRUCTURING",
  "DEBT_RESCHEDULING",
  "BANKRUPTCY",
  "SMALL_RECEIVABLE",
  "NOCHANGE",
  "DISPUTING",
  "DISPUTED",
  "TIMEBASED",
] as const;
export type CreditlossReason = (typeof CREDITLOSS_REASONS)[number];

export const DUEDATE_SOURCES = ["restapi", "online", "aspa_end_customer_request", "aspa_other_reason", "einvoice_error"] as const;

/** Kinds of credit note action: the spec names allocation, unallocation and refund. */
export const CREDITNOTE_ACTIONS = ["allocated", "unallocated", "refunded"] as const;

export const CUSTOMER_COMPANY_TYPE_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export const SERVICE_TYPE_CODES = [0, 1, 2, 3, 4] as const;

export const BANK_ACCOUNT_TYPE_CODES = [0, 1, 2, 3] as const;

export const INVOICING_METHOD_CODES = [1, 2, 3, 4] as const;
