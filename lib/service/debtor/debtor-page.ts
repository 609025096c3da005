import type { Metadata } from "next";
import { cache } from "react";

import { getDb } from "../../db/client";
import { formatCents } from "../../payment-data/amounts";
import { formatDate } from "../documents/pdf/format";

import { openDebtorLink, type DebtorCase } from "./debtor-case";
import { PAGE_LOCALES, PAGE_TEXTS, pageLanguage, type PageLanguage, type PageTexts } from "./page-texts";

/*
 * What every debtor page reads first: the case its token opens (once per request, however many
 * parts of the page ask), the page's language and its formatters.
 */

export const debtorLinkOfRequest = cache((token: string) => openDebtorLink(getDb(), token));

export interface PageFormat {
  language: PageLanguage;
  texts: PageTexts;
  money: (cents: bigint, currency: string) => string;
  date: (isoDate: string | null) => string;
}

export function pageFormat(asked: string | undefined, documentLanguage: Parameters<typeof pageLanguage>[1]): PageFormat {
  const language = pageLanguage(asked, documentLanguage);
  const locale = PAGE_LOCALES[language];
  const numbers = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return {
    language,
    texts: PAGE_TEXTS[language],
    // Through the exact decimal text, never a float of the cents.
    money: (cents, currency) => `${numbers.format(formatCents(cents) as unknown as number)} ${currency}`,
    date: (isoDate) => formatDate(isoDate, locale),
  };
}

/** A page address of the link, keeping the language the debtor chose. */
export function debtorHref(token: string, path: string, language: string | undefined, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...(language ? { lang: language } : {}), ...extra }).toString();
  return `/d/${token}${path}${query ? `?${query}` : ""}`;
}

/** The props every debtor page gets: the link's token, and the language the debtor chose with the page's own parameters. */
export interface DebtorPageProps<Query extends Record<string, string | undefined> = Record<never, never>> {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ lang?: string } & Query>;
}

/**
 * A debtor page's metadata: its title in the page's language (a link that opens nothing says so).
 * The address is the debtor's credential: no search engine keeps it, no other site learns it.
 */
export async function debtorPageMetadata(props: DebtorPageProps, title: (debtorCase: DebtorCase, format: PageFormat) => string): Promise<Metadata> {
  const [{ token }, { lang }] = await Promise.all([props.params, props.searchParams]);
  const link = await debtorLinkOfRequest(token);
  const format = pageFormat(lang, link.state === "found" ? link.debtorCase.document.language : "eng");
  return {
    title: link.state === "found" ? title(link.debtorCase, format) : format.texts.notFound.title,
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}
