import { redirect } from "next/navigation";

import { SignInForm } from "@/components/portal/auth/sign-in-form";
import { safeCallbackPath } from "@/lib/portal/auth/safe-callback";
import { getPortalUser } from "@/lib/portal/auth/session";
import { AUTH_TEXTS } from "@/lib/portal/auth/texts";
import { LOCALE_TAGS } from "@/lib/portal/i18n/locale";
import { requestLocale } from "@/lib/portal/i18n/request-locale";
import { pageMetadata } from "@/lib/portal/shell/page-titles";

export const generateMetadata = () => pageMetadata("signIn");

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  if (await getPortalUser()) redirect("/cases");
  const { callbackUrl } = await searchParams;
  const next = safeCallbackPath(callbackUrl);
  // Before sign-in, the browser's language (Accept-Language).
  const locale = await requestLocale();
  const t = AUTH_TEXTS[locale];
  return (
    <main lang={LOCALE_TAGS[locale]} className="mx-auto max-w-sm px-4 py-16">
      <h1 className="mb-6 text-2xl font-semibold">{t.signInHeading}</h1>
      <SignInForm callbackUrl={next} texts={t} />
    </main>
  );
}
