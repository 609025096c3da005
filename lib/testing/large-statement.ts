/*
 * A camt.053 of a chosen size for tests of how a large statement is read: one statement of a
 * Finnish account whose entries are the day's outgoing payments (debits, which the import reads
 * and skips) and, last, one incoming reference payment that matches no case. Reading it costs what
 * a bank's full-day file costs; booking it costs one unmatched payment.
 */

const debit = (index: number) => `      <Ntry>
        <Amt Ccy="EUR">${(index % 9000) + 10}.${String(index % 100).padStart(2, "0")}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-20</Dt></BookgDt>
        <ValDt><Dt>2026-11-20</Dt></ValDt>
        <AcctSvcrRef>LARGE-DBIT-${index}</AcctSvcrRef>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>E2E-OUT-${index}</EndToEndId></Refs>
            <RltdPties><Cdtr><Nm>Toimittaja Oy ${index}</Nm></Cdtr></RltdPties>
            <RmtInf><Ustrd>Lasku ${index}</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>
`;

/** A camt.053 of at least `bytes` bytes (UTF-8), with the message id `messageId`. */
export function largeStatement(bytes: number, messageId: string): Buffer {
  const head = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>2026-11-20T22:00:00+02:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${messageId}-1</Id>
      <Acct><Id><IBAN>FI2112345600000785</IBAN></Id></Acct>
`;
  const tail = `      <Ntry>
        <Amt Ccy="EUR">12.34</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-20</Dt></BookgDt>
        <ValDt><Dt>2026-11-20</Dt></ValDt>
        <AcctSvcrRef>${messageId}-CRDT</AcctSvcrRef>
        <NtryDtls><TxDtls><RmtInf><Ustrd>no reference</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
  const parts = [head];
  let size = head.length + tail.length;
  for (let index = 0; size < bytes; index++) {
    const entry = debit(index);
    parts.push(entry);
    size += entry.length;
  }
  parts.push(tail);
  return Buffer.from(parts.join(""), "utf8");
}
