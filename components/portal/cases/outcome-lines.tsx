/*
 * What the case page's controls (test controls, decisions) share: the answer of an action and the
 * lines that say it, and the look of their inputs.
 */

export type Outcome = { ok: true; message: string } | { ok: false; message: string; fieldErrors: Record<string, string> } | null;

export const controlInputClass =
  "mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-blue-700 aria-[invalid=true]:border-red-700";

/** A field's message from a refused action, if it named that field. */
export function fieldError(outcome: Outcome, field: string): string | undefined {
  return outcome && !outcome.ok ? outcome.fieldErrors[field] : undefined;
}

/** The answer's lines. The status line is always there, so a screen reader announces what appears in it. */
export function OutcomeLines({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <p role="status" className="text-sm text-green-800">
        {outcome?.ok ? outcome.message : null}
      </p>
      {outcome && !outcome.ok ? (
        <p role="alert" className="text-sm text-red-800">
          {outcome.message}
        </p>
      ) : null}
    </>
  );
}
