import type { ReactNode } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ModelPerformance } from '@esr/contracts/model-performance';
import type { Column } from '../../../components/content';
import { WarningCallout } from '../../../components/content';
import { formatDate } from '../../../lib/dates';
import { cusumSignalText, decimalText } from '../lib/figures-text';
import { niceTicks, type MonthOfSeries } from '../lib/series';
import { axisProps, chartMargin, ChartSection, palette, SeriesTables } from './chart-section';

type Cusum = ModelPerformance['cusum'];
type CusumPoint = Cusum['points'][number];

const cusumText = (value: number) => decimalText(value, 2);
const tickText = (value: number) => decimalText(value, 1);

const columns: Column<CusumPoint>[] = [
  { header: 'Date of operation', cell: (point) => formatDate(point.date) },
  { header: 'CUSUM at the end of the day', cell: (point) => cusumText(point.value), numeric: true },
  { header: 'Highest that day', cell: (point) => cusumText(point.peak), numeric: true },
];

const monthColumns: Column<MonthOfSeries<CusumPoint>>[] = [
  { header: 'CUSUM at the month’s end', cell: (month) => cusumText(month.last.value), numeric: true },
  {
    header: 'Highest that month',
    cell: (month) => cusumText(Math.max(...month.points.map((point) => point.peak))),
    numeric: true,
  },
];

/** The CUSUM in a sentence, for its accessible name. */
export function cusumSummary(cusum: Cusum): string {
  const first = cusum.points[0];
  const last = cusum.points.at(-1);
  if (!first || !last) return 'Risk-adjusted CUSUM: no operations to show';
  const highest = Math.max(...cusum.points.map((point) => point.peak));
  const signal = cusum.signalledOn
    ? `it reached the threshold on ${formatDate(cusum.signalledOn)}`
    : 'it has not reached the threshold';
  return `Risk-adjusted CUSUM from ${formatDate(first.date)} to ${formatDate(last.date)}, threshold ${cusumText(cusum.threshold)}: highest ${cusumText(highest)}, now ${cusumText(last.value)}; ${signal}.`;
}

/**
 * The risk-adjusted CUSUM (decision 0045): it rises with each complication the model thought
 * unlikely and falls back towards zero otherwise, and signals when it reaches the trust's
 * threshold. `threshold` says the threshold in force, with a link to change it for those who may.
 */
export function CusumSection({ cusum, threshold }: { cusum: Cusum; threshold: ReactNode }) {
  const highest = Math.max(cusum.threshold, ...cusum.points.map((point) => point.peak));
  const ticks = niceTicks(0, highest * 1.1);
  const top = ticks.at(-1)!;
  // The signal's label goes on the side of its line with more room, so that it is never cut off.
  const signalIndex = cusum.points.findIndex((point) => point.date === cusum.signalledOn);
  const signalLabelSide = signalIndex < cusum.points.length / 2 ? 'insideTopLeft' : 'insideTopRight';
  return (
    <ChartSection
      id="cusum"
      title="Risk-adjusted CUSUM"
      howToRead={`The line rises with each complication, more for those the model thought unlikely, and falls back towards zero with each patient who had none. It looks for the odds of a complication being ${cusum.oddsRatio} times what the model predicts. When it reaches the red dashed threshold line, it signals.`}
      lead={
        <>
          {cusum.signalledOn && (
            <WarningCallout>
              <p>{cusumSignalText(cusum.signalledOn)}</p>
            </WarningCallout>
          )}
          {threshold}
        </>
      }
      summary={cusumSummary(cusum)}
      chart={
        <LineChart data={[...cusum.points]} margin={chartMargin} accessibilityLayer={false}>
          <CartesianGrid stroke={palette.grid} />
          <XAxis {...axisProps} dataKey="date" tickFormatter={formatDate} minTickGap={48} />
          <YAxis {...axisProps} domain={[0, top]} ticks={ticks} tickFormatter={tickText} width={48} />
          <ReferenceArea y1={cusum.threshold} y2={top} fill={palette.warmYellow} fillOpacity={0.2} />
          <ReferenceLine
            y={cusum.threshold}
            stroke={palette.red}
            strokeWidth={2}
            strokeDasharray="6 4"
            label={{
              value: `Threshold ${tickText(cusum.threshold)}`,
              position: 'insideBottomLeft',
              fill: palette.red,
            }}
          />
          {cusum.signalledOn && (
            <ReferenceLine
              x={cusum.signalledOn}
              stroke={palette.red}
              strokeWidth={2}
              label={{ value: 'Signal', position: signalLabelSide, fill: palette.red }}
            />
          )}
          <Line
            type="linear"
            dataKey="value"
            name="CUSUM"
            stroke={palette.blue}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Tooltip
            labelFormatter={(date) => formatDate(String(date))}
            formatter={(value) => (typeof value === 'number' ? cusumText(value) : value)}
          />
        </LineChart>
      }
    >
      <SeriesTables
        caption="Risk-adjusted CUSUM by date of operation"
        points={cusum.points}
        columns={columns}
        monthColumns={monthColumns}
      />
    </ChartSection>
  );
}
