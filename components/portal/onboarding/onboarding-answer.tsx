"use client";

import Link from "next/link";

import { Button, buttonClass } from "@/components/ui/button";
import { labelOf, type OnboardingTexts } from "@/lib/portal/onboarding/texts";
import type { OnboardingAnswer } from "@/lib/portal/onboarding/wizard-values";

import { StatusBadge } from "./status-badge";

/** The service's answer to createprofile: the new customer id, its state and what that means. */
export function OnboardingAnswerView({ answer, texts, onAnother }: { answer: OnboardingAnswer; texts: OnboardingTexts; onAnother: () => void }) {
  return (
    <div className="space-y-4" data-testid="onboarding-answer">
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
        <dt className="text-slate-600">{texts.customerId}</dt>
        <dd className="font-mono text-base text-slate-900">{answer.customerId ?? "—"}</dd>
        <dt className="text-slate-600">{texts.status}</dt>
        <dd className="space-y-1">
          <StatusBadge status={answer.status} texts={texts} />
          {answer.status ? <p className="text-slate-700">{texts.statusHelp[answer.status]}</p> : null}
        </dd>
        <dt className="text-slate-600">{texts.message}</dt>
        <dd className="break-words text-slate-900">{answer.message ?? "—"}</dd>
        {answer.missing.length > 0 ? (
          <>
            <dt className="text-slate-600">{texts.stillMissing}</dt>
            <dd>
              <ul className="list-disc space-y-0.5 pl-5">
                {answer.missing.map((path) => (
                  <li key={path}>{labelOf(path, texts)}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-3">
        <Link href="/onboarding/profiles" className={buttonClass({ variant: "primary" })}>
          {texts.toList}
        </Link>
        <Button type="button" onClick={onAnother}>
          {texts.another}
        </Button>
      </div>
    </div>
  );
}
