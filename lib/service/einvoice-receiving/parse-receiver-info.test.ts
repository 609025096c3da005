import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { MAX_RECEIVER_INFO_BYTES } from "../../spec/receiver-proposals";
import { receiverInfoXml } from "../../testing/receiver-info";

import { businessIdDigits, contentHash, customerKeyOf, otherBiller, parseReceiverInfo, ReceiverInfoError } from "./parse-receiver-info";

function refusal(input: string | Buffer): ReceiverInfoError {
  try {
    parseReceiverInfo(input);
  } catch (error) {
    if (error instanceof ReceiverInfoError) return error;
    throw error;
  }
  throw new Error("the message was accepted");
}

describe("parseReceiverInfo", () => {
  it("reads a consumer's proposal: the action, the customer number, the consumer's address and bank", () => {
    const message = parseReceiverInfo(receiverInfoXml({ custnum: "AS-1001" }));
    expect(message).toEqual({
      root: "FinvoiceReceiverInfo",
      action: "add",
      service: "einvoice",
      messageDate: "2026-11-20",
      timestamp: "2026-11-20T10:15:00",
      senderInfoIdentifier: "SI-2617416-4",
      seller: { partyIdentifier: "2617416-4", organisationUnitNumber: "003726174164", senderAddress: "003726174164", senderIntermediator: "NDEAFIHH" },
      buyer: { name: "Maija Meikäläinen", street: "Esimerkkikatu 1", postcode: "00100", town: "Helsinki", country: "FI" },
      recipient: { address: "FI7944052020036082", intermediator: "NDEAFIHH", identifiers: [{ value: "AS-1001", type: "09" }], language: "FI" },
    });
  });

  it("reads a cancellation (DELETE), which needs no address, and keeps no identity code of the consumer", () => {
    const message = parseReceiverInfo(receiverInfoXml({ action: "DELETE", address: null, buyerId: "010101-123N" }));
    expect(message.action).toBe("delete");
    expect(message.recipient.address).toBeNull();
    expect(JSON.stringify(message)).not.toContain("010101-123N");
  });

  it("reads an ISO-8859-15 file, the SOAP frame in front of it, and the older ReceiverProposal", () => {
    const latin = Buffer.from(receiverInfoXml({ encoding: "ISO-8859-15" }), "latin1");
    expect(parseReceiverInfo(latin).buyer.name).toBe("Maija Meikäläinen");
    const framed =
      '<?xml version="1.0" encoding="UTF-8"?>' +
      '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" xmlns:eb="http://www.oasis-open.org/committees/ebxml-msg/schema/msg-header-2_0.xsd">' +
      "<SOAP-ENV:Header><eb:MessageHeader><eb:MessageData><eb:MessageId>123456</eb:MessageId></eb:MessageData></eb:MessageHeader></SOAP-ENV:Header>" +
      "<SOAP-ENV:Body><eb:Manifest/></SOAP-ENV:Body></SOAP-ENV:Envelope>" +
      receiverInfoXml({ declaration: false });
    expect(parseReceiverInfo(framed).action).toBe("add");
    const older = parseReceiverInfo(receiverInfoXml({ root: "ReceiverProposal" }));
    expect(older).toMatchObject({ root: "ReceiverProposal", action: "add", service: "einvoice" });
  });

  it("reads a framed message that carries its own XML declaration, in the encoding that declaration names", () => {
    const frame = (declaration: string) =>
      declaration +
      '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" xmlns:eb="http://www.oasis-open.org/committees/ebxml-msg/schema/msg-header-2_0.xsd">' +
      "<SOAP-ENV:Header><eb:MessageHeader><eb:MessageData><eb:MessageId>123456</eb:MessageId></eb:MessageData></eb:MessageHeader></SOAP-ENV:Header>" +
      "<SOAP-ENV:Body><eb:Manifest/></SOAP-ENV:Body></SOAP-ENV:Envelope>\n";
    const utf8 = parseReceiverInfo(receiverInfoXml({}));
    const both = parseReceiverInfo(frame('<?xml version="1.0" encoding="UTF-8"?>\n') + receiverInfoXml({ encoding: "UTF-8" }));
    expect(both).toEqual(utf8);
    // The message's declaration names its own bytes: the frame's, or none, does not decide them.
    const latin = receiverInfoXml({ encoding: "ISO-8859-15" });
    for (const declaration of ['<?xml version="1.0" encoding="UTF-8"?>\n', ""]) {
      const framed = Buffer.concat([Buffer.from(frame(declaration), "utf8"), Buffer.from(latin, "latin1")]);
      expect(parseReceiverInfo(framed).buyer.name).toBe("Maija Meikäläinen");
    }
    // A stylesheet the bank names for showing the message goes with the frame's declaration.
    const styled = receiverInfoXml({}).replace("?>\n", '?>\n<?xml-stylesheet type="text/xsl" href="FinvoiceReceiverInfo.xsl"?>\n');
    expect(parseReceiverInfo(frame('<?xml version="1.0" encoding="UTF-8"?>') + styled)).toEqual(utf8);
    // With no declaration of its own the message is read as the frame's says.
    const framedLatin = Buffer.from(frame('<?xml version="1.0" encoding="ISO-8859-15"?>') + receiverInfoXml({ declaration: false }), "latin1");
    expect(parseReceiverInfo(framedLatin).buyer.name).toBe("Maija Meikäläinen");
    expect(refusal(frame("") + receiverInfoXml({}).replace('encoding="UTF-8"', 'encoding="UTF-16"'))).toMatchObject({ code: "encoding" });
  });

  it("names the element at fault", () => {
    expect(refusal(receiverInfoXml({ action: "REMOVE" }))).toMatchObject({ element: "FinvoiceReceiverInfo/MessageDetails/MessageActionCode" });
    expect(refusal(receiverInfoXml({ address: null }))).toMatchObject({
      element: "FinvoiceReceiverInfo/InvoiceRecipientDetails/InvoiceRecipientAddress",
      code: "missing",
    });
    expect(refusal(receiverInfoXml({ bic: "NOT A BIC" }))).toMatchObject({
      element: "FinvoiceReceiverInfo/InvoiceRecipientDetails/InvoiceRecipientIntermediatorAddress",
    });
    expect(refusal(receiverInfoXml({ custnum: "X".repeat(36) }))).toMatchObject({
      element: "FinvoiceReceiverInfo/InvoiceRecipientDetails/SellerInvoiceIdentifier[0]",
      code: "too_long",
    });
    expect(refusal(receiverInfoXml({ messageDate: "20261131" }))).toMatchObject({ element: "FinvoiceReceiverInfo/MessageDetails/MessageDate" });
    expect(refusal(receiverInfoXml({ name: "Maija\u0001" }))).toMatchObject({ element: "FinvoiceReceiverInfo/BuyerPartyDetails/BuyerOrganisationName" });
  });

  it("refuses what is not a receiving proposal", () => {
    expect(refusal("not xml")).toMatchObject({ element: null, code: "malformed" });
    expect(refusal("<FinvoiceReceiverInfo><MessageDetails></FinvoiceReceiverInfo>")).toMatchObject({ code: "malformed" });
    expect(refusal('<Finvoice Version="3.0"/>')).toMatchObject({ code: "not_receiver_info", element: "Finvoice" });
    expect(refusal('<!DOCTYPE x [<!ENTITY a "aaaa">]><FinvoiceReceiverInfo/>')).toMatchObject({ code: "malformed" });
    expect(refusal(Buffer.from([0x3c, 0x61, 0xff, 0x3e]))).toMatchObject({ code: "encoding" });
  });

  it("refuses a file over the size limit before reading it", () => {
    const padded = receiverInfoXml({}).replace("</FinvoiceReceiverInfo>", `<!-- ${"x".repeat(MAX_RECEIVER_INFO_BYTES)} --></FinvoiceReceiverInfo>`);
    expect(refusal(padded)).toMatchObject({ code: "too_large", element: null });
  });

  it("refuses elements nested deeper than a message can be", () => {
    const deep = `${"<a>".repeat(40)}x${"</a>".repeat(40)}`;
    const xml = receiverInfoXml({}).replace("</FinvoiceReceiverInfo>", `${deep}</FinvoiceReceiverInfo>`);
    expect(refusal(xml)).toMatchObject({ code: "too_deep", element: null });
  });

  it("knows one message by its content, whatever its frame or encoding", () => {
    const utf8 = parseReceiverInfo(receiverInfoXml({}));
    const latin = parseReceiverInfo(Buffer.from(receiverInfoXml({ encoding: "ISO-8859-15" }), "latin1"));
    expect(contentHash(latin)).toBe(contentHash(utf8));
    expect(contentHash(parseReceiverInfo(receiverInfoXml({ timestamp: "2026-11-20T10:16:00" })))).not.toBe(contentHash(utf8));
  });
});

