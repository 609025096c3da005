import { xmlReader, type XmlNode as Node } from "../../platform/read-xml";
import { MAX_STATEMENT_BYTES } from "../../spec/limits";
import { exactCents } from "../amounts";

/*
 * Incoming reference payments from ISO 20022 bank-to-customer messages: camt.054 (debit/credit
 * notification, BkToCstmrDbtCdtNtfctn) and camt.053 (statement, BkToCstmrStmt). The parse ignores
 * namespaces, so versions .001.02 to .001.08 (and later ones that keep these element names) read
 * alike; where versions differ (status as text or as Sts/Cd, debtor name directly under Dbtr or
 * under Dbtr/Pty, the transaction amount in AmtDtls or in Amt) both forms are read.
 *
 * Only credits count: CdtDbtInd CRDT, not a reversal (RvslInd true), booked (status BOOK where a
 * status is given). An entry that batches several payments (Finnish banks send a day's reference
 * payments as one entry with many TxDtls) gives one payment per TxDtls.
 */

type CamtKind = "camt.053" | "camt.054";

export interface CamtPayment {
  /** The bank's id: the transaction's AcctSvcrRef, else the entry's (with the index in the batch), else EndToEndId. */
  bankRef: string;
  accountIban: string | null;
  /** Minor units. */
  amount: bigint;
  currency: string;
  bookingDate: string;
  valueDate: string;
  /** The structured creditor reference, or an unstructured line the caller judged to be one. */
  reference: string | null;
  structuredReference: boolean;
  unstructured: string | null;
  payerName: string | null;
}

export interface CamtDocument {
  kind: CamtKind;
  /** The namespace as sent (urn:iso:std:iso:20022:tech:xsd:camt.054.001.02 …), null when none. */
  namespace: string | null;
  messageId: string;
  /** Every entry of the document, credits or not. */
  entryCount: number;
  /** Entries skipped: debits, reversals, and entries not booked. */
  skipped: number;
  payments: CamtPayment[];
}

export class CamtError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CamtError";
  }
}

export const MAX_CAMT_DEPTH = 40;

// A camt.054 nests about fifteen deep.
const readCamtXml = xmlReader({ repeated: ["Stmt", "Ntfctn", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "Strd"], maxDepth: MAX_CAMT_DEPTH });

const asNode = (value: unknown): Node | undefined => (value && typeof value === "object" && !Array.isArray(value) ? (value as Node) : undefined);
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(asNode).filter((node): node is Node => node !== undefined) : []);

/** The text of an element, whether it has attributes (then under #text) or not. */
function text(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  const node = asNode(value);
  const inner = node?.["#text"];
  return typeof inner === "string" ? inner : undefined;
}

function at(node: Node | undefined, ...path: string[]): unknown {
  let current: unknown = node;
  for (const key of path) {
    if (Array.isArray(current)) current = current[0];
    current = asNode(current)?.[key];
  }
  return Array.isArray(current) ? current[0] : current;
}

const textAt = (node: Node | undefined, ...path: string[]) => text(at(node, ...path))?.trim() || undefined;

/** A date element: Dt, or the date part of DtTm. */
function dateOf(node: Node | undefined): string | undefined {
  const value = textAt(node, "Dt") ?? textAt(node, "DtTm")?.slice(0, 10);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

function amountOf(node: unknown, where: string): { amount: bigint; currency: string } | undefined {
  const value = text(node);
  if (value === undefined) return undefined;
  const currency = asNode(node)?.["@Ccy"];
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) throw new CamtError(`${where}: the amount has no valid Ccy currency`);
  if (!/^\d{1,13}(\.\d{1,5})?$/.test(value.trim())) throw new CamtError(`${where}: "${value}" is not an amount`);
  return { amount: exactCents(value.trim()), currency };
}

function detectKind(document: Node): { kind: CamtKind; body: Node; reports: Node[] } {
  const notification = asNode(document.BkToCstmrDbtCdtNtfctn);
  if (notification) return { kind: "camt.054", body: notification, reports: list(notification.Ntfctn) };
  const statement = asNode(document.BkToCstmrStmt);
  if (statement) return { kind: "camt.053", body: statement, reports: list(statement.Stmt) };
  const found =
    Object.keys(document)
      .filter((key) => !key.startsWith("@"))
      .join(", ") || "nothing";
  throw new CamtError(`not a camt.053 or camt.054 document: Document holds ${found}, not BkToCstmrStmt or BkToCstmrDbtCdtNtfctn`);
}

const isTrue = (value: string | undefined) => value === "true" || value === "1";

