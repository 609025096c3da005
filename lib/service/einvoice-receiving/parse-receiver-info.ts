import { createHash } from "node:crypto";

import { xmlReader, type XmlNode as Node } from "../../platform/read-xml";
import { MAX_RECEIVER_INFO_BYTES, type ProposalAction, type ProposalService } from "../../spec/receiver-proposals";
import { isIsoDate } from "../calendar/dates";

/*
 * A Finvoice receiving proposal as the consumer's bank sends it: FinvoiceReceiverInfo (Finvoice 2.0
 * and later, MessageTypeCode RECEIVERINFO) or its older form ReceiverProposal (Finvoice 1.x,
 * RECEIVERPROPOSAL). Element names and lengths follow Finanssiala's schemas FinvoiceReceiverInfo.xsd
 * and ReceiverProposal.xsd and the Finvoice implementation guideline's description of the receiver
 * info message ("Finvoice-välityspalvelun kuvaus", Finanssiala: e-invoice receiving proposal and
 * its termination): MessageDetails/MessageActionCode ADD, CHANGE or DELETE, SellerPartyDetails (the
 * biller's business id), InvoiceSenderInformationDetails (the biller's e-invoice address),
 * BuyerPartyDetails (the consumer), InvoiceRecipientDetails (the consumer's e-invoice address, the
 * bank's BIC and the SellerInvoiceIdentifier the consumer typed: how the biller knows the customer),
 * BuyerServiceCode 00 e-invoice or 01 direct payment.
 *
 * A file from the Finvoice network carries the operator's SOAP frame (SOAP-ENV:Envelope with the
 * ebXML MessageHeader) in front of the message; the frame is routing and is skipped. The message
 * has no identifier of its own, so it is known by the SHA-256 of what it says (contentHash): the
 * operator delivering it twice stores it once, and ReceiverInfoTimeStamp and MessageDate tell two
 * real messages apart. What is read of the consumer is bounded to the name and postal address; a
 * BuyerPartyIdentifier (which may be a personal identity code) is not read at all.
 */

export class ReceiverInfoError extends Error {
  /** The element at fault, as a path from the root ("FinvoiceReceiverInfo/MessageDetails/MessageActionCode"); null for the file as a whole. */
  readonly element: string | null;
  readonly code: string;

  constructor(message: string, element: string | null, code = "invalid") {
    super(message);
    this.name = "ReceiverInfoError";
    this.element = element;
    this.code = code;
  }
}

export interface ReceiverInfoIdentifier {
  value: string;
  type: string | null;
}

export interface ReceiverInfoMessage {
  root: "FinvoiceReceiverInfo" | "ReceiverProposal";
  action: ProposalAction;
  service: ProposalService;
  /** YYYY-MM-DD */
  messageDate: string;
  timestamp: string | null;
  senderInfoIdentifier: string;
  seller: {
    partyIdentifier: string;
    organisationUnitNumber: string | null;
    /** The biller's e-invoice address the consumer's bank knows it by (InvoiceSenderAddress), and its operator. */
    senderAddress: string | null;
    senderIntermediator: string | null;
  };
  buyer: { name: string; street: string | null; postcode: string | null; town: string | null; country: string | null };
  recipient: { address: string | null; intermediator: string; identifiers: ReceiverInfoIdentifier[]; language: string | null };
}

/** The schema nests five deep; the SOAP frame in front of it a few more. */
const MAX_RECEIVER_INFO_DEPTH = 16;

const readReceiverInfoXml = xmlReader({
  repeated: ["SellerInvoiceIdentifier", "SellerOrganisationNames", "SellerOrganisationName"],
  maxDepth: MAX_RECEIVER_INFO_DEPTH,
  // Finvoice writes letters its encoding lacks as &#228; and the like.
  characterReferences: true,
});

const asNode = (value: unknown): Node | undefined => (value && typeof value === "object" && !Array.isArray(value) ? (value as Node) : undefined);
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

