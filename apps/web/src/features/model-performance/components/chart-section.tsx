import type { ReactElement, ReactNode } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Table, type Column } from '../../../components/content';
import { formatDate } from '../../../lib/dates';
import { byMonth, monthText, seriesSummaryAfter, type MonthOfSeries } from '../lib/series';
import { countText } from '../lib/figures-text';
import './model-performance.scss';

/** NHS.UK colours, for the charts' lines and points (each also said in words beside the chart). */
export const palette = {
  blue: '#005eb8',
  red: '#d5281b',
  warmYellow: '#ffb81c',
  darkGrey: '#425563',
  green: '#007f3b',
  grid: '#d8dde0',
} as const;

/** What every chart's axes share: readable ticks at 375 px wide and at 1280 px. */
export const axisProps = {
  // Kept from screen readers, which would read the numbers one by one in the funnel plot's group of
  // points: the figures are in the table beside every chart.
  tick: { fontSize: 14, fill: palette.darkGrey, 'aria-hidden': true },
  stroke: palette.darkGrey,
} as const;
/** Wide enough for the longest tick ('-10.0', '2.50'); the across axis's title is centred past it. */
export const valueAxisWidth = 48;
export const chartMargin = { top: 16, right: 16, bottom: 8, left: 8 };
/**
 * What every chart's plot shares: its margin, and no keyboard layer of the chart library's own, the
 * chart being named as a whole (see ChartSection) and its figures being in the table beside it.
 */
export const plotProps = { margin: chartMargin, accessibilityLayer: false } as const;

/** An axis from its first tick to its last, each tick written by `tickText`. */
export const tickedAxis = (ticks: number[], tickText: (value: number) => string) => ({
  ...axisProps,
  domain: [ticks[0]!, ticks.at(-1)!] as [number, number],
  ticks,
  tickFormatter: tickText,
});

/** The up axis of a chart: a ticked axis, wide enough for its longest tick. */
export const valueAxis = (ticks: number[], tickText: (value: number) => string) => ({
  ...tickedAxis(ticks, tickText),
  width: valueAxisWidth,
});

/** Each axis's title, with its unit: shown beside the chart and said in the chart's name. */
export interface AxisTitles {
  across: string;
  up: string;
}

/** The chart's accessible name: what it shows, then its axes, as a sighted reader sees them. */
export const chartName = (summary: string, axes: AxisTitles): string =>
  `${summary} Across: ${axes.across}. Up: ${axes.up}.`;

/**
 * A chart's section: its heading, a sentence on how to read it, the chart with its axis titles
 * and, for everyone, the same figures as a table. The chart is an image named by a summary of it
 * and its axes, so that its own elements are not read out one by one; a chart whose points can be
 * reached with the keyboard (`points`) is a group of them instead, under the same name.
 */
export function ChartSection({
  id,
  title,
  howToRead,
  lead,
  summary,
  axes,
  chart,
  points,
  children,
}: {
  id: string;
  title: string;
  howToRead: ReactNode;
  /** Shown between the sentence and the chart: what matters most about it. */
  lead?: ReactNode;
  /** The chart in a sentence: the start of its accessible name. */
  summary: string;
  axes: AxisTitles;
  chart: ReactElement;
  /** For a chart with focusable points: what is shown over the chart for the point in focus. */
  points?: { overlay: ReactNode; onPointerLeave: () => void };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="app-chart-section">
      <h2 id={id}>{title}</h2>
      <p>{howToRead}</p>
      {lead}
      <div className="app-chart-figure" role={points ? 'group' : 'img'} aria-label={chartName(summary, axes)}>
        {/* Horizontal, above the chart, so that it wraps on a phone rather than being cut off. */}
        <p className="app-axis-title" aria-hidden="true">
          {axes.up}
        </p>
        <div className="app-chart-figure__plot" onMouseLeave={points?.onPointerLeave}>
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 320 }}>
            {chart}
          </ResponsiveContainer>
          {points?.overlay}
        </div>
        <p
          className="app-axis-title app-axis-title--across"
          style={{ paddingLeft: valueAxisWidth + chartMargin.left }}
          aria-hidden="true"
        >
          {axes.across}
        </p>
      </div>
      {children}
    </section>
  );
}

/**
 * A series with a point per operation date: a short one as a table of its dates; a long one as a
 * table of its months, with every date behind "Show all dates", so that the page stays usable.
 */
export function SeriesTables<Point extends { date: string }>({
  caption,
  points,
  columns,
  monthColumns,
}: {
  caption: string;
  points: readonly Point[];
  columns: Column<Point>[];
  monthColumns: Column<MonthOfSeries<Point>>[];
}) {
  const dates = (
    <Table caption={caption} columns={columns} rows={[...points]} rowKey={(point) => point.date} />
  );
  if (points.length <= seriesSummaryAfter) return dates;
  return (
    <>
      <Table
        caption={`${caption}, by month`}
        columns={[{ header: 'Month', cell: (month) => monthText(month.month) }, ...monthColumns]}
        rows={byMonth(points)}
        rowKey={(month) => month.month}
      />
      <details className="nhsuk-details">
        <summary className="nhsuk-details__summary">
          <span className="nhsuk-details__summary-text">
            Show all {countText(points.length)} dates
            <span className="nhsuk-u-visually-hidden">: {caption}</span>
          </span>
        </summary>
        <div className="nhsuk-details__text">{dates}</div>
      </details>
    </>
  );
}

/**
 * A running figure by date of operation (the VLAD, each CUSUM): its line across the dates, drawn
 * over the chart's own marks (`children`: its reference lines and areas), with its value on hover.
 */
export function DateSeriesChart({
  points,
  ticks,
  tickText,
  valueText,
  line,
  children,
}: {
  points: readonly { date: string; value: number }[];
  ticks: number[];
  tickText: (value: number) => string;
  /** A value as the tooltip gives it. */
  valueText: (value: number) => string;
  line: { type: 'linear' | 'stepAfter'; name: string };
  children?: ReactNode;
}) {
  return (
    <LineChart data={[...points]} {...plotProps}>
      <CartesianGrid stroke={palette.grid} />
      <XAxis {...axisProps} dataKey="date" tickFormatter={formatDate} minTickGap={48} />
      <YAxis {...valueAxis(ticks, tickText)} />
      {children}
      <Line
        type={line.type}
        dataKey="value"
        name={line.name}
        stroke={palette.blue}
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
      <Tooltip
        labelFormatter={(date) => formatDate(String(date))}
        formatter={(value) => (typeof value === 'number' ? valueText(value) : value)}
      />
    </LineChart>
  );
}
