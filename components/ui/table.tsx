import type { ReactNode } from "react";

/*
 * A table of figures: the row header first (a bucket, a month, a phase, a ledger line), the figures
 * right-aligned after it, and totals in a foot; its caption is read by assistive technology. The
 * dashboard's charts and the control list are built on it.
 */

const cell = "px-3 py-1.5";
const number = `${cell} text-right tabular-nums`;

interface FigureRow {
  key: string;
  head: ReactNode;
  cells: ReactNode[];
}

export interface FigureTableProps {
  caption: string;
  testId: string;
  headers: string[];
  rows: FigureRow[];
  foot?: FigureRow[];
  width?: string;
}

export function FigureTable({ caption, testId, headers, rows, foot = [], width = "min-w-[24rem]" }: FigureTableProps) {
  const line = (row: FigureRow, strong = false) => (
    <tr key={row.key} className={strong ? "font-medium" : "border-b border-slate-200"}>
      <th scope="row" className={`${cell} text-left ${strong ? "" : "font-normal"}`}>
        {row.head}
      </th>
      {row.cells.map((value, index) => (
        <td key={index} className={number}>
          {value}
        </td>
      ))}
    </tr>
  );
  return (
    <table className={`${width} border-collapse bg-white text-sm`} data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-left">
          {headers.map((header, index) => (
            <th key={header} scope="col" className={index === 0 ? cell : `${cell} text-right`}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows.map((row) => line(row))}</tbody>
      {foot.length > 0 ? <tfoot>{foot.map((row, index) => line(row, index === 0))}</tfoot> : null}
    </table>
  );
}

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
  children: ReactNode;
}) {
  return (
    <div className={framed ? "overflow-x-auto rounded-lg border border-slate-200 bg-white" : "overflow-x-auto"}>
      <table className={`min-w-full border-collapse bg-white ${compact ? "text-xs" : "text-sm"}`} data-testid={testId}>
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
  return rowHeader ? (
    <th scope="row" className={strong ? className : `${className} font-normal`} data-testid={testId}>
      {children}
    </th>
  ) : (
    <td className={className} data-testid={testId}>
      {children}
    </td>
  );
}
