import { ChangePasswordForm } from "@/components/portal/account/change-password-form";
import { requireUser } from "@/lib/portal/auth/session";
import { AUTH_TEXTS } from "@/lib/portal/auth/texts";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

export const generateMetadata = () => pageMetadata("account");

export default async function AccountPage() {
  const user = await requireUser();
  const t = AUTH_TEXTS[user.locale];
  return (
    <div className="max-w-md space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t.accountHeading}</h1>
        <p className="text-slate-700">
          {user.name} · {user.email}
        </p>
      </header>
      <section aria-labelledby="change-password" className="space-y-3">
        <h2 id="change-password" className="text-lg font-semibold">
          {t.changePassword}
        </h2>
        <ChangePasswordForm texts={t} />
      </section>
    </div>
  );
}
