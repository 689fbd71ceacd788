import type { ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { Table, type Column } from '../../../components/content';
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
  tick: { fontSize: 14, fill: palette.darkGrey },
  stroke: palette.darkGrey,
} as const;
export const chartMargin = { top: 16, right: 16, bottom: 24, left: 8 };

/**
 * A chart's section: its heading, a sentence on how to read it, the chart (an image named by a
 * summary of it, so that the chart's own elements are not read out one by one) and, for everyone,
 * the same figures as a table.
 */
export function ChartSection({
  id,
  title,
  howToRead,
  lead,
  summary,
  chart,
  children,
}: {
  id: string;
  title: string;
  howToRead: ReactNode;
  /** Shown between the sentence and the chart: what matters most about it. */
  lead?: ReactNode;
  /** The chart in a sentence: its accessible name. */
  summary: string;
  chart: ReactElement;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="app-chart-section">
      <h2 id={id}>{title}</h2>
      <p>{howToRead}</p>
      {lead}
      <div className="app-chart" role="img" aria-label={summary}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 320 }}>
          {chart}
        </ResponsiveContainer>
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
