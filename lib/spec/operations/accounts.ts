import { ibanAnswerSchema, ibanQuerySchema } from "../iban";
import { defineOperation } from "../operation";

import { json, problem, unauthorized } from "./responses";

/* Bank accounts: the IBAN calculator. */

export const accountTags = [{ name: "Accounts", description: "A domestic account number as its IBAN and BIC." }];

export const accountOperations = {
  iban: defineOperation({
    method: "get",
    path: "/iban",
    auth: "bearer",
    query: ibanQuerySchema,
    doc: {
      operationId: "calculateIban",
      tags: ["Accounts"],
      summary: "IBAN calculator",
      description:
        "A domestic account number as its IBAN, with the check digits computed (ISO 13616) after the account's own check digit is verified. " +
        "Finland: 123456-785 or the 14-digit form (zeros filled after the 7th digit for bank codes starting with 4 or 5, after the 6th for the " +
        "others, as Finance Finland's rules say), with the BIC from the bank code. Norway: 11 digits with a MOD11 check digit, the BIC by the " +
        "bank registration number in Bits' register. Sweden: the clearing and account number (Swedbank's five-digit clearing too) checked by " +
        "Bankgirot's rules; the IBAN by the bank's IBAN-ID and account layout (Svensk Betalinfrastruktur), the BIC by the IBAN-ID. A valid " +
        "Swedish account whose layout or IBAN-ID is not confirmed (a plusgiro number without its bank form, and a few small ranges; the problem says which) is answered 422, " +
        "never with a guessed IBAN. Nothing is stored.",
      responses: {
        "200": json("The IBAN.", ibanAnswerSchema),
        "400": problem("No account, an account that breaks its country's rules (its check digit), or an unknown country; `problems` names it."),
        "401": unauthorized,
        "422": problem("A valid Swedish account whose IBAN layout or IBAN-ID is not confirmed (problem type not-derivable); `problems` says why."),
      },
    },
  }),
};
