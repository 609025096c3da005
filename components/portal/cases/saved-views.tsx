"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { deleteViewAction, saveViewAction } from "@/app/(portal)/cases/actions";
import { ConfirmStep } from "@/components/portal/shell/confirm-step";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { OutcomeNotice } from "@/components/ui/notice";
import { textLinkClass } from "@/components/ui/text-link";
import type { SavedView } from "@/lib/portal/cases/saved-views";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { fillText } from "@/lib/portal/i18n/locale";

import { type FormOutcome } from "./outcome-lines";

/* The user's saved views of the list as links, each deletable (asking first), and a form that saves the view on screen under a name. */

export function SavedViews({ views, search, texts }: { views: SavedView[]; search: string; texts: CaseTexts["views"] }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [pending, start] = useTransition();
  const words = (message: string) => texts.errors[message as keyof CaseTexts["views"]["errors"]] ?? message;

  return (
    <section aria-labelledby="saved-views-heading" className="space-y-2 rounded border border-slate-200 bg-white p-4">
      <h2 id="saved-views-heading" className="text-base font-semibold">
        {texts.heading}
      </h2>
      {views.length === 0 ? (
        <p className="text-sm text-slate-700">{texts.none}</p>
      ) : (
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {views.map((view) => (
            <li key={view.id} className="flex items-center gap-2">
              <Link href={view.href} className={textLinkClass}>
                {view.name}
              </Link>
              <ConfirmStep
                tone="plain"
                texts={{
                  start: texts.remove,
                  startAccessible: fillText(texts.removeNamed, { name: view.name }),
                  question: fillText(texts.removeQuestion, { name: view.name }),
                  confirm: texts.remove,
                  keep: texts.keep,
                }}
                run={async () => {
                  const result = await deleteViewAction({ viewId: view.id });
                  if (result.ok) router.refresh();
                  return result.ok ? null : result.message;
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          start(async () => {
            const result = await saveViewAction({ name, search });
            if (result.ok) {
              setOutcome({ ok: true, message: fillText(texts.saved, { name: result.data.name }) });
              setName("");
              router.refresh();
            } else setOutcome({ ok: false, message: words(result.fieldErrors.name ?? result.message), fieldErrors: {} });
          });
        }}
      >
        <label className="text-sm">
          <span className="block font-medium text-slate-800">{texts.name}</span>
          <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={60} aria-invalid={outcome && !outcome.ok ? true : undefined} />
        </label>
        <Button type="submit" disabled={pending} size="sm">
          {texts.save}
        </Button>
        <OutcomeNotice outcome={outcome} />
      </form>
    </section>
  );
}
