import { defineOperation } from "../operation";
import { MAX_RECEIVER_INFO_BYTES, receivedProposalSchema, receiverProposalPageSchema, receiverProposalQuerySchema } from "../receiver-proposals";

import { json, problem, unauthorized } from "./responses";

/* Finnish e-invoice receiving proposals (lib/service/einvoice-receiving). */

export const receiverProposalTags = [
  {
    name: "E-invoice receiving",
    description:
      "Finnish consumers' e-invoice receiving proposals (vastaanottoehdotus) and their cancellations, as their banks send them in Finvoice " +
      "ReceiverInfo messages through the e-invoice operator; with receiverproposalswitch (PATCH /profile/settings) the customer's later " +
      "invoices go by e-invoice.",
  },
];

const switching =
  "A message names the customer by the SellerInvoiceIdentifier the consumer typed in the bank (the profile's e-invoice sender info should " +
  "ask for the customer number): the newest message of a customer is current, the ones before are replaced (in the bank's order, MessageDate " +
  "then ReceiverInfoTimeStamp). While the profile's receiverproposalswitch is on, every document queued after a current add or change for " +
  "e-invoice goes by e-invoice (Finvoice, evoice) to the consumer's address and bank: originals of invoices (0, 300) and reminders (1), and the " +
  "reminders the lifecycle makes, of jobs to a consumer (customertype 2) posted for post or e-mail whose custnum is the customer's and whose " +
  "person is the buyer's name the bank sent (case, spacing, accents and the order of the name's parts aside), since the customer number is " +
  "only what the consumer typed; a job to a company or another name, or posted with an e-invoice address of its own, keeps its channel, and " +
  "so do collection letters and letters. A delete stops the switch for what is queued after it. Each " +
  "message is also a receiverproposal event, pushed and offered to GET /events.";

export const receiverProposalOperations = {
  list: defineOperation({
    method: "get",
    path: "/einvoice/receiverproposals",
    auth: "bearer",
    query: receiverProposalQuerySchema,
    doc: {
      operationId: "listReceiverProposals",
      tags: ["E-invoice receiving"],
      summary: "The receiving proposals and cancellations consumers' banks sent for the profile's customers",
      description: `Oldest first, a page at a time. ${switching}`,
      responses: {
        "200": json("A page of messages.", receiverProposalPageSchema),
        "400": problem("An invalid filter or cursor; `problems` names it."),
        "401": unauthorized,
        "404": problem("Not a Finnish environment: receiving proposals are Finnish e-invoicing (Finvoice)."),
        "409": problem("A production environment without an e-invoice operator connected: no proposal can reach the service there."),
      },
    },
  }),
  receive: defineOperation({
    method: "post",
    path: "/testing/einvoice/receiverproposals",
    auth: "bearer",
    testOnly: true,
    body: {
      kind: "bytes",
      mediaTypes: ["application/xml", "text/xml"],
      limit: MAX_RECEIVER_INFO_BYTES,
      what: "receiving proposal",
      description:
        "A Finvoice FinvoiceReceiverInfo message (or the older ReceiverProposal), UTF-8 or ISO-8859-15 as its XML declaration says, with or " +
        "without the operator's SOAP frame in front: MessageDetails (MessageTypeCode RECEIVERINFO, MessageActionCode ADD, CHANGE or DELETE, " +
        "MessageDate CCYYMMDD, SenderInfoIdentifier), SellerPartyDetails/SellerPartyIdentifier (the profile's business id), " +
        "InvoiceSenderInformationDetails, ReceiverInfoTimeStamp, BuyerPartyDetails (BuyerOrganisationName, BuyerPostalAddressDetails), " +
        "InvoiceRecipientDetails (InvoiceRecipientAddress, InvoiceRecipientIntermediatorAddress as a BIC, SellerInvoiceIdentifier: the " +
        "customer number, InvoiceRecipientLanguageCode) and BuyerServiceCode (00 e-invoice, 01 direct payment).",
    },
    doc: {
      operationId: "receiveReceiverProposal",
      tags: ["Testing"],
      summary: "Play the e-invoice operator delivering a consumer's receiving proposal (test environments)",
      description:
        "The message as the consumer's bank sends it through the operator, for the calling profile. It is stored once by its content (the " +
        `same message again answers 200 with duplicate true and stores nothing), and sent as a receiverproposal event. At most ` +
        `${MAX_RECEIVER_INFO_BYTES} bytes, elements at most 16 deep; no DTD. ${switching} Production environments answer 404; there the ` +
        "operator connection delivers the messages.",
      responses: {
        "201": json("Stored and reported.", receivedProposalSchema),
        "200": json("The same message was received before: nothing new.", receivedProposalSchema),
        "400": problem(
          "Not a receiving proposal the service can read, or one for another biller (code not_found, unknown biller); `problems` names the element, such as " +
            "FinvoiceReceiverInfo/MessageDetails/MessageActionCode.",
        ),
        "401": unauthorized,
        "404": problem("A production environment, or not a Finnish one."),
        "413": problem("Larger than the limit."),
        "415": problem("Not application/xml."),
      },
    },
  }),
};
