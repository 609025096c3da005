import { headers } from "next/headers";
import Link from "next/link";

import { PortalHeader } from "@/components/portal/shell/portal-header";
import { textLinkClass } from "@/components/ui/text-link";
import { getPortalUser } from "@/lib/portal/auth/session";
import { LOCALE_TAGS } from "@/lib/portal/i18n/locale";
import { localeFromAcceptLanguage } from "@/lib/portal/i18n/request-locale";
import { SHELL_TEXTS } from "@/lib/portal/shell/texts";

/**
 * An address nothing answers at. A signed-in user keeps the portal's navigation and their
 * language, so one wrong link is not a dead end; anyone else is offered the sign-in, in the
 * browser's language as the sign-in page itself is.
 */
export default async function NotFound() {
  const user = await getPortalUser().catch(() => null);
  const locale = user?.locale ?? localeFromAcceptLanguage((await headers()).get("accept-language"));
  const t = SHELL_TEXTS[locale];
  return (
    <div lang={LOCALE_TAGS[locale]} className="min-h-screen">
      {user ? <PortalHeader user={user} /> : null}
      <main id="main" className="mx-auto max-w-xl space-y-4 px-4 py-16">
        <h1 className="text-2xl font-semibold">{t.notFoundTitle}</h1>
        <p className="text-slate-700">{t.notFoundBody}</p>
        <Link href={user ? "/cases" : "/sign-in"} className={textLinkClass}>
          {user ? t.backToCases : t.signIn}
        </Link>
      </main>
    </div>
  );
}
