"use client";

import { useEffect } from "react";

/*
 * The cases pages' error state. An error boundary renders in the browser without the user's
 * session, so its text is in English; nothing about the error itself is shown.
 */
export default function CasesError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    document.getElementById("cases-error-heading")?.focus();
  }, []);
  return (
    <div role="alert" className="space-y-4 rounded border border-red-200 bg-red-50 p-6">
      <h1 id="cases-error-heading" tabIndex={-1} className="text-xl font-semibold text-red-900">
        The cases could not be shown
      </h1>
      <p className="text-red-900">Something went wrong on our side. Nothing was lost. Try again in a moment.</p>
      <button type="button" onClick={reset} className="rounded bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
        Try again
      </button>
    </div>
  );
}
