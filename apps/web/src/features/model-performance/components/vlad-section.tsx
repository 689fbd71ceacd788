import { ReferenceLine } from 'recharts';
import type { ModelPerformance } from '@esr/contracts/model-performance';
import type { Column } from '../../../components/content';
import { formatDate } from '../../../lib/dates';
import { countText, decimalText, expectedText } from '../lib/figures-text';
import { niceTicks, type MonthOfSeries } from '../lib/series';
import { ChartSection, DateSeriesChart, palette, SeriesTables, type AxisTitles } from './chart-section';

type VladPoint = ModelPerformance['vlad'][number];

const differenceText = (value: number) => decimalText(value, 1);

const columns: Column<VladPoint>[] = [
  { header: 'Date of operation', cell: (point) => formatDate(point.date) },
  { header: 'Operations', cell: (point) => countText(point.n), numeric: true },
  { header: 'Expected so far', cell: (point) => expectedText(point.cumulativeExpected), numeric: true },
  { header: 'Observed so far', cell: (point) => countText(point.cumulativeObserved), numeric: true },
  { header: 'Expected minus observed', cell: (point) => differenceText(point.value), numeric: true },
];

const monthColumns: Column<MonthOfSeries<VladPoint>>[] = [
  {
    header: 'Operations',
    cell: (month) => countText(month.points.reduce((sum, point) => sum + point.n, 0)),
    numeric: true,
  },
  {
    header: 'Expected by the month’s end',
    cell: (month) => expectedText(month.last.cumulativeExpected),
    numeric: true,
  },
  {
    header: 'Observed by the month’s end',
    cell: (month) => countText(month.last.cumulativeObserved),
    numeric: true,
  },
  { header: 'Expected minus observed', cell: (month) => differenceText(month.last.value), numeric: true },
];

export const vladAxes: AxisTitles = {
  across: 'Date of operation',
  up: 'Expected minus observed complications',
};

/** The VLAD in a sentence, for its accessible name. */
export function vladSummary(points: readonly VladPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'Expected minus observed: no operations to show';
  const side =
    last.value > 0
      ? 'fewer complications than predicted'
      : last.value < 0
        ? 'more complications than predicted'
        : 'as many complications as predicted';
  return `Expected minus observed complications from ${formatDate(first.date)} to ${formatDate(last.date)}: it ends at ${differenceText(last.value)}, ${side} (${expectedText(last.cumulativeExpected)} expected, ${countText(last.cumulativeObserved)} observed).`;
}

/**
 * The variable life-adjusted display (decision 0045): after each operation date, the complications
 * the model expected so far minus those that happened. Rising means fewer than predicted.
 */
export function VladSection({ points }: { points: readonly VladPoint[] }) {
  const values = points.map((point) => point.value);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  return (
    <ChartSection
      id="vlad"
      title="Expected minus observed over time"
      howToRead="The line adds up, operation date by operation date, the complications the model expected minus those that happened. Above zero, there have been fewer complications than predicted; below zero, more. A line falling steadily means complications are more frequent than the model predicts."
      summary={vladSummary(points)}
      axes={vladAxes}
      chart={
        <DateSeriesChart
          points={points}
          ticks={ticks}
          tickText={differenceText}
          valueText={differenceText}
          line={{ type: 'stepAfter', name: 'Expected minus observed' }}
        >
          <ReferenceLine y={0} stroke={palette.darkGrey} />
        </DateSeriesChart>
      }
    >
      <SeriesTables
        caption="Expected minus observed by date of operation"
        points={points}
        columns={columns}
        monthColumns={monthColumns}
      />
    </ChartSection>
  );
}
