import { z } from "zod";

// Apart from change-password.ts: the browser's form needs the schema, never the hashing.
/**
 * A new password: long enough to resist guessing, short enough that hashing it stays cheap. Its
 * messages are keys of AUTH_TEXTS.passwordErrors (lib/portal/auth/texts.ts), which the form shows
 * in the user's language.
 */
export const changePasswordSchema = z
  .object({
    current: z.string().min(1, "currentRequired").max(1000),
    next: z.string().min(12, "tooShort").max(200, "tooLong"),
    confirm: z.string(),
  })
  .refine((value) => value.next === value.confirm, { path: ["confirm"], message: "differ" })
  .refine((value) => value.next !== value.current, { path: ["next"], message: "same" });
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;
