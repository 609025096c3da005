"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import type { ActionResult } from "@/lib/portal/actions/validated-action";

export function DeleteDraftButton({
  draftId,
  label,
  accessibleLabel,
  action,
}: {
  draftId: string;
  label: string;
  accessibleLabel: string;
  action: (input: unknown) => Promise<ActionResult<{ deleted: string }>>;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <span>
      <button
        type="button"
        disabled={pending}
        aria-label={accessibleLabel}
        onClick={() =>
          startTransition(async () => {
            const result = await action({ draftId });
            if (result.ok) router.refresh();
            else setError(result.message);
          })
        }
        className="text-red-800 underline hover:text-red-950 disabled:opacity-60"
      >
        {label}
      </button>
      {error ? (
        <span role="alert" className="ml-2 text-red-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}
