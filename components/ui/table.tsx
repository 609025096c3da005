import type { ReactNode } from "react";

/*
 * The one table of the portal and the API reference: every table is a Table with a TableHead of
 * ColumnHeaders and rows of DataRow and DataCell, so every list has the same spacing, rules and
 * alignment (figures right-aligned in tabular figures). Its caption names it for assistive
 * technology, or above the table where a page shows several. It scrolls sideways inside its box on
 * a narrow screen instead of widening the page.
 */

export function Table({
  caption,
  captionShown = false,
  testId,
  framed = false,
  compact = false,
  width = "min-w-full",
  children,
}: {
  caption: string;
  /** The caption above the table, for every reader, where it tells the table from others near it. */
  captionShown?: boolean;
  testId?: string;
  /** In a bordered box of its own, where it is not inside one. */
  framed?: boolean;
  /** Smaller type, for a table inside another record's details; its cells say `compact` too. */
  compact?: boolean;
  /** Placement only (a narrower table of a few figures), never the look. */
  width?: string;
  children: ReactNode;
}) {
  return (
    <div className={framed ? "overflow-x-auto rounded-lg border border-slate-200 bg-white" : "overflow-x-auto"}>
      <table className={`${width} border-collapse bg-white ${compact ? "text-xs" : "text-sm"}`} data-testid={testId}>
        <caption className={captionShown ? "px-3 py-2 text-left font-medium text-slate-700" : "sr-only"}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** The header row, of ColumnHeaders. */
export function TableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-slate-50">
      <tr className="border-b border-slate-300 text-left">{children}</tr>
    </thead>
  );
}

/** Totals under the rows, set off from them by a rule. */
function TableFoot({ children }: { children: ReactNode }) {
  return <tfoot className="border-t border-slate-300">{children}</tfoot>;
}

const padding = (compact: boolean) => (compact ? "px-2 py-1" : "px-3 py-2");

export function ColumnHeader({
  children,
  numeric = false,
  srOnly = false,
  nowrap = false,
  compact = false,
  sort,
  layout = "",
}: {
  children: ReactNode;
  /** A column of figures: right-aligned, header and cells alike. */
  numeric?: boolean;
  /** A header only assistive technology reads (a column of actions). */
  srOnly?: boolean;
  nowrap?: boolean;
  compact?: boolean;
  /** How the rows are sorted by this column, where they can be. */
  sort?: "ascending" | "descending";
  /** Placement only (hiding on a narrow screen), never the look. */
  layout?: string;
}) {
  const className = [padding(compact), "font-medium", numeric ? "text-right" : "text-left", nowrap ? "whitespace-nowrap" : "", layout]
    .filter(Boolean)
    .join(" ");
  return (
    <th scope="col" aria-sort={sort} className={className}>
      {srOnly ? <span className="sr-only">{children}</span> : children}
    </th>
  );
}

interface DataColumn {
  header: ReactNode;
  /** Figures: right-aligned, header and cells alike. */
  numeric?: boolean;
  /** A header only assistive technology reads (a column of actions). */
  srOnly?: boolean;
}

/** A list of records (customers, drafts, connections, stock items) whose header is only its columns' names. */
export function DataTable({ caption, columns, testId, children }: { caption: string; columns: DataColumn[]; testId?: string; children: ReactNode }) {
  return (
    <Table caption={caption} testId={testId}>
      <TableHead>
        {columns.map((column, index) => (
          <ColumnHeader key={index} numeric={column.numeric} srOnly={column.srOnly}>
            {column.header}
          </ColumnHeader>
        ))}
      </TableHead>
      <tbody>{children}</tbody>
    </Table>
  );
}

const ROW_TONES = {
  plain: "",
  /** A record no longer in use (an inactive product). */
  muted: "text-slate-600",
  /** A record refused (a rejected document of an upload). */
  refused: "bg-red-50/60",
  /** A total, under the rows it adds up. */
  total: "font-semibold",
};

