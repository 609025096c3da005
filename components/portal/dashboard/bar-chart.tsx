/*
 * A bar chart in inline SVG with its axes: a value axis with round ticks and the unit it counts in,
 * a category axis with each bar's label, and a highlighted bar where one is the point (the overdue
 * buckets, the current month). Decorative for assistive technology: the figures stand beside it
 * as a table, which is what a screen reader reads.
 */

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 72, right: 12, top: 24, bottom: 36 };

/** A tick step of 1, 2 or 5 times a power of ten, giving about four steps up to `max`; whole steps for counts. */
export function tickStep(max: number, whole = false): number {
  if (max <= 0) return 1;
  const rough = whole ? Math.max(1, max / 4) : max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const multiple = [1, 2, 5, 10].find((candidate) => candidate * power >= rough)!;
  return multiple * power;
}

export interface Bar {
  label: string;
  value: number;
  /** Drawn in the accent colour (and with a pattern, so not by colour alone). */
  marked?: boolean;
}

export interface BarChartProps {
  bars: Bar[];
  unit: string;
  formatValue: (value: number) => string;
  /** Counts: ticks in whole steps. */
  whole?: boolean;
}

export function BarChart({ bars, unit, formatValue, whole = false }: BarChartProps) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const step = tickStep(max, whole);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.min(48, slot * 0.7);
  const y = (value: number) => PAD.top + plotHeight - (Math.max(0, value) / top) * plotHeight;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-2xl" aria-hidden="true" focusable="false">
      <defs>
        <pattern id="bar-marked" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="#b45309" />
          <line x1="0" y1="0" x2="0" y2="6" stroke="#fde68a" strokeWidth="2" />
        </pattern>
      </defs>
      <text x={PAD.left - 8} y={PAD.top - 10} textAnchor="end" className="fill-slate-600 text-[11px]">
        {unit}
      </text>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke={tick === 0 ? "#334155" : "#e2e8f0"} />
          <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
            {formatValue(tick)}
          </text>
        </g>
      ))}
      <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + plotHeight} stroke="#334155" />
      {bars.map((bar, index) => {
        const x = PAD.left + slot * index + (slot - barWidth) / 2;
        return (
          <g key={bar.label}>
            <rect
              x={x}
              y={y(bar.value)}
              width={barWidth}
              height={Math.max(0, PAD.top + plotHeight - y(bar.value))}
              fill={bar.marked ? "url(#bar-marked)" : "#1d4ed8"}
            />
            <text x={x + barWidth / 2} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" className="fill-slate-700 text-[11px]">
              {bar.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