function textOf(value: unknown): string | undefined {
  const one = first(value);
  if (typeof one === "string") return one;
  const inner = asNode(one)?.["#text"];
  return typeof inner === "string" ? inner : asNode(one) ? "" : undefined;
}

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A text value bounded by the schema's lengths; `where` names its element in errors. */
function bounded(raw: string | undefined, where: string, bounds: { min?: number; max: number }, required: true): string;
function bounded(raw: string | undefined, where: string, bounds: { min?: number; max: number }, required?: boolean): string | null;
function bounded(raw: string | undefined, where: string, bounds: { min?: number; max: number }, required = false): string | null {
  const value = raw?.replace(/\s+/g, " ").trim();
  if (value === undefined || value === "") {
    if (required) throw new ReceiverInfoError(`${where} is missing`, where, "missing");
    return null;
  }
  if (CONTROL.test(value)) throw new ReceiverInfoError(`${where} holds a control character`, where);
  if (value.length > bounds.max) throw new ReceiverInfoError(`${where} is longer than ${bounds.max} characters`, where, "too_long");
  if (bounds.min !== undefined && value.length < bounds.min) throw new ReceiverInfoError(`${where} is shorter than ${bounds.min} characters`, where);
  return value;
}

/** One text element under `node`, bounded; `path` is the node's own path. */
function read(node: Node | undefined, name: string, path: string, bounds: { min?: number; max: number }, required: true): string;
function read(node: Node | undefined, name: string, path: string, bounds: { min?: number; max: number }, required?: false): string | null;
function read(node: Node | undefined, name: string, path: string, bounds: { min?: number; max: number }, required = false): string | null {
  return bounded(node ? textOf(node[name]) : undefined, `${path}/${name}`, bounds, required);
}

const ACTIONS: Record<string, ProposalAction> = { ADD: "add", CHANGE: "change", DELETE: "delete" };
const SERVICES: Record<string, ProposalService> = { "00": "einvoice", "01": "directpayment" };
const IDENTIFIER_TYPES = new Set(["01", "02", "03", "04", "05", "06", "07", "08", "09", "99"]);

const ENCODINGS = ["utf-8", "utf8", "iso-8859-15", "iso-8859-1", "latin1", "windows-1252"];

/** An XML declaration at the start of the text (after white space), and the encoding it names, lower case. */
const DECLARATION = /^\s*<\?xml\s[^>]*?\?>/;
const declaredEncoding = (declaration: string | undefined): string | null =>
  (declaration && /\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(declaration)?.[1]?.toLowerCase()) || null;

/** The operator's SOAP frame in front of the message (a second root element), with the frame's own declaration. */
const FRAME = /^\s*(<\?xml\s[^>]*?\?>)?\s*<([A-Za-z_][\w.-]*:)?Envelope[\s>][\s\S]*?<\/\2?Envelope\s*>/;

/** Finvoice files are ISO-8859-15 as often as UTF-8: `declared` says which, UTF-8 when nothing does. */
function decode(content: Buffer, declared: string | null): string {
  const label = declared ?? "utf-8";
  if (!ENCODINGS.includes(label)) {
    throw new ReceiverInfoError(`the file is encoded as ${declared}; Finvoice messages are UTF-8 or ISO-8859-15`, null, "encoding");
  }
  try {
    return new TextDecoder(label, { fatal: true }).decode(content).replace(/^\uFEFF/, "");
  } catch {
    throw new ReceiverInfoError(`the file is not valid ${label.toUpperCase()}`, null, "encoding");
  }
}

/** A UTF-8 byte order mark in front of the bytes, taken off. */
const withoutBom = (bytes: Buffer): Buffer => (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes);

/**
 * The message as text, without the operator's SOAP frame. The frame is found in the bytes (read one
 * character a byte, so its offsets are the bytes'), and only the message after it is decoded: as the
 * message's own XML declaration says, which operators commonly keep, else as the frame's, else as
 * UTF-8. The message's declaration and any processing instruction before its root
 * (<?xml-stylesheet ...?>) then go, so that one document with no second declaration is read.
 */
