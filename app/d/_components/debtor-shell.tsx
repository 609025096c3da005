import type { ReactNode } from "react";

import { PAGE_LANGUAGES, LANGUAGE_NAMES, PAGE_LOCALES, type PageLanguage } from "@/lib/service/debtor/page-texts";

/*
 * The frame of the debtor's pages: phone first (one column, large touch targets), the creditor's
 * name on top and the language choice, in the page's language for assistive technology.
 */

export function DebtorShell({
  language,
  languageLabel,
  creditor,
  hrefFor,
  children,
}: {
  language: PageLanguage;
  languageLabel: string;
  creditor: string | null;
  /** The same page in another language; none on pages that make no sense to reload. */
  hrefFor?: (language: PageLanguage) => string;
  children: ReactNode;
}) {
  return (
    <div lang={PAGE_LOCALES[language]} className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-2xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <p className="text-base font-semibold text-slate-900">{creditor}</p>
          {hrefFor ? (
            <nav aria-label={languageLabel}>
              <ul className="flex gap-1 text-sm">
                {PAGE_LANGUAGES.map((option) => (
                  <li key={option}>
                    <a
                      href={hrefFor(option)}
                      lang={PAGE_LOCALES[option]}
                      aria-current={option === language ? "true" : undefined}
                      className="inline-block rounded px-2 py-1.5 text-blue-800 underline aria-[current=true]:font-semibold aria-[current=true]:text-slate-900 aria-[current=true]:no-underline"
                    >
                      {LANGUAGE_NAMES[option]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </header>
      <main id="main" className="mx-auto max-w-2xl space-y-5 px-4 py-6">
        {children}
      </main>
    </div>
  );
}

export function Panel({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Labelled facts, one per row: the label, then its value (in a fixed-width font where it is typed, such as an account). */
export function Facts({ items }: { items: readonly (readonly [label: string, value: ReactNode, typed?: boolean] | null | false)[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {items.map((item) =>
        item ? (
          <div key={item[0]} className="contents">
            <dt className="text-slate-600">{item[0]}</dt>
            <dd className={item[2] ? "font-mono" : "font-medium"}>{item[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
