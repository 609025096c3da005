import { z } from "zod";

import type { Db } from "@/lib/db/client";
import type { PortalUser } from "@/lib/portal/auth/session";
import { clientFor, getConnection } from "@/lib/portal/connections/connections";
import type { CreditDecision } from "@/lib/spec/credit";

/*
 * A clerk's credit check before granting credit: the connection's service decides on the amount
 * (POST /creditdecision) from its own data and its credit bureau, and logs who asked about whom.
 * The identity code goes to the service in the request body and is kept nowhere in the portal.
 */

export const creditCheckFormSchema = z.object({
  connectionId: z.string().min(1).max(100),
  govid: z.string().trim().min(1, "Enter a business id or personal identity code.").max(20, "At most 20 characters."),
  amount: z
    .string()
    .trim()
    .min(1, "Enter the amount of credit.")
    .transform((value) => value.replace(/\s/g, "").replace(",", "."))
    .pipe(z.coerce.number<string>({ error: "Enter an amount, such as 1500 or 1500,00." }).positive("More than 0.").max(99_999_999_999.99, "Too large.")),
});

export async function runCreditCheck(db: Db, user: PortalUser, input: z.output<typeof creditCheckFormSchema>): Promise<CreditDecision> {
  const connection = await getConnection(db, { organizationId: user.organizationId, connectionId: input.connectionId });
  return clientFor(connection).creditDecision({ govid: input.govid, amount: Math.round(input.amount * 100) / 100 });
}
