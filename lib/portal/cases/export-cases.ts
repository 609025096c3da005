import { csvField, csvLine } from "@/lib/platform/csv";

import type { Tx } from "../../db/client";
import { formatCents } from "../../payment-data/amounts";
import { fillText, type Locale } from "../i18n/locale";

import type { CaseListParams } from "./case-list-params";
import { lifecycleText } from "./lifecycle-texts";
import { listCases, type CaseRow } from "./list-cases";
import { CASE_TEXTS } from "./texts";

/*
 * The case list as a CSV file (RFC 4180): every case of the list's filters in the list's order,
 * then a total row per currency, for a credit controller's spreadsheet or a reconciliation. It is
 * read page by page along the list's own keyset (list-cases.ts) and written as it is read, so a
 * large organization's export holds one page in memory, never the whole list. Headers are in the
 * reader's language; numbers are written with a point and dates as YYYY-MM-DD, which spreadsheets
 * of every locale read as numbers and dates. UTF-8 with a byte order mark, so Excel reads ä, å
 * and ø right. A text cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a
 * leading apostrophe: a debtor's name is data, never a formula.
 */

const EXPORT_PAGE_SIZE = 500;
/** The most cases one file lists; the file says so when there were more. */
const MAX_EXPORT_ROWS = 100_000;

const money = (cents: bigint | null) => (cents === null ? "" : formatCents(cents));

interface Totals {
  amount: bigint;
  openCapital: bigint;
  interest: bigint;
  expenses: bigint;
}

export async function* exportCasesCsv(
  db: Tx,
  {
    organizationId,
    params,
    locale,
    maxRows = MAX_EXPORT_ROWS,
    pageSize = EXPORT_PAGE_SIZE,
    now = new Date(),
  }: {
    organizationId: string;
    params: CaseListParams;
    locale: Locale;
    maxRows?: number;
    pageSize?: number;
    /** What the delivery filter's days count to, as the list counts them (caseListNow). */
    now?: Date;
  },
): AsyncGenerator<string> {
  const t = CASE_TEXTS[locale].csv;
  yield "\uFEFF";
  yield csvLine(
    [
      t.jobid,
      t.receiver,
      t.billnum,
      t.reference,
      t.environment,
      t.code,
      t.codeText,
      t.jobtype,
      t.currency,
      t.amount,
      t.openCapital,
      t.interest,
      t.expenses,
      t.openTotal,
      t.paydate,
      t.currentPaydate,
      t.updated,
    ].map((header) => csvField(header)),
  );
  const totals = new Map<string, Totals>();
  let written = 0;
  let after: string | undefined;
  for (;;) {
    const page = await listCases(db, { organizationId, params: { ...params, limit: pageSize, after, before: undefined }, now });
    const rows = page.rows.slice(0, maxRows - written);
    let chunk = "";
    for (const row of rows) {
      chunk += caseLine(row, locale);
      addTotals(totals, row);
    }
    written += rows.length;
    if (chunk) yield chunk;
    const more = rows.length < page.rows.length || page.next !== null;
    if (more && written === maxRows) {
      yield csvLine([csvField(fillText(t.truncated, { count: maxRows }))]);
      break;
    }
    if (!page.next) break;
    after = page.next;
  }
  for (const [currency, sum] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
    const open = sum.openCapital + sum.interest + sum.expenses;
    yield csvLine([
      "",
      csvField(fillText(t.total, { currency })),
      "",
      "",
      "",
      "",
      "",
      "",
      csvField(currency),
      money(sum.amount),
      money(sum.openCapital),
      money(sum.interest),
      money(sum.expenses),
      money(open),
      "",
      "",
      "",
    ]);
  }
}

function caseLine(row: CaseRow, locale: Locale): string {
  const open = row.openCapital === null ? null : row.openCapital + (row.interest ?? 0n) + (row.expenses ?? 0n);
  return csvLine([
    csvField(row.jobid, "number"),
    csvField(row.receiverName),
    csvField(row.billnum),
    csvField(row.reference),
    csvField(row.environment),
    csvField(row.code, "number"),
    csvField(lifecycleText(row.code, locale, row.statusText)),
    csvField(row.jobtype, "number"),
    csvField(row.currency),
    money(row.amount),
    money(row.openCapital),
    money(row.interest),
    money(row.expenses),
    money(open),
    csvField(row.paydate),
    csvField(row.currentPaydate),
    csvField(row.updatedAt.toISOString()),
  ]);
}

function addTotals(totals: Map<string, Totals>, row: CaseRow) {
  const currency = row.currency ?? "";
  if (!currency) return;
  const sum = totals.get(currency) ?? { amount: 0n, openCapital: 0n, interest: 0n, expenses: 0n };
  sum.amount += row.amount ?? 0n;
  sum.openCapital += row.openCapital ?? 0n;
  sum.interest += row.interest ?? 0n;
  sum.expenses += row.expenses ?? 0n;
  totals.set(currency, sum);
}
