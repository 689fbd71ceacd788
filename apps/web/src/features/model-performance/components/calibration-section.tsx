import {
  CartesianGrid,
  ErrorBar,
  ReferenceLine,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ModelPerformance } from '@esr/contracts/model-performance';
import type { Column } from '../../../components/content';
import { Table } from '../../../components/content';
import { countText, percentText } from '../lib/figures-text';
import { niceTicks } from '../lib/series';
import { ChartSection, palette, plotProps, tickedAxis, valueAxis, type AxisTitles } from './chart-section';

type Decile = ModelPerformance['deciles'][number];

/**
 * Both axes' ticks, the same on each so that the diagonal runs corner to corner: up to the highest
 * rate or interval.
 */
const axisTicks = (deciles: readonly Decile[]) =>
  niceTicks(0, Math.min(1, Math.max(0.05, ...deciles.flatMap((d) => [d.upper, d.meanPredicted]))));

/** A tick: the rate as a number of per cent, the axis title giving the unit ('12.5'). */
const tickText = (rate: number) => (rate * 100).toLocaleString('en-GB', { maximumFractionDigits: 1 });

export const calibrationAxes: AxisTitles = { across: 'Predicted risk (%)', up: 'Observed risk (%)' };

const columns: Column<Decile>[] = [
  {
    header: 'Tenth of predicted risk',
    cell: (d) => (d.decile === 1 ? '1 (lowest)' : d.decile === 10 ? '10 (highest)' : d.decile),
    numeric: true,
  },
  { header: 'Patients', cell: (d) => countText(d.n), numeric: true },
  { header: 'Complications', cell: (d) => countText(d.events), numeric: true },
  { header: 'Mean predicted risk', cell: (d) => percentText(d.meanPredicted), numeric: true },
  { header: 'Observed rate', cell: (d) => percentText(d.observedRate), numeric: true },
  {
    header: '95% interval of the observed rate',
    cell: (d) => `${percentText(d.lower)} to ${percentText(d.upper)}`,
    numeric: true,
  },
];

/** The calibration plot in a sentence, for its accessible name. */
export function calibrationSummary(deciles: readonly Decile[]): string {
  const first = deciles[0];
  const last = deciles.at(-1);
  if (!first || !last) return 'Calibration plot: no patients to show';
  return `Calibration plot of ${deciles.length} groups by predicted risk: the lowest predicted ${percentText(first.meanPredicted)} and observed ${percentText(first.observedRate)}; the highest predicted ${percentText(last.meanPredicted)} and observed ${percentText(last.observedRate)}. The table below gives every group.`;
}

/**
 * The calibration plot (decision 0045): for each tenth of the patients by predicted risk, the
 * mean predicted risk (across) against the observed rate (up), with its Wilson 95% interval, and
 * the diagonal where the two agree.
 */
export function CalibrationSection({ deciles }: { deciles: readonly Decile[] }) {
  const ticks = axisTicks(deciles);
  const top = ticks.at(-1)!;
  const points = deciles.map((d) => ({
    ...d,
    interval: [d.observedRate - d.lower, d.upper - d.observedRate],
  }));
  return (
    <ChartSection
      id="calibration"
      title="Calibration: predicted against observed"
      howToRead="The patients are split into tenths by their predicted risk. Each dot is one tenth: how many had a complication (up) against what the model predicted (across), with a line showing its 95% interval. Dots close to the dashed diagonal mean the predictions were right on average; dots above it, more complications than predicted."
      summary={calibrationSummary(deciles)}
      axes={calibrationAxes}
      chart={
        <ScatterChart {...plotProps}>
          <CartesianGrid stroke={palette.grid} />
          <XAxis
            {...tickedAxis(ticks, tickText)}
            type="number"
            dataKey="meanPredicted"
            name="Mean predicted risk"
          />
          <YAxis {...valueAxis(ticks, tickText)} type="number" dataKey="observedRate" name="Observed rate" />
          <ReferenceLine
            segment={[
              { x: 0, y: 0 },
              { x: top, y: top },
            ]}
            stroke={palette.darkGrey}
            strokeDasharray="6 4"
          />
          <Scatter data={points} fill={palette.blue} name="Tenth of predicted risk" isAnimationActive={false}>
            <ErrorBar dataKey="interval" direction="y" stroke={palette.blue} width={6} />
          </Scatter>
          <Tooltip formatter={(value) => (typeof value === 'number' ? percentText(value) : value)} />
        </ScatterChart>
      }
    >
      <Table
        caption="Predicted and observed by tenth of predicted risk"
        columns={columns}
        rows={[...deciles]}
        rowKey={(d) => String(d.decile)}
      />
    </ChartSection>
  );
}