export function DataRow({
  children,
  testId,
  tone = "plain",
  hover = false,
  ...data
}: {
  children: ReactNode;
  testId?: string;
  tone?: keyof typeof ROW_TONES;
  /** Marked under the pointer, where the row leads somewhere. */
  hover?: boolean;
  [attribute: `data-${string}`]: string | undefined;
}) {
  const className = ["border-b border-slate-200 align-top", ROW_TONES[tone], hover ? "hover:bg-slate-50" : ""].filter(Boolean).join(" ");
  return (
    <tr className={className} data-testid={testId} {...data}>
      {children}
    </tr>
  );
}

/**
 * One cell of a DataRow. `rowHeader` makes it the row's header (the record's name, read before
 * each other cell by a screen reader); `numeric` right-aligns its figures; `mono` sets codes;
 * `strong` marks the cell a reader's eye looks for first where the row has no header.
 */
export function DataCell({
  children,
  rowHeader = false,
  numeric = false,
  mono = false,
  nowrap = false,
  strong = false,
  compact = false,
  testId,
  layout = "",
}: {
  children: ReactNode;
  rowHeader?: boolean;
  numeric?: boolean;
  mono?: boolean;
  nowrap?: boolean;
  strong?: boolean;
  compact?: boolean;
  testId?: string;
  /** Placement only (breaking long codes, hiding on a narrow screen), never the look. */
  layout?: string;
}) {
  const className = [
    padding(compact),
    numeric ? "text-right tabular-nums" : "text-left",
    mono ? "font-mono" : "",
    nowrap ? "whitespace-nowrap" : "",
    strong ? "font-medium" : "",
    layout,
  ]
    .filter(Boolean)
    .join(" ");
  // A row header has its row's weight (a total's is heavier), not the bold browsers give a th.
  return rowHeader ? (
    <th scope="row" className={strong ? className : `${className} [font-weight:inherit]`} data-testid={testId}>
      {children}
    </th>
  ) : (
    <td className={className} data-testid={testId}>
      {children}
    </td>
  );
}

/*
 * A table of figures, built of the parts above: the row header first (a bucket, a month, a phase, a
 * ledger line), the figures right-aligned after it, and totals in a foot. The dashboard's charts,
 * the control list and the debtor's online service show their figures in it.
 */

interface FigureRow {
  key: string;
  head: ReactNode;
  cells: ReactNode[];
}

/** A column's header; a column of words among the figures (a document's kind) says `text`. */
type FigureColumn = string | { header: string; text: true };

export interface FigureTableProps {
  caption: string;
  testId: string;
  headers: FigureColumn[];
  rows: FigureRow[];
  /** Totals; the first is the total itself, any after it say what part of it is what. */
  foot?: FigureRow[];
  /** The table's width: a few figures need not span the page. */
  width?: string;
}

export function FigureTable({ caption, testId, headers, rows, foot = [], width = "min-w-[24rem]" }: FigureTableProps) {
  const numeric = headers.map((column, index) => index > 0 && typeof column === "string");
  const line = (row: FigureRow, total = false) => (
    <DataRow key={row.key} tone={total ? "total" : "plain"}>
      <DataCell rowHeader>{row.head}</DataCell>
      {row.cells.map((value, index) => (
        <DataCell key={index} numeric={numeric[index + 1]}>
          {value}
        </DataCell>
      ))}
    </DataRow>
  );
  return (
    <Table caption={caption} testId={testId} width={width}>
      <TableHead>
        {headers.map((column, index) => (
          <ColumnHeader key={index} numeric={numeric[index]}>
            {typeof column === "string" ? column : column.header}
          </ColumnHeader>
        ))}
      </TableHead>
      <tbody>{rows.map((row) => line(row))}</tbody>
      {foot.length > 0 ? <TableFoot>{foot.map((row, index) => line(row, index === 0))}</TableFoot> : null}
    </Table>
  );
}
