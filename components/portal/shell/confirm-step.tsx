"use client";

import { useEffect, useRef, useState, useTransition } from "react";

import { Button } from "@/components/ui/button";

/*
 * A destructive button that asks first: the first press shows the question with a confirming and
 * a keeping button in its place (focus on "keep", so a second Enter does no harm; Escape keeps
 * too). Only the confirming button runs the action; what it answers as an error is shown beside it.
 */

export interface ConfirmTexts {
  /** The first button's text, e.g. "Remove". */
  start: string;
  /** Read by screen readers in place of `start`, naming what it acts on. */
  startAccessible?: string;
  question: string;
  confirm: string;
  keep: string;
}

export function ConfirmStep({ texts, run, tone = "danger" }: { texts: ConfirmTexts; run: () => Promise<string | null>; tone?: "danger" | "plain" }) {
  const [asking, setAsking] = useState(false);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) keepRef.current?.focus();
    else if (wasAsking.current) startRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <span>
        <Button
          ref={startRef}
          size="sm"
          variant={tone === "danger" ? "danger-secondary" : "secondary"}
          aria-label={texts.startAccessible}
          onClick={() => {
            setError(null);
            setAsking(true);
          }}
        >
          {texts.start}
        </Button>
        {error ? (
          <span role="alert" className="ml-2 text-sm text-red-700">
            {error}
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span
      role="group"
      aria-label={texts.question}
      className="inline-flex flex-wrap items-center gap-2"
      onKeyDown={(event) => {
        if (event.key === "Escape") setAsking(false);
      }}
    >
      <span className="text-sm">{texts.question}</span>
      <Button
        size="sm"
        variant="danger"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const problem = await run();
            setError(problem);
            setAsking(false);
          })
        }
      >
        {texts.confirm}
      </Button>
      <Button ref={keepRef} size="sm" disabled={pending} onClick={() => setAsking(false)}>
        {texts.keep}
      </Button>
    </span>
  );
}
