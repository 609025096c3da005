import { z } from "zod";

import { environmentIdSchema } from "../../spec/environments";

/** A connection as an admin enters it; shared by the form (browser) and the action (server). */
export const connectionFormSchema = z.object({
  environment: environmentIdSchema,
  label: z.string().trim().min(1, "Give the connection a name.").max(100),
  baseUrl: z
    .string()
    .trim()
    .url("Enter the environment's address, ending in /rest.")
    .max(500)
    .refine((value) => /^https?:\/\//.test(value), "Use an http or https address.")
    .transform((value) => value.replace(/\/+$/, "")),
  cid: z.string().trim().min(1, "Enter the cid from the provider.").max(100),
  apicode: z.string().min(1, "Enter the apicode from the provider.").max(500),
});
