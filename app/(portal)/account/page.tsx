import type { Metadata } from "next";

import { ChangePasswordForm } from "@/components/portal/account/change-password-form";
import { requireUser } from "@/lib/portal/auth/session";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await requireUser();
  return (
    <div className="max-w-md space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">Account</h1>
        <p className="text-slate-700">
          {user.name} · {user.email}
        </p>
      </header>
      <section aria-labelledby="change-password" className="space-y-3">
        <h2 id="change-password" className="text-lg font-semibold">
          Change password
        </h2>
        <ChangePasswordForm />
      </section>
    </div>
  );
}
