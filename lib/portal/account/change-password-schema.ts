import { z } from "zod";

// Apart from change-password.ts: the browser's form needs the schema, never the hashing.
/** A new password: long enough to resist guessing, short enough that hashing it stays cheap. */
export const changePasswordSchema = z
  .object({
    current: z.string().min(1, "Enter your current password.").max(1000),
    next: z.string().min(12, "Use at least 12 characters.").max(200, "Use at most 200 characters."),
    confirm: z.string(),
  })
  .refine((value) => value.next === value.confirm, { path: ["confirm"], message: "The two new passwords differ." })
  .refine((value) => value.next !== value.current, { path: ["next"], message: "Choose a password other than the current one." });
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

