import type { ReactNode } from "react";

/*
 * The top of every portal page: its one h1, a sentence on what the page is for, and whatever
 * belongs with them (a search, a connection picker, the page's own action at the side). One shape,
 * so every page reads alike and keeps one h1 for assistive technology.
 */

export function PageHeader({
  title,
  intro,
  back,
  actions,
  children,
}: {
  title: ReactNode;
  /** The way back up, above the heading (e.g. "← Customers"). */
  back?: ReactNode;
  intro?: ReactNode;
  /** The page's own action, set at the side on a wide screen (e.g. "New profile"). */
  actions?: ReactNode;
  /** What follows the intro inside the header: a search form, a picker, a status line. */
  children?: ReactNode;
}) {
  const heading = (
    <div className="space-y-2">
      {back ? <p className="text-sm">{back}</p> : null}
      <h1 className="text-2xl font-semibold break-words">{title}</h1>
      {intro ? <p className="max-w-3xl text-slate-700">{intro}</p> : null}
    </div>
  );
  return (
    <header className="space-y-3">
      {actions ? (
        <div className="flex flex-wrap items-end justify-between gap-4">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </header>
  );
}

/** Said where a list has nothing in it yet, or a page has nothing to work with (no connection). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="space-y-4 rounded-md border border-dashed border-slate-300 bg-white p-6 text-slate-700">{children}</div>;
}
