import { z } from "zod";

import { environmentIdSchema } from "../../spec/environments";
import { keyed } from "../i18n/messages";

/**
 * A connection as an admin enters it; shared by the form (browser) and the action (server). Its
 * messages are keys of lib/portal/i18n/messages.ts, said in the admin's language by the form.
 */
export const connectionFormSchema = z.object({
  environment: environmentIdSchema,
  label: z
    .string()
    .trim()
    .min(1, keyed("connectionName"))
    .max(100, keyed("tooLong", { max: 100 })),
  baseUrl: z
    .string()
    .trim()
    .url(keyed("connectionAddress"))
    .max(500, keyed("tooLong", { max: 500 }))
    .refine((value) => /^https?:\/\//.test(value), keyed("httpAddress"))
    .transform((value) => value.replace(/\/+$/, "")),
  cid: z
    .string()
    .trim()
    .min(1, keyed("enterCid"))
    .max(100, keyed("tooLong", { max: 100 })),
  apicode: z
    .string()
    .min(1, keyed("enterApicode"))
    .max(500, keyed("tooLong", { max: 500 })),
});
