"use client";

import { useRouter } from "next/navigation";

import { ConfirmStep, type ConfirmTexts } from "@/components/portal/shell/confirm-step";
import type { ActionResult } from "@/lib/portal/actions/validated-action";

/** Deleting a draft asks first: what was typed into it is gone for good. */
export function DeleteDraftButton({
  draftId,
  texts,
  action,
}: {
  draftId: string;
  texts: ConfirmTexts;
  action: (input: unknown) => Promise<ActionResult<{ deleted: string }>>;
}) {
  const router = useRouter();
  return (
    <ConfirmStep
      texts={texts}
      run={async () => {
        const result = await action({ draftId });
        if (!result.ok) return result.message;
        router.refresh();
        return null;
      }}
    />
  );
}
