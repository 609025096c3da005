import { debtorLinkSchema } from "../debtor-links";
import { defineOperation } from "../operation";

import { jobIdParams } from "./jobs";
import { json, problem, unauthorized } from "./responses";

/* The debtor's links to a case: the online service and its pay page. */

export const debtorTags = [{ name: "Debtor links", description: "The debtor's own pages of a case: the online service and the pay page." }];

const responses = {
  "200": json("The link.", debtorLinkSchema),
  "401": unauthorized,
  "404": problem("No job of this profile has this id."),
  "409": problem("The job has no debtor link (a letter, a credit note or a Connect invoice), or its case closed over 60 days ago."),
};

export const debtorOperations = {
  onlineLink: defineOperation({
    method: "get",
    path: "/jobs/{jobid}/onlinelink",
    auth: "bearer",
    params: jobIdParams,
    names: "job",
    doc: {
      operationId: "getOnlineLink",
      tags: ["Debtor links"],
      summary: "The debtor's online service for a case",
      description:
        "The page where the debtor sees the case's documents, payments and open amounts, pays, and asks for what the profile allows: a due date " +
        "moved once within onlineextensiondays (a duedateupdate with source online) and a dispute with a message (lcstatus 80 with the message " +
        "as its note). Available for invoices, reminders and collections; in the debtor's language (Finnish, Swedish, Norwegian, English).",
      responses,
    },
  }),
  payLink: defineOperation({
    method: "get",
    path: "/jobs/{jobid}/paylink",
    auth: "bearer",
    params: jobIdParams,
    names: "job",
    doc: {
      operationId: "getPayLink",
      tags: ["Debtor links"],
      summary: "The debtor's pay page for a case",
      description:
        "What to pay today (interest to the day included), the reference, the creditor's account and the EPC QR code, and online payment " +
        "through the environment's payment provider. A payment made there is booked on the case at once (a payment event).",
      responses,
    },
  }),
};