function messageOf(content: Buffer): string {
  const bytes = withoutBom(content);
  const frame = FRAME.exec(bytes.toString("latin1"));
  if (!frame) return decode(bytes, declaredEncoding(DECLARATION.exec(bytes.subarray(0, 200).toString("latin1"))?.[0]));
  const message = withoutBom(bytes.subarray(frame[0].length));
  const own = DECLARATION.exec(message.subarray(0, 200).toString("latin1"))?.[0];
  const text = decode(message, declaredEncoding(own) ?? declaredEncoding(frame[1]));
  return text.replace(/^(\s*<\?[^<]*?\?>)*/, "");
}

/** CCYYMMDD (the schema's date with Format="CCYYMMDD") as YYYY-MM-DD; a real day only. */
function dateOf(value: string, where: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  const day = match ? `${match[1]}-${match[2]}-${match[3]}` : null;
  if (!day || !isIsoDate(day)) {
    throw new ReceiverInfoError(`${where} is not a date in the form CCYYMMDD`, where);
  }
  return day;
}

export function parseReceiverInfo(content: Buffer | string): ReceiverInfoMessage {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  if (bytes.length > MAX_RECEIVER_INFO_BYTES) throw new ReceiverInfoError(`the file is larger than ${MAX_RECEIVER_INFO_BYTES} bytes`, null, "too_large");
  const xml = messageOf(bytes);
  const parsed = readReceiverInfoXml(xml);
  if (!parsed.ok) {
    if (parsed.problem === "not_xml") throw new ReceiverInfoError("the file is not XML", null, "malformed");
    if (parsed.problem === "dtd") throw new ReceiverInfoError("the file carries a DTD (<!DOCTYPE), which Finvoice messages never do", null, "malformed");
    if (parsed.problem === "malformed") throw new ReceiverInfoError(`the file is not well-formed XML: ${parsed.detail}`, null, "malformed");
    if (parsed.problem === "too_deep") throw new ReceiverInfoError(`elements nest deeper than ${MAX_RECEIVER_INFO_DEPTH} levels`, null, "too_deep");
    throw new ReceiverInfoError("the file cannot be read as XML", null, "malformed");
  }
  const top = parsed.root;
  const rootName = (["FinvoiceReceiverInfo", "ReceiverProposal"] as const).find((name) => top[name] !== undefined);
  if (!rootName) {
    const found = Object.keys(top).filter((key) => !key.startsWith("?") && key !== "Envelope");
    throw new ReceiverInfoError(`the root element is ${found[0] ?? "missing"}, not FinvoiceReceiverInfo`, found[0] ?? null, "not_receiver_info");
  }
  if (Array.isArray(top[rootName])) throw new ReceiverInfoError(`the file holds more than one ${rootName}`, rootName, "malformed");
  const root = asNode(top[rootName]) ?? {};
  const at = (name: string) => asNode(first(root[name]));
  const path = (name: string) => `${rootName}/${name}`;

  const details = at("MessageDetails");
  if (!details) throw new ReceiverInfoError(`${path("MessageDetails")} is missing`, path("MessageDetails"), "missing");
  const typeCode = read(details, "MessageTypeCode", path("MessageDetails"), { max: 35 }, true);
  const expectedType = rootName === "FinvoiceReceiverInfo" ? "RECEIVERINFO" : "RECEIVERPROPOSAL";
  if (typeCode !== expectedType) {
    throw new ReceiverInfoError(`${path("MessageDetails/MessageTypeCode")} is ${typeCode}, not ${expectedType}`, path("MessageDetails/MessageTypeCode"));
  }
  const actionCode = read(details, "MessageActionCode", path("MessageDetails"), { max: 10 }, true);
  const action = ACTIONS[actionCode];
  if (!action) {
    throw new ReceiverInfoError(
      `${path("MessageDetails/MessageActionCode")} is ${actionCode}, not ADD, CHANGE or DELETE`,
      path("MessageDetails/MessageActionCode"),
    );
  }
  const messageDate = dateOf(read(details, "MessageDate", path("MessageDetails"), { max: 8 }, true), path("MessageDetails/MessageDate"));
  const senderInfoIdentifier = read(details, "SenderInfoIdentifier", path("MessageDetails"), { min: 1, max: 48 }, true);

  const sellerNode = at("SellerPartyDetails");
  if (!sellerNode) throw new ReceiverInfoError(`${path("SellerPartyDetails")} is missing`, path("SellerPartyDetails"), "missing");
  const partyIdentifier = read(sellerNode, "SellerPartyIdentifier", path("SellerPartyDetails"), { min: 1, max: 48 }, true);
  const organisationUnitNumber = read(root, "SellerOrganisationUnitNumber", rootName, { max: 35 });
  const senderNode = at("InvoiceSenderInformationDetails");
  const senderAddress = read(senderNode, "InvoiceSenderAddress", path("InvoiceSenderInformationDetails"), { max: 35 });
  const senderIntermediator = read(senderNode, "InvoiceSenderIntermediatorAddress", path("InvoiceSenderInformationDetails"), { max: 11 });

  const timestamp = read(root, "ReceiverInfoTimeStamp", rootName, { max: 22 });

  const buyerNode = at("BuyerPartyDetails");
  if (!buyerNode) throw new ReceiverInfoError(`${path("BuyerPartyDetails")} is missing`, path("BuyerPartyDetails"), "missing");
  const buyerPath = path("BuyerPartyDetails");
  const postal = asNode(first(buyerNode.BuyerPostalAddressDetails));
  const postalPath = `${buyerPath}/BuyerPostalAddressDetails`;
  const country = read(postal, "CountryCode", postalPath, { max: 2 });
  if (country !== null && !/^[A-Z]{2}$/.test(country))
    throw new ReceiverInfoError(`${postalPath}/CountryCode is not a country code`, `${postalPath}/CountryCode`);
  const buyer = {
    name: read(buyerNode, "BuyerOrganisationName", buyerPath, { min: 2, max: 70 }, true),
    street: read(postal, "BuyerStreetName", postalPath, { max: 35 }),
    postcode: read(postal, "BuyerPostCodeIdentifier", postalPath, { max: 48 }),
    town: read(postal, "BuyerTownName", postalPath, { max: 35 }),
    country,
  };

  const recipientNode = at("InvoiceRecipientDetails");
  const recipientPath = path("InvoiceRecipientDetails");
  if (!recipientNode) throw new ReceiverInfoError(`${recipientPath} is missing`, recipientPath, "missing");
  const address = read(recipientNode, "InvoiceRecipientAddress", recipientPath, { max: 35 });
  const intermediator = read(recipientNode, "InvoiceRecipientIntermediatorAddress", recipientPath, { min: 8, max: 11 }, true).toUpperCase();
  if (!/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(intermediator)) {
    throw new ReceiverInfoError(`${recipientPath}/InvoiceRecipientIntermediatorAddress is not a BIC`, `${recipientPath}/InvoiceRecipientIntermediatorAddress`);
  }
  const rawIdentifiers = Array.isArray(recipientNode.SellerInvoiceIdentifier) ? recipientNode.SellerInvoiceIdentifier : [];
  if (rawIdentifiers.length > 2) {
    throw new ReceiverInfoError(`${recipientPath} holds more than two SellerInvoiceIdentifier`, `${recipientPath}/SellerInvoiceIdentifier`);
  }
  const identifiers = rawIdentifiers.map((raw, index): ReceiverInfoIdentifier => {
    const where = `${recipientPath}/SellerInvoiceIdentifier[${index}]`;
    const value = bounded(textOf(raw), where, { min: 1, max: 35 }, true);
    const type = asNode(raw)?.["@SellerInvoiceIdentifierType"];
    if (type !== undefined && (typeof type !== "string" || !IDENTIFIER_TYPES.has(type))) {
      throw new ReceiverInfoError(`${where}: SellerInvoiceIdentifierType is not one of the schema's codes`, `${where}/@SellerInvoiceIdentifierType`);
    }
    return { value, type: typeof type === "string" ? type : null };
  });
  const language = read(recipientNode, "InvoiceRecipientLanguageCode", recipientPath, { max: 2 })?.toUpperCase() ?? null;
  if (language !== null && !["FI", "SV", "SE", "EN"].includes(language)) {
    throw new ReceiverInfoError(`${recipientPath}/InvoiceRecipientLanguageCode is not FI, SV or EN`, `${recipientPath}/InvoiceRecipientLanguageCode`);
  }
  // A proposal without the consumer's address cannot be acted on; a cancellation names the customer only.
  if (action !== "delete" && address === null) {
    throw new ReceiverInfoError(
      `${recipientPath}/InvoiceRecipientAddress is missing: a proposal names the consumer's e-invoice address`,
      `${recipientPath}/InvoiceRecipientAddress`,
      "missing",
    );
  }

  // BuyerServiceCode is FinvoiceReceiverInfo's; the older ReceiverProposal is about e-invoices only.
  const serviceCode = read(root, "BuyerServiceCode", rootName, { max: 2 });
  const service = serviceCode === null ? "einvoice" : SERVICES[serviceCode];
  if (!service) throw new ReceiverInfoError(`${path("BuyerServiceCode")} is ${serviceCode}, not 00 or 01`, path("BuyerServiceCode"));

  return {
    root: rootName,
    action,
    service,
    messageDate,
    timestamp,
    senderInfoIdentifier,
    seller: { partyIdentifier, organisationUnitNumber, senderAddress, senderIntermediator },
    buyer,
    recipient: { address, intermediator, identifiers, language: language === "SE" ? "SV" : language },
  };
}

