"use client";

import { ErrorState } from "@/components/portal/shell/error-state";

/* The cases pages' error state: they refresh by themselves, so a failed read says which page failed. */
export default function CasesError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorState title="casesTitle" reset={reset} />;
}
