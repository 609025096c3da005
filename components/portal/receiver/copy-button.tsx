"use client";

import { useState } from "react";

/** Copies a value; the outcome is announced, since a screen reader user sees no flash of "copied". */
/** `text` is what the button shows ("Copy"); `label` names what it copies, for assistive technology. */
export function CopyButton({
  value,
  text,
  label,
  copiedText,
  failedText,
}: {
  value: string;
  text: string;
  label: string;
  copiedText: string;
  failedText: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        aria-label={label}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value);
            setState("copied");
          } catch {
            setState("failed");
          }
        }}
        className="rounded border border-slate-300 bg-white px-2 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {text}
      </button>
      <span role="status" aria-live="polite" className={state === "failed" ? "text-sm text-red-700" : "text-sm text-green-800"}>
        {state === "copied" ? copiedText : state === "failed" ? failedText : ""}
      </span>
    </span>
  );
}
