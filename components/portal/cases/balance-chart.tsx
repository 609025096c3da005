import { ColumnHeader, DataCell, DataRow, Table, TableHead } from "@/components/ui/table";
import type { BalancePoint } from "@/lib/portal/cases/case-views";
import type { CaseTexts } from "@/lib/portal/cases/texts";
import { formatMoney } from "@/lib/portal/i18n/format-money";
import { formatTime } from "@/lib/portal/i18n/format-time";
import type { Locale } from "@/lib/portal/i18n/locale";

/*
 * Open capital, interest and expenses over time as a small step chart in inline SVG, each series
 * told apart by colour and by dash pattern (not by colour alone), with the same figures as a table
 * for screen readers and for anyone who wants the numbers.
 */

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { left: 8, right: 8, top: 12, bottom: 20 };

const SERIES = [
  { key: "capital", colour: "#1d4ed8", dash: undefined },
  { key: "interest", colour: "#b45309", dash: "6 4" },
  { key: "expenses", colour: "#7e22ce", dash: "2 3" },
] as const;

export function BalanceChart({ points, currency, locale, texts: t }: { points: BalancePoint[]; currency: string | null; locale: Locale; texts: CaseTexts }) {
  const labels = { capital: t.openCapital, interest: t.interest, expenses: t.expenses };
  if (points.length === 0) {
    return (
      <section aria-labelledby="balance-heading" className="space-y-2">
        <h2 id="balance-heading" className="text-lg font-semibold">
          {t.chart}
        </h2>
        <p className="text-sm text-slate-700">{t.chartEmpty}</p>
      </section>
    );
  }

  const times = points.map((point) => new Date(point.time).getTime());
  const start = Math.min(...times);
  const end = Math.max(...times);
  const span = end - start || 1;
  const max = Math.max(1, ...points.flatMap((point) => [point.capital, point.interest, point.expenses]));
  const x = (index: number) => (points.length === 1 ? PAD.left : PAD.left + ((times[index]! - start) / span) * (WIDTH - PAD.left - PAD.right));
  const y = (value: number) => PAD.top + (1 - value / max) * (HEIGHT - PAD.top - PAD.bottom);
  const right = WIDTH - PAD.right;

  // A step line: each value holds until the next point, and the last holds to the right edge.
  const path = (key: (typeof SERIES)[number]["key"]) => {
    let d = `M ${x(0).toFixed(1)} ${y(points[0]![key]).toFixed(1)}`;
    for (let index = 1; index < points.length; index++) d += ` H ${x(index).toFixed(1)} V ${y(points[index]![key]).toFixed(1)}`;
    return `${d} H ${right}`;
  };

  return (
    <section aria-labelledby="balance-heading" className="space-y-2">
      <h2 id="balance-heading" className="text-lg font-semibold">
        {t.chart}
      </h2>
      <figure className="space-y-2">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby="balance-title balance-desc"
          className="h-auto w-full max-w-3xl rounded border border-slate-200 bg-white"
        >
          <title id="balance-title">{t.chart}</title>
          <desc id="balance-desc">{t.chartSummary}</desc>
          <line x1={PAD.left} x2={right} y1={y(0)} y2={y(0)} stroke="#94a3b8" strokeWidth="1" />
          <line x1={PAD.left} x2={right} y1={y(max)} y2={y(max)} stroke="#e2e8f0" strokeWidth="1" />
          <text x={right} y={y(max) - 2} textAnchor="end" fontSize="10" fill="#475569">
            {formatMoney(max, currency, locale)}
          </text>
          {SERIES.map((series) => (
            <path key={series.key} d={path(series.key)} fill="none" stroke={series.colour} strokeWidth="2" strokeDasharray={series.dash} />
          ))}
          {points.map((point, index) => (
            <circle key={`${point.time}-${index}`} cx={x(index)} cy={y(point.capital)} r="2.5" fill={SERIES[0].colour} />
          ))}
        </svg>
        <figcaption>
          <ul className="flex flex-wrap gap-4 text-xs text-slate-700">
            {SERIES.map((series) => (
              <li key={series.key} className="flex items-center gap-1">
                <svg width="24" height="8" aria-hidden="true">
                  <line x1="0" x2="24" y1="4" y2="4" stroke={series.colour} strokeWidth="2" strokeDasharray={series.dash} />
                </svg>
                {labels[series.key]}
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
      <details className="text-sm">
        <summary className="cursor-pointer text-blue-800 underline focus-visible:outline-2 focus-visible:outline-blue-700">{t.chartTable}</summary>
        <div className="mt-2">
          <Table caption={t.chart}>
            <TableHead>
              <ColumnHeader>{t.time}</ColumnHeader>
              {SERIES.map((series) => (
                <ColumnHeader key={series.key} numeric>
                  {labels[series.key]}
                </ColumnHeader>
              ))}
            </TableHead>
            <tbody>
              {points.map((point, index) => (
                <DataRow key={`${point.time}-${index}`}>
                  <DataCell rowHeader nowrap>
                    <time dateTime={point.time} suppressHydrationWarning>
                      {formatTime(point.time, locale)}
                    </time>
                  </DataCell>
                  {SERIES.map((series) => (
                    <DataCell key={series.key} numeric>
                      {formatMoney(point[series.key], currency, locale)}
                    </DataCell>
                  ))}
                </DataRow>
              ))}
            </tbody>
          </Table>
        </div>
      </details>
    </section>
  );
}
