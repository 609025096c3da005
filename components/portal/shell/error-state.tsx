"use client";

import { useEffect, useSyncExternalStore } from "react";

import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { ERROR_TEXTS, localeOfTag } from "@/lib/portal/shell/error-texts";

/*
 * A portal page's error state, in the page's language (read from the shell's lang attribute: a
 * boundary has no session of its own); English while the server renders it. Nothing about the
 * error itself is shown. The shell's header stays, so the way elsewhere is still there.
 */

const noChanges = () => () => undefined;
const pageLang = () => document.getElementById("main")?.closest("[lang]")?.getAttribute("lang") ?? null;

export function ErrorState({ title, reset }: { title: "casesTitle" | "pageTitle"; reset: () => void }) {
  const t = ERROR_TEXTS[localeOfTag(useSyncExternalStore(noChanges, pageLang, () => null))];
  useEffect(() => {
    document.getElementById("page-error-heading")?.focus();
  }, []);
  return (
    <Notice tone="error" size="page">
      <h1 id="page-error-heading" tabIndex={-1} className="text-xl font-semibold">
        {t[title]}
      </h1>
      <p>{t.body}</p>
      <Button type="button" onClick={reset} variant="primary">
        {t.tryAgain}
      </Button>
    </Notice>
  );
}
