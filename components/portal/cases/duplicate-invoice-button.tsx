"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import type { ActionResult } from "@/lib/portal/actions/validated-action";

export type DuplicateInvoice = (input: unknown) => Promise<ActionResult<{ draftId: string }>>;

/** Makes a draft of a new invoice from the case's posted one, and opens it in the invoice form. */
export function DuplicateInvoiceButton({ caseId, duplicate, label }: { caseId: string; duplicate: DuplicateInvoice; label: string }) {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <div className="space-y-1">
      <button
        type="button"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const result = await duplicate({ caseId });
            if (result.ok) router.push(`/invoices/new?draft=${result.data.draftId}`);
            else setProblem(result.message);
          })
        }
        className="rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60"
      >
        {label}
      </button>
      {problem ? (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
