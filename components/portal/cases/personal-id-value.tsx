"use client";

import { useState, useTransition } from "react";

import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/portal/actions/validated-action";
import type { CaseTexts } from "@/lib/portal/cases/texts";

/*
 * A personal identity code as the case page shows it: masked, and for a clerk or an admin a button
 * that asks the server for it whole. The server records the showing (reveal-personal-id.ts); the
 * value lives only in this component's state, so leaving the page or pressing Hide forgets it.
 */

export type RevealPersonalId = (input: unknown) => Promise<ActionResult<{ member: string; value: string }>>;

export function PersonalIdValue({
  masked,
  member,
  caseId,
  reveal,
  texts,
  label,
}: {
  masked: string;
  member: string;
  caseId: string;
  reveal?: RevealPersonalId;
  texts: CaseTexts["personalId"];
  /** What the value is, for the button's accessible name ("Show in full: Personal identity code"). */
  label: string;
}) {
  const [shown, setShown] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, start] = useTransition();
  if (!reveal) return <span>{masked}</span>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span data-testid={`personal-id-${member}`}>{shown ?? masked}</span>
      {shown === null ? (
        <Button
          type="button"
          variant="link"
          disabled={pending}
          aria-label={`${texts.show}: ${label}`}
          onClick={() =>
            start(async () => {
              const answer = await reveal({ caseId, member });
              if (answer.ok) {
                setShown(answer.data.value);
                setProblem(null);
              } else setProblem(answer.message);
            })
          }
        >
          {pending ? texts.showing : texts.show}
        </Button>
      ) : (
        <Button type="button" variant="link" aria-label={`${texts.hide}: ${label}`} onClick={() => setShown(null)}>
          {texts.hide}
        </Button>
      )}
      <span role="status" className="text-xs text-slate-700">
        {shown !== null ? texts.shown : null}
      </span>
      {problem ? (
        <span role="alert" className="text-xs text-red-800">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
