import Link from "next/link";

import { mayAct } from "@/lib/portal/auth/roles";
import type { PortalUser } from "@/lib/portal/auth/session";
import { SHELL_TEXTS } from "@/lib/portal/shell/texts";

import { LocaleSwitcher } from "./locale-switcher";
import { PortalNav, type NavItem } from "./portal-nav";
import { SignOutButton } from "./sign-out-button";

/** The portal's header and navigation for a signed-in user: the shell's, and the not-found page's. */
export function PortalHeader({ user }: { user: PortalUser }) {
  const t = SHELL_TEXTS[user.locale];
  const groups: { label: string; items: NavItem[] }[] = [
    {
      label: t.cases,
      items: [
        { href: "/cases", label: t.cases },
        { href: "/customers", label: t.customers },
        { href: "/products", label: t.products },
        { href: "/dashboard", label: t.dashboard },
        { href: "/reports/control", label: t.control },
        { href: "/stock", label: t.stock },
        { href: "/einvoice-proposals", label: t.receiverProposals },
      ],
    },
  ];
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
        { href: "/credit", label: t.credit },
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
          <LocaleSwitcher locale={user.locale} label={t.language} failedText={t.languageFailed} />
          <SignOutButton label={t.signOut} />
        </div>
      </div>
    </header>
  );
}
