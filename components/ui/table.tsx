import type { ReactNode } from "react";

/*
 * A table of figures: the row header first (a bucket, a month, a phase, a ledger line), the figures
 * right-aligned after it, and totals in a foot; its caption is read by assistive technology. The
 * dashboard's charts and the control list are built on it.
 */

const cell = "px-3 py-1.5";
const number = `${cell} text-right tabular-nums`;

export interface FigureRow {
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
