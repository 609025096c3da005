import { z } from "zod";

/*
 * What a sign-in may send: the server's check (auth-options.ts) and the sign-in form's own check
 * before it sends read the same rules, so the form never calls an e-mail wrong that the server
 * would take, or the other way round.
 */

export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(1000),
});

export type SignInField = keyof z.input<typeof credentialsSchema>;

/**
 * The fields a sign-in names wrongly by themselves, before any password is checked: an e-mail
 * missing or not an e-mail, a password missing. Whether the pair is right is the server's to say,
 * and it never says which of the two was wrong; a password too long to be anyone's is left to it
 * too, since saying so would tell nothing a person could act on.
 */
export function signInProblems(input: { email: string; password: string }): Partial<Record<SignInField, "required" | "invalid">> {
  const parsed = credentialsSchema.safeParse(input);
  if (parsed.success) return {};
  const named = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  return {
    ...(named.has("email") ? { email: input.email.trim() === "" ? "required" : "invalid" } : {}),
    ...(named.has("password") && input.password === "" ? { password: "required" } : {}),
  };
}
