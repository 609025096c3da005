"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";

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
      <Button
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
        size="sm"
      >
        {text}
      </Button>
      {/* Inline beside its button, so no Notice box; a failure interrupts as a Notice's error does. */}
      <span role="status" className="text-sm text-green-800">
        {state === "copied" ? copiedText : ""}
      </span>
      {state === "failed" ? (
        <span role="alert" className="text-sm text-red-700">
          {failedText}
        </span>
      ) : null}
    </span>
  );
}
