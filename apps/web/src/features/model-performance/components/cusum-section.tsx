import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ReferenceArea, ReferenceLine } from 'recharts';
import type { CusumChart, CusumDirection } from '@esr/contracts/model-performance';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Table, Tag, type Column } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { cusumDirectionText, decimalText } from '../lib/figures-text';
import { niceTicks, type MonthOfSeries } from '../lib/series';
import { ChartSection, DateSeriesChart, palette, SeriesTables, type AxisTitles } from './chart-section';

type CusumPoint = CusumChart['points'][number];
type CusumSignal = CusumChart['signals'][number];

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

const titles: Record<CusumDirection, string> = {
  worse: 'CUSUM: more complications than predicted',
  better: 'CUSUM: fewer complications than predicted',
};

/**
 * The score has no unit: it adds up, operation by operation, the evidence for the change the chart
 * looks for.
 */
export const cusumAxes: AxisTitles = { across: 'Date of operation', up: 'CUSUM score' };

/** A chart in a sentence, for its accessible name. */
export function cusumSummary(chart: CusumChart): string {
  const first = chart.points[0];
  const last = chart.points.at(-1);
  if (!first || !last || chart.threshold === null) return `${titles[chart.direction]}: no operations to show`;
  const highest = Math.max(...chart.points.map((point) => point.peak));
  const signals =
    chart.signals.length === 0
      ? 'it has not reached the threshold'
      : `it reached the threshold ${chart.signals.length === 1 ? 'once' : `${chart.signals.length} times`}, last on ${formatDate(chart.signals.at(-1)!.date)}, and started again from 0 each time`;
  return `${titles[chart.direction]}, from ${formatDate(first.date)} to ${formatDate(last.date)}, threshold ${cusumText(chart.threshold)}: highest ${cusumText(highest)}, now ${cusumText(last.value)}; ${signals}.`;
}

/**
 * Each signal with what became of it: open (with the way to acknowledge it, for a clinical safety
 * officer), or acknowledged, by whom, when and with their note.
 */
function SignalsTable({
  chart,
  procedure,
  mayAcknowledge,
}: {
  chart: CusumChart;
  procedure: ProcedureCode;
  mayAcknowledge: boolean;
}) {
  const signalColumns: Column<CusumSignal>[] = [
    { header: 'Signalled on', cell: (signal) => formatDate(signal.date) },
    {
      header: 'Acknowledgement',
      cell: (signal) =>
        signal.acknowledgement ? (
          <>
            By <DataText text={signal.acknowledgement.by} /> on {formatDateTime(signal.acknowledgement.at)}:{' '}
            <DataText text={signal.acknowledgement.note} />
          </>
        ) : mayAcknowledge ? (
          <>
            <Tag colour="red">Open</Tag>{' '}
            <Link
              className="nhsuk-link"
              to={paths.acknowledgeSignal({ procedure, direction: chart.direction, date: signal.date })}
            >
              Acknowledge
              <span className="nhsuk-u-visually-hidden"> the signal of {formatDate(signal.date)}</span>
            </Link>
          </>
        ) : (
          <>
            <Tag colour="red">Open</Tag> Waiting for the clinical safety officer
          </>
        ),
    },
  ];
  return (
    <Table
      caption={`Signals: ${cusumDirectionText(chart.direction)}`}
      columns={signalColumns}
      rows={chart.signals}
      rowKey={(signal) => signal.date}
    />
  );
}

/**
 * One risk-adjusted CUSUM (decision 0061): it rises with each outcome that fits the change it looks
 * for (a complication the model thought unlikely, for `worse`; a patient without one it thought at
 * risk, for `better`) and falls back towards zero otherwise; at the threshold it signals and starts
 * again from 0, so that every signal is dated and a later one can follow.
 */
export function CusumSection({
  chart,
  procedure,
  mayAcknowledge,
  lead,
}: {
  chart: CusumChart;
  procedure: ProcedureCode;
  mayAcknowledge: boolean;
  lead?: ReactNode;
}) {
  const threshold = chart.threshold ?? 0;
  const highest = Math.max(threshold, ...chart.points.map((point) => point.peak));
  const ticks = niceTicks(0, highest * 1.1 || 1);
  const top = ticks.at(-1)!;
  const howToRead =
    chart.direction === 'worse'
      ? 'The line rises with each complication, more for those the model thought unlikely, and falls back towards zero with each patient who had none. It looks for the odds of a complication being twice what the model predicts: the model under-predicting, which is the unsafe direction.'
      : 'The line rises with each patient who had no complication, more for those the model thought at risk, and falls back towards zero with each complication. It looks for the odds of a complication being half what the model predicts: the model over-predicting, which sends patients for more care than they need.';
  return (
    <ChartSection
      id={`cusum-${chart.direction}`}
      title={titles[chart.direction]}
      howToRead={`${howToRead} When it reaches the red dashed threshold line it signals, and starts again from 0.`}
      lead={lead}
      summary={cusumSummary(chart)}
      axes={cusumAxes}
      chart={
        <DateSeriesChart
          points={chart.points}
          ticks={ticks}
          tickText={tickText}
          valueText={cusumText}
          line={{ type: 'linear', name: 'CUSUM' }}
        >
          {chart.threshold !== null && (
            <>
              <ReferenceArea y1={chart.threshold} y2={top} fill={palette.warmYellow} fillOpacity={0.2} />
              <ReferenceLine
                y={chart.threshold}
                stroke={palette.red}
                strokeWidth={2}
                strokeDasharray="6 4"
                label={{
                  value: `Threshold ${tickText(chart.threshold)}`,
                  position: 'insideBottomLeft',
                  fill: palette.red,
                }}
              />
            </>
          )}
          {chart.signals.map((signal) => (
            <ReferenceLine key={signal.date} x={signal.date} stroke={palette.red} strokeWidth={2} />
          ))}
        </DateSeriesChart>
      }
    >
      {/* The threshold line's figure, for those who do not see the chart. */}
      {chart.threshold !== null && <p>The threshold is {cusumText(chart.threshold)}.</p>}
      {chart.signals.length > 0 ? (
        <SignalsTable chart={chart} procedure={procedure} mayAcknowledge={mayAcknowledge} />
      ) : (
        <p>It has not signalled.</p>
      )}
      <SeriesTables
        caption={`${titles[chart.direction]}, by date of operation`}
        points={chart.points}
        columns={columns}
        monthColumns={monthColumns}
      />
    </ChartSection>
  );
}
