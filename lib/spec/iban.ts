import { z } from "zod";

import { COUNTRIES } from "./environments";
import { expected } from "./primitives";
import { missingMember, ruleError } from "./problems";

/* The IBAN calculator: a domestic account number as its IBAN and BIC (GET /iban). */

export const ibanQuerySchema = z
  .object({
    account: z
      .string({ error: expected("an account number") })
      .trim()
      .min(1, { error: missingMember })
      .max(64, { error: ruleError("maxLength", { max: 64 }) })
      .meta({ description: "The domestic account number as its owner writes it: 123456-785 (Finland), 3300 7810251111 (Sweden), 8601 11 17947 (Norway)." }),
    country: z
      .enum(COUNTRIES, { error: ruleError("oneOf", { values: COUNTRIES.join(", ") }) })
      .optional()
      .meta({ description: "The account's country (alpha-3); the environment's country when absent." }),
  })
  .meta({ id: "IbanQuery" });

export const ibanAnswerSchema = z
  .object({
    country: z.enum(COUNTRIES),
    account: z.string().meta({ description: "The account number as given." }),
    bban: z.string().meta({ description: "The account number in its electronic domestic form (Finland: 14 digits)." }),
    iban: z.string().meta({ description: "Electronic form, for files and APIs." }),
    ibanPrint: z.string().meta({ description: "In groups of four, as printed on invoices." }),
    bic: z.string().nullable().meta({
      description:
        "The bank's BIC: by the Finnish bank code, the Swedish IBAN-ID, or the Norwegian bank registration number in Bits' register; null for a Norwegian number the register does not list.",
    }),
  })
  .meta({ id: "IbanAnswer" });
export type IbanAnswer = z.output<typeof ibanAnswerSchema>;
