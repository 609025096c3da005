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
 * A list of records (customers, drafts, connections, stock items): the caption for assistive
 * technology, a header row from its columns, and the rows the page renders with DataRow and
 * DataCell, so every list in the portal has the same spacing, rules and alignment. It scrolls
 * sideways inside its box on a narrow screen instead of widening the page.
 */

interface DataColumn {
  header: ReactNode;
  /** Figures: right-aligned, header and cells alike. */
  numeric?: boolean;
  /** A header only assistive technology reads (a column of actions). */
  srOnly?: boolean;
}

export function DataTable({ caption, columns, testId, children }: { caption: string; columns: DataColumn[]; testId?: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full border-collapse bg-white text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left">
            {columns.map((column, index) => (
              <th key={index} scope="col" className={`px-3 py-2 font-medium ${column.numeric ? "text-right" : ""}`}>
                {column.srOnly ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function DataRow({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <tr className="border-b border-slate-200 align-top" data-testid={testId}>
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
  testId,
  layout = "",
}: {
  children: ReactNode;
  rowHeader?: boolean;
  numeric?: boolean;
  mono?: boolean;
  nowrap?: boolean;
  strong?: boolean;
  testId?: string;
  /** Placement only (breaking long codes, hiding on a narrow screen), never the look. */
  layout?: string;
}) {
  const className = [
    "px-3 py-2",
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
