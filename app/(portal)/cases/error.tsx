"use client";

import { useEffect, useSyncExternalStore } from "react";

import { Button } from "@/components/ui/button";
import { ERROR_TEXTS, localeOfTag } from "@/lib/portal/shell/error-texts";

/*
 * The cases pages' error state, in the page's language (read from the shell's lang attribute: a
 * boundary has no session of its own); English while the server renders it. Nothing about the
 * error itself is shown.
 */

const noChanges = () => () => undefined;
const pageLang = () => document.getElementById("main")?.closest("[lang]")?.getAttribute("lang") ?? null;

export default function CasesError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = ERROR_TEXTS[localeOfTag(useSyncExternalStore(noChanges, pageLang, () => null))];
  useEffect(() => {
    document.getElementById("cases-error-heading")?.focus();
  }, []);
  return (
    <div role="alert" className="space-y-4 rounded border border-red-200 bg-red-50 p-6">
      <h1 id="cases-error-heading" tabIndex={-1} className="text-xl font-semibold text-red-900">
        {t.casesTitle}
      </h1>
      <p className="text-red-900">{t.body}</p>
      <Button type="button" onClick={reset} variant="primary">
        {t.tryAgain}
      </Button>
    </div>
  );
}
