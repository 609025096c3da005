/*
 * A Finvoice ReceiverInfo message as a consumer's bank sends it (FinvoiceReceiverInfo.xsd, Finvoice
 * 2.0): a proposal to receive the demo biller's (2617416-4) invoices as e-invoices, with the parts a
 * test changes as options.
 */

export interface ReceiverInfoOptions {
  root?: "FinvoiceReceiverInfo" | "ReceiverProposal";
  action?: string;
  custnum?: string | null;
  address?: string | null;
  bic?: string;
  name?: string;
  buyerId?: string;
  seller?: string;
  sellerOvt?: string;
  messageDate?: string;
  timestamp?: string;
  serviceCode?: string;
  encoding?: "UTF-8" | "ISO-8859-15";
  declaration?: boolean;
}

const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export function receiverInfoXml(options: ReceiverInfoOptions = {}): string {
  const root = options.root ?? "FinvoiceReceiverInfo";
  const older = root === "ReceiverProposal";
  const custnum = options.custnum === undefined ? "AS-1001" : options.custnum;
  const address = options.address === undefined ? "FI7944052020036082" : options.address;
  const ovt = options.sellerOvt ?? "003726174164";
  const declaration = options.declaration === false ? "" : `<?xml version="1.0" encoding="${options.encoding ?? "UTF-8"}"?>\n`;
  return (
    declaration +
    `<${root} Version="${older ? "1.0" : "2.0"}">
  <MessageDetails>
    <MessageTypeCode>${older ? "RECEIVERPROPOSAL" : "RECEIVERINFO"}</MessageTypeCode>
    <MessageTypeText>${older ? "RECEIVER PROPOSAL" : "RECEIVER INFO"}</MessageTypeText>
    <MessageActionCode>${options.action ?? "ADD"}</MessageActionCode>
    <MessageDate Format="CCYYMMDD">${options.messageDate ?? "20261120"}</MessageDate>
    <SenderInfoIdentifier>SI-2617416-4</SenderInfoIdentifier>
  </MessageDetails>
  <SellerPartyDetails>
    <SellerPartyIdentifier>${escape(options.seller ?? "2617416-4")}</SellerPartyIdentifier>
    <SellerOrganisationNames LanguageCode="FI"><SellerOrganisationName>Demo Laskuttaja Oy</SellerOrganisationName></SellerOrganisationNames>
  </SellerPartyDetails>
  <SellerOrganisationUnitNumber>${ovt}</SellerOrganisationUnitNumber>
  <InvoiceSenderInformationDetails>
    <InvoiceSenderAddress>${ovt}</InvoiceSenderAddress>
    <InvoiceSenderIntermediatorAddress>NDEAFIHH</InvoiceSenderIntermediatorAddress>
  </InvoiceSenderInformationDetails>
  <SellerInvoiceDetails>
    <PaymentInstructionIdentifier>E-INVOICE</PaymentInstructionIdentifier>
    <SellerInvoiceTypeDetails>
      <SellerInvoiceTypeText LanguageCode="FI">Lasku</SellerInvoiceTypeText>
      <SellerInvoiceIdentifierText LanguageCode="FI" SellerInvoiceIdentifierType="09">Asiakasnumero</SellerInvoiceIdentifierText>
    </SellerInvoiceTypeDetails>
  </SellerInvoiceDetails>
${older ? "" : `  <ReceiverInfoTimeStamp>${options.timestamp ?? "2026-11-20T10:15:00"}</ReceiverInfoTimeStamp>\n`}  <BuyerPartyDetails>
${options.buyerId ? `    <BuyerPartyIdentifier>${escape(options.buyerId)}</BuyerPartyIdentifier>\n` : ""}    <BuyerOrganisationName>${escape(options.name ?? "Maija Meikäläinen")}</BuyerOrganisationName>
    <BuyerPostalAddressDetails>
      <BuyerStreetName>Esimerkkikatu 1</BuyerStreetName>
      <BuyerTownName>Helsinki</BuyerTownName>
      <BuyerPostCodeIdentifier>00100</BuyerPostCodeIdentifier>
      <CountryCode>FI</CountryCode>
    </BuyerPostalAddressDetails>
  </BuyerPartyDetails>
  <InvoiceRecipientDetails>
${address === null ? "" : `    <InvoiceRecipientAddress>${escape(address)}</InvoiceRecipientAddress>\n`}    <InvoiceRecipientIntermediatorAddress>${escape(options.bic ?? "NDEAFIHH")}</InvoiceRecipientIntermediatorAddress>
${custnum === null ? "" : `    <SellerInvoiceIdentifier SellerInvoiceIdentifierType="09">${escape(custnum)}</SellerInvoiceIdentifier>\n`}${older ? "" : "    <InvoiceRecipientLanguageCode>FI</InvoiceRecipientLanguageCode>\n"}  </InvoiceRecipientDetails>
${older ? "" : `  <BuyerServiceCode>${options.serviceCode ?? "00"}</BuyerServiceCode>\n`}</${root}>
`
  );
}