/** The message's identity: the same content is the same message, however often it is delivered. */
export function contentHash(message: ReceiverInfoMessage): string {
  return createHash("sha256").update(JSON.stringify(message)).digest("hex");
}

/**
 * A Finnish business id in its compact form (8 digits), read from how a Finvoice message writes a
 * biller: the Y-tunnus (2617416-4), its VAT form (FI26174164) or an OVT code (003726174164, with or
 * without a suffix). Null when the value is none of these.
 */
export function businessIdDigits(value: string | null | undefined): string | null {
  if (!value) return null;
  const compact = value.replace(/[\s-]/g, "").toUpperCase();
  if (/^\d{8}$/.test(compact)) return compact;
  if (/^FI\d{8}$/.test(compact)) return compact.slice(2);
  if (/^0037\d{8}[0-9A-Z]{0,5}$/.test(compact)) return compact.slice(4, 12);
  return null;
}

/**
 * Whether the message is for the biller with this business id: by SellerPartyIdentifier, or by the
 * OVT code in InvoiceSenderAddress or SellerOrganisationUnitNumber (banks copy the biller's e-invoice
 * sender info, which names the biller by its OVT code). Null when it is; otherwise the element that
 * names another biller, for the error.
 */
export function otherBiller(message: ReceiverInfoMessage, businessId: string): string | null {
  const own = businessIdDigits(businessId);
  const named = [message.seller.partyIdentifier, message.seller.senderAddress, message.seller.organisationUnitNumber].map(businessIdDigits);
  if (own !== null && named.includes(own)) return null;
  return `${message.root}/SellerPartyDetails/SellerPartyIdentifier`;
}

/** How a customer number is compared: spaces, hyphens and case aside. */
export function customerKeyOf(value: string | null | undefined): string | null {
  const key = value?.normalize("NFC").replace(/[\s-]/g, "").toUpperCase();
  return key ? key : null;
}
