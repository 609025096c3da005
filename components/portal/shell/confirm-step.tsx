"use client";

import { useEffect, useRef, useState, useTransition } from "react";

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

  const buttonClass = "rounded border px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-700 disabled:opacity-60";
  if (!asking) {
    return (
      <span>
        <button
          ref={startRef}
          type="button"
          aria-label={texts.startAccessible}
          onClick={() => {
            setError(null);
            setAsking(true);
          }}
          className={tone === "danger" ? `${buttonClass} border-red-300 text-red-800 hover:bg-red-50` : `${buttonClass} border-slate-300 hover:bg-slate-100`}
        >
          {texts.start}
        </button>
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
      <button
        type="button"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const problem = await run();
            setError(problem);
            setAsking(false);
          })
        }
        className={`${buttonClass} border-red-700 bg-red-700 text-white hover:bg-red-800`}
      >
        {texts.confirm}
      </button>
      <button ref={keepRef} type="button" disabled={pending} onClick={() => setAsking(false)} className={`${buttonClass} border-slate-300 hover:bg-slate-100`}>
        {texts.keep}
      </button>
    </span>
  );
}
