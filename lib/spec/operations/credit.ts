import { creditDecisionRequestSchema, creditDecisionSchema, creditInfoRequestSchema, creditInfoSchema } from "../credit";
import { defineOperation } from "../operation";

import { json, problem, unauthorized } from "./responses";

/* Credit info and credit decisions on a person or company (lib/service/credit). */

export const creditTags = [{ name: "Credit", description: "Credit info on a person or company, and a credit decision on an amount." }];

const sources =
  "The info is what the environment's cases say of the subject (the profile's own with amounts, every other creditor's as counts only, " +
  "no creditor's name or amount) and the credit bureau's payment default entries: a simulated bureau in test environments (the same code " +
  "always answers the same; about one in five has entries), not_configured in a production environment without a bureau connection. ";

export const creditOperations = {
  info: defineOperation({
    method: "post",
    path: "/creditinfo",
    auth: "bearer",
    body: { kind: "json", schema: creditInfoRequestSchema, limit: 4096, what: "credit info request" },
    doc: {
      operationId: "getCreditInfo",
      tags: ["Credit"],
      summary: "Credit info on a person or company",
      description:
        sources +
        "The identity code goes in the body, never in a URL. A purpose is required: credit (with the amount in question) or monitoring (only " +
        "of a debtor the profile has an open case with). Every inquiry is logged with its purpose, the subject kept as a hash.",
      responses: {
        "200": json("The credit info; inquiryid names the logged inquiry.", creditInfoSchema),
        "400": problem("Malformed JSON, an identity code of no kind of this country, or purpose credit without amount; `problems` names each."),
        "401": unauthorized,
        "403": problem("Monitoring of a subject the profile has no open case with (logged as refused)."),
        "415": problem("Not application/json."),
        "429": problem("The profile made 500 inquiries today, the most a day allows; Retry-After says when to ask again."),
      },
    },
  }),
  decision: defineOperation({
    method: "post",
    path: "/creditdecision",
    auth: "bearer",
    body: { kind: "json", schema: creditDecisionRequestSchema, limit: 4096, what: "credit decision request" },
    doc: {
      operationId: "getCreditDecision",
      tags: ["Credit"],
      summary: "Credit decision on an amount",
      description:
        sources +
        "reject on a debt written off in the last three years, a case at court or in enforcement, insolvency proceedings or a payment default " +
        "entry; accept_with_conditions with prepayment while debts are in collection or after more than 30 % of at least 3 payments were late " +
        "(reminded, or paid over 3 days after the due date), and with limit when the amount is " +
        "over the profile's creditlimit (PATCH /profile/settings); else accept. The reasons name each rule that applied; the info it was " +
        "decided on comes with it, and the inquiry is logged with the decision.",
      responses: {
        "200": json("The decision, its reasons and conditions, and the info.", creditDecisionSchema),
        "400": problem("Malformed JSON, an identity code of no kind of this country, or a bad amount; `problems` names each."),
        "401": unauthorized,
        "415": problem("Not application/json."),
        "429": problem("The profile made 500 inquiries today, the most a day allows; Retry-After says when to ask again."),
      },
    },
  }),
};
