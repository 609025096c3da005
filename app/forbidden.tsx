import Link from "next/link";

import { AUTH_TEXTS } from "@/lib/portal/auth/texts";
import { LOCALE_TAGS } from "@/lib/portal/i18n/locale";
import { requestLocale } from "@/lib/portal/i18n/request-locale";

/** Answered (403) when a signed-in user's role may not open a page or do an action, in the user's language. */
export default async function Forbidden() {
  const locale = await requestLocale();
  const t = AUTH_TEXTS[locale];
  return (
    <main lang={LOCALE_TAGS[locale]} className="mx-auto max-w-xl space-y-4 px-4 py-16">
      <h1 className="text-2xl font-semibold">{t.notAllowedTitle}</h1>
      <p className="text-slate-700">{t.notAllowedBody}</p>
      <Link href="/cases" className="text-blue-700 underline">
        {t.backToCases}
      </Link>
    </main>
  );
}
