"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/portal/actions/validated-action";

export type DuplicateInvoice = (input: unknown) => Promise<ActionResult<{ draftId: string }>>;

/** Makes a draft of a new invoice from the case's posted one, and opens it in the invoice form. */
export function DuplicateInvoiceButton({ caseId, duplicate, label }: { caseId: string; duplicate: DuplicateInvoice; label: string }) {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <div className="space-y-1">
      <Button
        type="button"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const result = await duplicate({ caseId });
            if (result.ok) router.push(`/invoices/new?draft=${result.data.draftId}`);
            else setProblem(result.message);
          })
        }
        size="sm"
      >
        {label}
      </Button>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
    </div>
  );
}
