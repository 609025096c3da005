"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { Field, type FieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { signInProblems, type SignInField } from "@/lib/portal/auth/sign-in-schema";
import type { AuthTexts } from "@/lib/portal/auth/texts";

/*
 * Sign-in: a field missing or malformed is said on that field, before anything is sent; a pair the
 * server refuses is one error for the form, never naming which of the two was wrong (that would
 * tell a guesser which e-mails have an account).
 */

const FORM_ERROR_ID = "sign-in-error";

export function SignInForm({ callbackUrl, texts: t }: { callbackUrl: string; texts: AuthTexts }) {
  const router = useRouter();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SignInField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    setFormError(null);
    const problems = signInProblems(input);
    const errors = {
      ...(problems.email ? { email: problems.email === "required" ? t.signInErrors.emailRequired : t.signInErrors.emailInvalid } : {}),
      ...(problems.password ? { password: t.signInErrors.passwordRequired } : {}),
    };
    setFieldErrors(errors);
    const firstWrong = (["email", "password"] as const).find((name) => errors[name]);
    if (firstWrong) {
      document.getElementById(firstWrong)?.focus();
      return;
    }
    setPending(true);
    const result = await signIn("credentials", { ...input, redirect: false });
    setPending(false);
    if (!result || result.error) {
      setFormError(t.wrong);
      return;
    }
    router.replace(callbackUrl);
    router.refresh();
  }

  // Each field is described by its own error and, while there is one, by the form's.
  const describedBy = (aria: FieldAria) => [aria["aria-describedby"], formError ? FORM_ERROR_ID : null].filter(Boolean).join(" ") || undefined;

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="email" label={t.email} error={fieldErrors.email}>
        {(aria) => <Input {...aria} aria-describedby={describedBy(aria)} name="email" type="email" autoComplete="username" required />}
      </Field>
      <Field id="password" label={t.password} error={fieldErrors.password}>
        {(aria) => <Input {...aria} aria-describedby={describedBy(aria)} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      {formError ? (
        <Notice tone="error" id={FORM_ERROR_ID}>
          {formError}
        </Notice>
      ) : null}
      <Button type="submit" disabled={pending} variant="primary" block>
        {pending ? t.signingIn : t.signIn}
      </Button>
    </form>
  );
}
