import type { ReactNode } from "react";

import { FigureTable, type FigureTableProps } from "@/components/ui/table";

import { BarChart, type BarChartProps } from "./bar-chart";

/* The dashboard's parts: a titled section, and a figure of one currency's chart with its table. */

export function DashboardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The chart and the table that carries its figures, under one caption. */
export function ChartFigure({ chart, table }: { chart: BarChartProps; table: FigureTableProps }) {
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">{table.caption}</figcaption>
      <BarChart {...chart} />
      <FigureTable {...table} />
    </figure>
  );
}