export function parseCamt(input: Buffer | string): CamtDocument {
  const size = typeof input === "string" ? Buffer.byteLength(input) : input.length;
  if (size > MAX_STATEMENT_BYTES) throw new CamtError(`the file is larger than ${MAX_STATEMENT_BYTES} bytes`);
  const xml = (typeof input === "string" ? input : input.toString("utf8")).replace(/^\uFEFF/, "");
  const parsed = readCamtXml(xml);
  if (!parsed.ok) {
    if (parsed.problem === "not_xml") throw new CamtError("the file is not XML");
    if (parsed.problem === "dtd") throw new CamtError("the file carries a DTD (<!DOCTYPE), which bank messages never do");
    if (parsed.problem === "malformed") throw new CamtError(`the file is not well-formed XML: ${parsed.detail}`);
    throw new CamtError(
      `the file is not a bank message: ${parsed.problem === "too_deep" ? `elements nest deeper than ${MAX_CAMT_DEPTH} levels` : "it cannot be read as XML"}`,
    );
  }
  const root = parsed.root;
  const document = asNode(root.Document);
  if (!document) throw new CamtError(`the root element is ${Object.keys(root).filter((key) => !key.startsWith("?"))[0] ?? "missing"}, not Document`);
  const namespace =
    Object.entries(document)
      .filter(([key, value]) => (key === "@xmlns" || key.startsWith("@xmlns:")) && typeof value === "string" && value.includes(":iso:20022:"))
      .map(([, value]) => value as string)[0] ?? null;
  const { kind, body, reports } = detectKind(document);
  if (namespace && !namespace.includes(kind)) throw new CamtError(`the namespace ${namespace} does not belong to ${kind}`);
  const messageId = textAt(body, "GrpHdr", "MsgId");
  if (!messageId) throw new CamtError("GrpHdr/MsgId is missing");

  let entryCount = 0;
  let skipped = 0;
  const payments: CamtPayment[] = [];
  reports.forEach((report, reportIndex) => {
    const accountIban = textAt(report, "Acct", "Id", "IBAN") ?? textAt(report, "Acct", "Id", "Othr", "Id") ?? null;
    list(report.Ntry).forEach((entry, entryIndex) => {
      entryCount++;
      const where = `${kind === "camt.054" ? "Ntfctn" : "Stmt"}[${reportIndex}]/Ntry[${entryIndex}]`;
      const status = textAt(entry, "Sts") ?? textAt(entry, "Sts", "Cd");
      const credit = textAt(entry, "CdtDbtInd") === "CRDT";
      if (!credit || isTrue(textAt(entry, "RvslInd")) || (status !== undefined && status !== "BOOK")) {
        skipped++;
        return;
      }
      const entryAmount = amountOf(at(entry, "Amt"), where);
      if (!entryAmount) throw new CamtError(`${where}: Amt is missing`);
      const bookingDate = dateOf(asNode(at(entry, "BookgDt")));
      if (!bookingDate) throw new CamtError(`${where}: BookgDt is missing`);
      const valueDate = dateOf(asNode(at(entry, "ValDt"))) ?? bookingDate;
      const entryRef = textAt(entry, "AcctSvcrRef");
      const transactions = list(entry.NtryDtls).flatMap((details) => list(details.TxDtls));
      const single = transactions.length <= 1;
      (transactions.length > 0 ? transactions : [undefined]).forEach((tx, txIndex) => {
        const txWhere = `${where}/TxDtls[${txIndex}]`;
        // A lone transaction carries the entry's amount when it names none of its own.
        const amount = amountOf(at(tx, "AmtDtls", "TxAmt", "Amt"), txWhere) ?? amountOf(at(tx, "Amt"), txWhere) ?? (single ? entryAmount : undefined);
        if (!amount) throw new CamtError(`${txWhere}: the transaction amount is missing from an entry of several`);
        if (tx && textAt(tx, "CdtDbtInd") === "DBIT") {
          skipped++;
          return;
        }
        const endToEnd = textAt(tx, "Refs", "EndToEndId");
        const bankRef =
          textAt(tx, "Refs", "AcctSvcrRef") ??
          (entryRef ? (single ? entryRef : `${entryRef}/${txIndex + 1}`) : undefined) ??
          (endToEnd && endToEnd !== "NOTPROVIDED" ? endToEnd : undefined);
        if (!bankRef) throw new CamtError(`${txWhere}: neither AcctSvcrRef nor EndToEndId identifies the entry`);
        const remittance = asNode(at(tx, "RmtInf"));
        const structured = list(remittance?.Strd)
          .map((strd) => textAt(strd, "CdtrRefInf", "Ref"))
          .find((ref): ref is string => ref !== undefined);
        const unstructured = (Array.isArray(remittance?.Ustrd) ? remittance.Ustrd : []).map(text).filter((line): line is string => !!line);
        const payer = textAt(tx, "RltdPties", "Dbtr", "Nm") ?? textAt(tx, "RltdPties", "Dbtr", "Pty", "Nm") ?? null;
        payments.push({
          bankRef,
          accountIban,
          amount: amount.amount,
          currency: amount.currency,
          bookingDate,
          valueDate,
          reference: structured ?? null,
          structuredReference: structured !== undefined,
          unstructured: unstructured.length > 0 ? unstructured.join(" ").trim() : null,
          payerName: payer,
        });
      });
    });
  });
  return { kind, namespace, messageId, entryCount, skipped, payments };
}
