import Link from "next/link";
import type { ReactNode } from "react";

import { QueryProvider } from "@/components/portal/query-provider";
import { LocaleSwitcher } from "@/components/portal/shell/locale-switcher";
import { PortalNav, type NavItem } from "@/components/portal/shell/portal-nav";
import { SignOutButton } from "@/components/portal/shell/sign-out-button";
import { mayAct } from "@/lib/portal/auth/roles";
import { requireUser } from "@/lib/portal/auth/session";
import { LOCALE_TAGS } from "@/lib/portal/i18n/locale";
import { SHELL_TEXTS } from "@/lib/portal/shell/texts";

/** The signed-in shell: every page below requires a session; each page checks its own role too. */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const t = SHELL_TEXTS[user.locale];
  const groups: { label: string; items: NavItem[] }[] = [{ label: t.cases, items: [{ href: "/cases", label: t.cases }] }];
  if (mayAct(user.role, "clerk")) {
    groups.push({
      label: t.create,
      items: [
        { href: "/invoices/new", label: t.newInvoice },
        { href: "/reminders/new", label: t.newReminder },
        { href: "/collections/new", label: t.newCollection },
        { href: "/letters/new", label: t.newLetter },
        { href: "/uploads/new", label: t.upload },
        { href: "/drafts", label: t.drafts },
      ],
    });
  }
  if (mayAct(user.role, "admin")) {
    groups.push({
      label: t.settings,
      items: [
        { href: "/onboarding/profiles", label: t.onboarding },
        { href: "/settings/connections", label: t.connections },
        { href: "/settings/receiver", label: t.receiver },
      ],
    });
  }
  return (
    <div lang={LOCALE_TAGS[user.locale]} className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t.skip}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link href="/cases" className="font-semibold text-slate-900">
            Nordic Receivables
          </Link>
          <PortalNav groups={groups} />
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <Link href="/account" className="underline-offset-2 hover:underline">
              {user.name} · {t.roles[user.role]}
            </Link>
            <LocaleSwitcher locale={user.locale} label={t.language} />
            <SignOutButton label={t.signOut} />
          </div>
        </div>
      </header>
      <QueryProvider>
        <main id="main" className="mx-auto max-w-7xl px-4 py-6">
          {children}
        </main>
      </QueryProvider>
    </div>
  );
}
