"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";

import { setLocaleAction } from "@/app/(portal)/account/actions";
import { Select } from "@/components/ui/select";
import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/portal/i18n/locale";

export function LocaleSwitcher({ locale, label }: { locale: Locale; label: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <label className="flex items-center gap-1">
      <span className="sr-only">{label}</span>
      <Select
        value={locale}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value as Locale;
          startTransition(async () => {
            await setLocaleAction({ locale: next });
            router.refresh();
          });
        }}
        compact
        block={false}
      >
        {LOCALES.map((value) => (
          <option key={value} value={value}>
            {LOCALE_NAMES[value]}
          </option>
        ))}
      </Select>
    </label>
  );
}
