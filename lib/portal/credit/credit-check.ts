import { z } from "zod";

import type { Db } from "@/lib/db/client";
import type { PortalUser } from "@/lib/portal/auth/session";
import { clientFor, getConnection } from "@/lib/portal/connections/connections";
import { keyed } from "@/lib/portal/i18n/messages";
import type { CreditDecision } from "@/lib/spec/credit";

/*
 * A clerk's credit check before granting credit: the connection's service decides on the amount
 * (POST /creditdecision) from its own data and its credit bureau, and logs who asked about whom.
 * The identity code goes to the service in the request body and is kept nowhere in the portal.
 */

export const creditCheckFormSchema = z.object({
  connectionId: z.string().min(1, keyed("chooseConnection")).max(100),
  govid: z
    .string()
    .trim()
    .min(1, keyed("enterGovid"))
    .max(20, keyed("tooLong", { max: 20 })),
  amount: z
    .string()
    .trim()
    .min(1, keyed("enterCreditAmount"))
    .transform((value) => value.replace(/\s/g, "").replace(",", "."))
    .pipe(
      z.coerce
        .number<string>({ error: keyed("creditAmountFormat") })
        .positive(keyed("moreThanZero"))
        .max(99_999_999_999.99, keyed("tooLarge")),
    ),
});

export async function runCreditCheck(db: Db, user: PortalUser, input: z.output<typeof creditCheckFormSchema>): Promise<CreditDecision> {
  const connection = await getConnection(db, { organizationId: user.organizationId, connectionId: input.connectionId });
  return clientFor(connection).creditDecision({ govid: input.govid, amount: Math.round(input.amount * 100) / 100 });
}
