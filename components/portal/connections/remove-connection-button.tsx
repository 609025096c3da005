"use client";

import { useTransition } from "react";

import { deleteConnectionAction } from "@/app/(portal)/settings/connections/actions";

export function RemoveConnectionButton({ connectionId, label }: { connectionId: string; label: string }) {
  const [pending, startTransition] = useTransition();
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => startTransition(async () => void (await deleteConnectionAction({ connectionId })))}
      className="rounded border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      {label}
    </button>
  );
}
