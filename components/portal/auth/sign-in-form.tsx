"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { AuthTexts } from "@/lib/portal/auth/texts";

export function SignInForm({ callbackUrl, texts: t }: { callbackUrl: string; texts: AuthTexts }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", { email: String(form.get("email")), password: String(form.get("password")), redirect: false });
    setPending(false);
    if (!result || result.error) {
      setError(t.wrong);
      return;
    }
    router.replace(callbackUrl);
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <label htmlFor="email" className="block text-sm font-medium">
          {t.email}
        </label>
        <Input id="email" name="email" type="email" autoComplete="username" required aria-describedby={error ? "sign-in-error" : undefined} />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium">
          {t.password}
        </label>
        <Input id="password" name="password" type="password" autoComplete="current-password" required aria-describedby={error ? "sign-in-error" : undefined} />
      </div>
      {error ? (
        <p id="sign-in-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={pending} variant="primary" block>
        {pending ? t.signingIn : t.signIn}
      </Button>
    </form>
  );
}
