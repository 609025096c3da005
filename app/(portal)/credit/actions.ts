"use server";

import { getDb } from "@/lib/db/client";
import { validatedAction } from "@/lib/portal/actions/validated-action";
import { creditCheckFormSchema, runCreditCheck } from "@/lib/portal/credit/credit-check";

/* A credit check: clerks and admins (every inquiry is logged by the service under the connection's profile). */

export const creditCheckAction = validatedAction(creditCheckFormSchema, "clerk", (input, user) => runCreditCheck(getDb(), user, input));
