import type { ReactNode } from "react";

import { QueryProvider } from "@/components/portal/query-provider";
import { PortalHeader } from "@/components/portal/shell/portal-header";
import { requireUser } from "@/lib/portal/auth/session";
import { LOCALE_TAGS } from "@/lib/portal/i18n/locale";
import { SHELL_TEXTS } from "@/lib/portal/shell/texts";

/** The signed-in shell: every page below requires a session; each page checks its own role too. */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const t = SHELL_TEXTS[user.locale];
  return (
    <div lang={LOCALE_TAGS[user.locale]} className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t.skip}
      </a>
      <PortalHeader user={user} />
      <QueryProvider>
        <main id="main" className="mx-auto max-w-7xl px-4 py-6">
          {children}
        </main>
      </QueryProvider>
    </div>
  );
}
