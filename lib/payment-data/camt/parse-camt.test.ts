import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { MAX_STATEMENT_BYTES } from "../../spec/limits";

import { CamtError, MAX_CAMT_DEPTH, parseCamt } from "./parse-camt";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name));

describe("parseCamt", () => {
  it("reads a Finnish camt.054.001.02: one payment per TxDtls of a batch, skipping the reversal and the debit", () => {
    const camt = parseCamt(fixture("camt054-fi-v02.xml"));
    expect(camt).toMatchObject({
      kind: "camt.054",
      namespace: "urn:iso:std:iso:20022:tech:xsd:camt.054.001.02",
      messageId: "NDEAFIHH-20261120-0001",
      entryCount: 4,
      skipped: 2,
    });
    expect(camt.payments).toEqual([
      expect.objectContaining({
        bankRef: "261120AAAA0001-1",
        amount: 10000n,
        currency: "EUR",
        bookingDate: "2026-11-20",
        valueDate: "2026-11-19",
        reference: "20261007",
        payerName: "Matti Maksaja",
        accountIban: "FI2112345600000785",
      }),
      expect.objectContaining({ bankRef: "261120AAAA0001-2", amount: 5000n, reference: "RF75 2026 1052", payerName: "Liisa Laskunen" }),
      expect.objectContaining({ bankRef: "261120AAAA0001-3", amount: 2500n, reference: "20261049" }),
      expect.objectContaining({
        bankRef: "261120AAAA0004",
        amount: 3000n,
        reference: null,
        structuredReference: false,
        unstructured: "2026 1023",
        payerName: "Kalle Käteinen",
      }),
    ]);
  });

  it("reads a Swedish camt.053.001.08: status as Sts/Cd, debtor under Pty, the amount in TxDtls/Amt, a DtTm booking date", () => {
    const camt = parseCamt(fixture("camt053-se-v08.xml"));
    expect(camt).toMatchObject({ kind: "camt.053", messageId: "ESSESESS-STMT-20261120", entryCount: 3, skipped: 1 });
    expect(camt.payments).toEqual([
      expect.objectContaining({
        bankRef: "SE20261120000001",
        amount: 125000n,
        currency: "SEK",
        reference: "5550173",
        payerName: "Sven Svensson",
        accountIban: "SE4550000000058398257466",
      }),
      expect.objectContaining({
        bankRef: "SE20261120000002",
        amount: 30000n,
        bookingDate: "2026-11-20",
        reference: null,
        unstructured: "Faktura mars, hyra",
        payerName: "Anna Andersson",
      }),
    ]);
  });

  it("reads the same message without a namespace, and with prefixed elements", () => {
    const plain = fixture("camt054-fi-v02.xml")
      .toString("utf8")
      .replace(/ xmlns(:xsi)?="[^"]*"/g, "");
    expect(parseCamt(plain).payments).toHaveLength(4);
    const prefixed = fixture("camt053-se-v08.xml")
      .toString("utf8")
      .replace('xmlns="', 'xmlns:c="')
      .replace(/<(\/?)([A-Za-z]+)([ >])/g, "<$1c:$2$3");
    expect(parseCamt(prefixed).payments.map((payment) => payment.bankRef)).toEqual(["SE20261120000001", "SE20261120000002"]);
  });

  it("refuses what is not a camt.053 or camt.054, saying why", () => {
    expect(() => parseCamt("%PDF-1.4")).toThrow(new CamtError("the file is not XML"));
    expect(() => parseCamt("<Document><BkToCstmrStmt>")).toThrow(/not well-formed XML/);
    expect(() => parseCamt(fixture("pain001.xml"))).toThrow(/Document holds CstmrCdtTrfInitn, not BkToCstmrStmt or BkToCstmrDbtCdtNtfctn/);
    expect(() => parseCamt('<?xml version="1.0"?><Invoice/>')).toThrow(/root element is Invoice, not Document/);
    expect(() => parseCamt(Buffer.alloc(MAX_STATEMENT_BYTES + 1, 32))).toThrow(/larger than/);
    const broken = fixture("camt053-se-v08.xml")
      .toString("utf8")
      .replace('<Amt Ccy="SEK">1250.00</Amt>\n        <CdtDbtInd>', '<Amt Ccy="SEK">12,50</Amt>\n        <CdtDbtInd>');
    expect(() => parseCamt(broken)).toThrow(/Stmt\[0\]\/Ntry\[0\]: "12,50" is not an amount/);
  });

  it("refuses a document type that contradicts its namespace", () => {
    const wrong = fixture("camt053-se-v08.xml").toString("utf8").replace("camt.053.001.08", "camt.052.001.08");
    expect(() => parseCamt(wrong)).toThrow(/namespace urn:iso:std:iso:20022:tech:xsd:camt.052.001.08 does not belong to camt.053/);
  });

  it("refuses a DTD", () => {
    const dtd =
      '<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY a "aaaa">]><Document><BkToCstmrStmt><GrpHdr><MsgId>&a;</MsgId></GrpHdr></BkToCstmrStmt></Document>';
    expect(() => parseCamt(dtd)).toThrow(CamtError);
    // Before anything reads the rest, as a receiving proposal's DTD is.
    expect(() => parseCamt(`${dtd}<Unclosed>`)).toThrow(/carries a DTD/);
  });

  it("refuses elements nested past its depth as a bank message it cannot take, however deep", () => {
    const deep = (levels: number) =>
      `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>1</MsgId></GrpHdr>${"<X>".repeat(levels)}a${"</X>".repeat(levels)}</BkToCstmrDbtCdtNtfctn></Document>`;
    for (const levels of [150, 100_000]) {
      expect(() => parseCamt(deep(levels))).toThrow(new CamtError(`the file is not a bank message: elements nest deeper than ${MAX_CAMT_DEPTH} levels`));
    }
  });
});
