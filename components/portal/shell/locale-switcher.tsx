"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { setLocaleAction } from "@/app/(portal)/account/actions";
import { Select } from "@/components/ui/select";
import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/portal/i18n/locale";

/**
 * The header's language choice. It sits in the layout, above every page's error boundary, so a
 * failed change is caught here and said beside it: thrown, it would take the whole shell with it.
 */
export function LocaleSwitcher({ locale, label, failedText }: { locale: Locale; label: string; failedText: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex items-center gap-1">
      <label className="flex items-center gap-1">
        <span className="sr-only">{label}</span>
        <Select
          value={locale}
          disabled={pending}
          onChange={(event) => {
            const next = event.target.value as Locale;
            setFailed(false);
            startTransition(async () => {
              // A refusal (a session that ended) is answered; a request that failed on the way throws.
              const saved = await setLocaleAction({ locale: next }).then(
                (result) => result.ok,
                () => false,
              );
              if (!saved) {
                setFailed(true);
                return;
              }
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
      {failed ? (
        <span role="alert" className="text-sm text-red-700">
          {failedText}
        </span>
      ) : null}
    </div>
  );
}
