"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";

import { changePasswordAction } from "@/app/(portal)/account/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OutcomeNotice } from "@/components/ui/notice";
import { changePasswordSchema, type ChangePasswordInput } from "@/lib/portal/account/change-password-schema";
import type { AuthTexts } from "@/lib/portal/auth/texts";

const FIELDS: { name: keyof ChangePasswordInput; label: "currentPassword" | "newPassword" | "newPasswordAgain"; autoComplete: string }[] = [
  { name: "current", label: "currentPassword", autoComplete: "current-password" },
  { name: "next", label: "newPassword", autoComplete: "new-password" },
  { name: "confirm", label: "newPasswordAgain", autoComplete: "new-password" },
];

export function ChangePasswordForm({ texts: t }: { texts: AuthTexts }) {
  // The schema's and the action's messages are keys of the texts' passwordErrors.
  const words = (message: string | undefined) =>
    message && message in t.passwordErrors ? t.passwordErrors[message as keyof AuthTexts["passwordErrors"]] : message;
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: { current: "", next: "", confirm: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const result = await changePasswordAction(values);
    if (result.ok) {
      form.reset();
      setStatus({ ok: true, message: t.passwordChanged });
      return;
    }
    for (const [field, message] of Object.entries(result.fieldErrors)) form.setError(field as keyof ChangePasswordInput, { message }, { shouldFocus: true });
    setStatus({ ok: false, message: Object.keys(result.fieldErrors).length > 0 ? t.checkFields : result.message });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded border border-slate-200 bg-white p-4">
      {FIELDS.map((field) => (
        <Field key={field.name} id={`password-${field.name}`} label={t[field.label]} error={words(errors[field.name]?.message)}>
          {(aria) => <Input {...aria} type="password" autoComplete={field.autoComplete} {...form.register(field.name)} />}
        </Field>
      ))}
      <OutcomeNotice outcome={status} />
      <Button type="submit" disabled={isSubmitting} variant="primary">
        {t.changePassword}
      </Button>
    </form>
  );
}