describe("the biller a message is for", () => {
  it("is the profile whose business id it names, in any of its written forms", () => {
    expect(businessIdDigits("2617416-4")).toBe("26174164");
    expect(businessIdDigits("FI26174164")).toBe("26174164");
    expect(businessIdDigits("0037 2617 4164 001")).toBe("26174164");
    expect(businessIdDigits("FI7944052020036082")).toBeNull();
    const message = parseReceiverInfo(receiverInfoXml({}));
    expect(otherBiller(message, "2617416-4")).toBeNull();
    // Named by its OVT code only.
    expect(otherBiller(parseReceiverInfo(receiverInfoXml({ seller: "Firma Oy" })), "2617416-4")).toBeNull();
  });

  it("is an unknown biller when no identifier of the message is the profile's", () => {
    const message = parseReceiverInfo(receiverInfoXml({ seller: "0112038-9", sellerOvt: "003701120389" }));
    expect(otherBiller(message, "2617416-4")).toBe("FinvoiceReceiverInfo/SellerPartyDetails/SellerPartyIdentifier");
  });

  it("compares customer numbers without spaces, hyphens and case", () => {
    expect(customerKeyOf(" as-1001 ")).toBe("AS1001");
    expect(customerKeyOf("AS 1001")).toBe("AS1001");
    expect(customerKeyOf("")).toBeNull();
  });
});

describe("any damage to a message", () => {
  it("is a ReceiverInfoError naming what it can, never another failure", () => {
    const valid = receiverInfoXml({});
    fc.assert(
      fc.property(fc.nat(valid.length), fc.nat(60), fc.string({ unit: "binary", maxLength: 20 }), (at, cut, inserted) => {
        const damaged = valid.slice(0, at) + inserted + valid.slice(at + cut);
        try {
          parseReceiverInfo(damaged);
        } catch (error) {
          expect(error).toBeInstanceOf(ReceiverInfoError);
        }
      }),
      { numRuns: 2000, seed: 14 },
    );
    // 2000 damaged documents take a few seconds alone and longer on a machine busy with other test files.
  }, 30_000);
});
