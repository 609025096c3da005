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
        "others, as Finance Finland's rules say), with the BIC from the bank code. Norway: 11 digits with a MOD11 check digit; the BIC is not " +
        "given (a SEPA payment needs the IBAN only). Sweden: the clearing and account number are checked by Bankgirot's rules, but the IBAN " +
        "depends on each bank's IBAN-ID and account layout (Svensk Betalinfrastruktur's table), which the service does not hold: a valid Swedish " +
        "account is answered 422, never with a guessed IBAN. Nothing is stored.",
      responses: {
        "200": json("The IBAN.", ibanAnswerSchema),
        "400": problem("No account, an account that breaks its country's rules (its check digit), or an unknown country; `problems` names it."),
        "401": unauthorized,
        "422": problem("A valid Swedish account: its IBAN cannot be derived without the banks' IBAN-ID table (problem type not-derivable)."),
      },
    },
  }),
};
