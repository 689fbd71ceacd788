import {
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { NationalPerformance } from '@esr/contracts/model-performance';
import type { Column } from '../../../components/content';
import { InsetText, Table, Tag } from '../../../components/content';
import { DataText, dataText } from '../../../components/data-text';
import { countText, decimalText, expectedText, notCalculated, ratioText } from '../lib/figures-text';
import { niceTicks } from '../lib/series';
import {
  axisProps,
  chartMargin,
  ChartSection,
  palette,
  valueAxisWidth,
  type AxisTitles,
} from './chart-section';

type NationalTrust = NationalPerformance['trusts'][number];

const limitsText = (lower: number, upper: number) => `${ratioText(lower)} to ${ratioText(upper)}`;

/** Outside the 99.8% limits, in words. */
export const outlierText = (outlier: NationalTrust['outlier']) =>
  outlier === 'high'
    ? 'Above: more complications than expected'
    : outlier === 'low'
      ? 'Below: fewer complications than expected'
      : 'No';

const columns: Column<NationalTrust>[] = [
  {
    header: 'Trust',
    cell: (trust) => (
      <>
        <DataText text={trust.trustName} /> ({trust.trustCode})
      </>
    ),
  },
  { header: 'Patients', cell: (trust) => countText(trust.n), numeric: true },
  { header: 'Complications', cell: (trust) => countText(trust.events), numeric: true },
  { header: 'Expected', cell: (trust) => expectedText(trust.expected), numeric: true },
  { header: 'Observed / expected', cell: (trust) => ratioText(trust.oe), numeric: true },
  {
    header: '95% limits',
    cell: (trust) => (trust.limits ? limitsText(trust.limits.lower95, trust.limits.upper95) : notCalculated),
    numeric: true,
  },
  {
    header: '99.8% limits',
    cell: (trust) =>
      trust.limits ? limitsText(trust.limits.lower998, trust.limits.upper998) : notCalculated,
    numeric: true,
  },
  {
    header: 'Outside the 99.8% limits',
    cell: (trust) =>
      trust.outlier ? (
        <Tag colour={trust.outlier === 'high' ? 'red' : 'green'}>{outlierText(trust.outlier)}</Tag>
      ) : (
        'No'
      ),
  },
];

/**
 * Why the limits are wider than chance alone would draw them (Spiegelhalter, 2005): the trusts
 * differ more than Poisson counts would, so a trust is judged against that wider spread.
 */
export const overdispersionText = (phi: number): string =>
  `The trusts differ from one another more than chance alone would explain (overdispersion ${phi.toLocaleString('en-GB', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}), so the limits have been widened by √${phi.toLocaleString('en-GB', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}: a trust outside them differs from the others by more than the usual spread between trusts.`;

/** The funnel plot in a sentence, for its accessible name. */
export function funnelSummary(national: NationalPerformance): string {
  const shown = national.trusts.filter((trust) => trust.oe !== null);
  const high = national.trusts
    .filter((trust) => trust.outlier === 'high')
    .map((trust) => dataText(trust.trustName));
  const low = national.trusts
    .filter((trust) => trust.outlier === 'low')
    .map((trust) => dataText(trust.trustName));
  const outside =
    high.length + low.length === 0
      ? 'none is outside the 99.8% limits'
      : [
          high.length > 0 ? `above the 99.8% limits: ${high.join(', ')}` : '',
          low.length > 0 ? `below them: ${low.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; ');
  return `Funnel plot of observed against expected complications for ${countText(shown.length)} ${shown.length === 1 ? 'trust' : 'trusts'}: ${outside}.`;
}

export const funnelAxes: AxisTitles = {
  across: 'Expected complications',
  up: 'Observed / expected complications',
};

const pointColour = (outlier: NationalTrust['outlier']) =>
  outlier === 'high' ? palette.red : outlier === 'low' ? palette.green : palette.blue;

/**
 * The funnel plot (decision 0045, super admins): each trust's observed / expected against its
 * expected number of complications, within the 95% and 99.8% limits that narrow as it grows.
 */
export function FunnelSection({ national }: { national: NationalPerformance }) {
  const trusts = national.trusts.filter(
    (trust): trust is NationalTrust & { oe: number } => trust.oe !== null,
  );
  const ticks = niceTicks(0, Math.max(2, ...trusts.map((trust) => trust.oe)) * 1.1);
  const top = ticks.at(-1)!;
  const limit = (
    key: 'lower95' | 'upper95' | 'lower998' | 'upper998',
    dashed: string,
    stroke: string,
    name?: string,
  ) => (
    <Line
      data={national.funnel}
      dataKey={key}
      name={name ?? key}
      legendType={name ? 'plainline' : 'none'}
      stroke={stroke}
      strokeDasharray={dashed}
      strokeWidth={2}
      dot={false}
      activeDot={false}
      isAnimationActive={false}
      tooltipType="none"
    />
  );
  return (
    <ChartSection
      id="funnel"
      title="Trusts compared: funnel plot"
      howToRead="Each dot is a trust: its observed complications divided by those expected (up), against the number expected (across). The dashed lines are the 95% limits and the dotted red lines the 99.8% limits, which narrow as trusts operate on more patients. A trust outside the 99.8% limits is unlikely to be there by chance: red dots above, green dots below."
      lead={
        national.overdispersion?.inflated ? (
          <InsetText>
            <p>{overdispersionText(national.overdispersion.phi)}</p>
          </InsetText>
        ) : undefined
      }
      summary={funnelSummary(national)}
      axes={funnelAxes}
      chart={
        <ComposedChart margin={chartMargin} accessibilityLayer={false}>
          <CartesianGrid stroke={palette.grid} />
          <XAxis
            {...axisProps}
            type="number"
            dataKey="expected"
            domain={[0, 'dataMax']}
            tickFormatter={(value: number) => decimalText(value, 0)}
          />
          <YAxis
            {...axisProps}
            type="number"
            domain={[0, top]}
            ticks={ticks}
            allowDataOverflow
            tickFormatter={ratioText}
            width={valueAxisWidth}
          />
          <ReferenceLine y={1} stroke={palette.darkGrey} />
          {limit('upper95', '6 4', palette.darkGrey, '95% limits')}
          {limit('lower95', '6 4', palette.darkGrey)}
          {limit('upper998', '2 3', palette.red, '99.8% limits')}
          {limit('lower998', '2 3', palette.red)}
          <Scatter data={trusts} dataKey="oe" name="Trust" fill={palette.blue} isAnimationActive={false}>
            {trusts.map((trust) => (
              <Cell key={trust.trustCode} fill={pointColour(trust.outlier)} />
            ))}
          </Scatter>
          <Tooltip formatter={(value) => (typeof value === 'number' ? ratioText(value) : value)} />
          <Legend verticalAlign="top" />
        </ComposedChart>
      }
    >
      <Table
        caption="Observed against expected by trust"
        columns={columns}
        rows={national.trusts}
        rowKey={(trust) => trust.trustCode}
      />
    </ChartSection>
  );
}
