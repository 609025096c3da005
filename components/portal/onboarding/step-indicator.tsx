"use client";

import { Button } from "@/components/ui/button";
import type { OnboardingTexts } from "@/lib/portal/onboarding/texts";
import type { StepId } from "@/lib/portal/onboarding/wizard-steps";

/*
 * Where the user is in the wizard: the steps of the chosen mode in order, the current one marked
 * with aria-current="step", the ones before it offered as a way back.
 */

interface Props {
  steps: readonly StepId[];
  current: StepId;
  texts: OnboardingTexts;
  /** Absent once the answer is shown: there is no going back to change what was sent. */
  onSelect?: (step: StepId) => void;
}

export function StepIndicator({ steps, current, texts, onSelect }: Props) {
  const currentIndex = steps.indexOf(current);
  return (
    <nav aria-label={texts.progress}>
      <ol className="flex flex-wrap gap-x-1 gap-y-2 text-sm">
        {steps.map((step, index) => {
          const done = index < currentIndex;
          const isCurrent = index === currentIndex;
          const badge = (
            <span
              aria-hidden="true"
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                isCurrent ? "bg-blue-800 text-white" : done ? "bg-emerald-700 text-white" : "border border-slate-400 bg-white text-slate-700"
              }`}
            >
              {done ? "✓" : index + 1}
            </span>
          );
          const name = (
            <>
              {badge}
              <span className={isCurrent ? "font-semibold text-slate-900" : "text-slate-700"}>{texts.stepNames[step]}</span>
              {done ? <span className="sr-only"> ({texts.stepDone})</span> : null}
            </>
          );
          return (
            <li key={step} aria-current={isCurrent ? "step" : undefined} className="flex items-center gap-1">
              {done && onSelect && step !== "answer" ? (
                <Button variant="quiet" size="sm" onClick={() => onSelect(step)}>
                  <span className="flex items-center gap-2">{name}</span>
                </Button>
              ) : (
                // The same padding as a step offered as a way back, so the names line up.
                <span className="flex items-center gap-2 px-3 py-1.5">{name}</span>
              )}
              {index < steps.length - 1 ? (
                <span aria-hidden="true" className="text-slate-400">
                  →
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
