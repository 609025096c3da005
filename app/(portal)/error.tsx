"use client";

import { ErrorState } from "@/components/portal/shell/error-state";

/* Every other portal page's error state, in the user's language, inside the shell that keeps the navigation. */
export default function PortalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorState title="pageTitle" reset={reset} />;
}
