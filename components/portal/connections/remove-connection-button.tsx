"use client";

import { deleteConnectionAction } from "@/app/(portal)/settings/connections/actions";
import { ConfirmStep, type ConfirmTexts } from "@/components/portal/shell/confirm-step";

/** Removing a connection asks first: its events stop coming, and only its apicode brings it back. */
export function RemoveConnectionButton({ connectionId, texts }: { connectionId: string; texts: ConfirmTexts }) {
  return (
    <ConfirmStep
      texts={texts}
      run={async () => {
        const result = await deleteConnectionAction({ connectionId });
        return result.ok ? null : result.message;
      }}
    />
  );
}
