import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  XAxis,
  YAxis,
  useXAxisScale,
  useYAxisScale,
} from 'recharts';
import type { NationalPerformance } from '@esr/contracts/model-performance';
import type { Column } from '../../../components/content';
import { InsetText, Table, Tag } from '../../../components/content';
import { DataText, dataText } from '../../../components/data-text';
import { countText, decimalText, expectedText, notCalculated, ratioText } from '../lib/figures-text';
import { niceTicks } from '../lib/series';
import { ChartSection, palette, plotProps, tickedAxis, valueAxis, type AxisTitles } from './chart-section';

type NationalTrust = NationalPerformance['trusts'][number];

const limitsText = (lower: number, upper: number) => `${ratioText(lower)} to ${ratioText(upper)}`;

/** Outside the 99.8% limits, in words. */
export const outlierText = (outlier: NationalTrust['outlier']) =>
  outlier === 'high'
    ? 'Above: more complications than expected'
    : outlier === 'low'
      ? 'Below: fewer complications than expected'
      : 'No';

const columns = (ownTrustCode: string): Column<NationalTrust>[] => [
  {
    header: 'Trust',
    cell: (trust) => (
      <>
        <DataText text={trust.trustName} /> ({trust.trustCode})
        {trust.trustCode === ownTrustCode && (
          <>
            {' '}
            <Tag colour="blue">Your trust</Tag>
          </>
        )}
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

const pointColour = (outlier: NationalTrust['outlier']) =>
  outlier === 'high' ? palette.red : outlier === 'low' ? palette.green : palette.blue;

export const funnelAxes: AxisTitles = {
  across: 'Expected complications',
  up: 'Observed / expected complications',
};

/** A trust with an observed / expected: one that has a point on the chart. */
type PlottedTrust = NationalTrust & { oe: number };

/** The words that name a trust's point: on focus, over the chart, and as the point's accessible name. */
export function funnelPointLines(trust: PlottedTrust, ownTrustCode: string): string[] {
  const outside =
    trust.outlier === 'high'
      ? 'Above the 99.8% limits: more complications than expected'
      : trust.outlier === 'low'
        ? 'Below the 99.8% limits: fewer complications than expected'
        : null;
  return [
    `${dataText(trust.trustName)} (${trust.trustCode})${trust.trustCode === ownTrustCode ? ', your trust' : ''}`,
    `Observed / expected: ${ratioText(trust.oe)}`,
    `Expected complications: ${expectedText(trust.expected)}`,
    ...(outside ? [outside] : []),
  ];
}

export const funnelPointName = (trust: PlottedTrust, ownTrustCode: string): string =>
  `${funnelPointLines(trust, ownTrustCode).join('. ')}.`;

/** The point in focus or under the pointer: its trust, and where it is drawn. */
interface ShownPoint {
  trust: PlottedTrust;
  cx: number;
  cy: number;
  /** Its words go to its left, the side with more room, in the right half of the chart. */
  left: boolean;
}

/** The chart's trusts, left to right (the order Tab takes), and its axes' ticks. */
interface FunnelLayout {
  trusts: PlottedTrust[];
  upTicks: number[];
  acrossTicks: number[];
}

function funnelLayout(national: NationalPerformance): FunnelLayout {
  const trusts = national.trusts
    .filter((trust): trust is PlottedTrust => trust.oe !== null)
    .toSorted((a, b) => a.expected - b.expected);
  return {
    trusts,
    upTicks: niceTicks(0, Math.max(2, ...trusts.map((trust) => trust.oe)) * 1.1),
    acrossTicks: niceTicks(
      0,
      Math.max(
        1,
        ...trusts.map((trust) => trust.expected),
        ...national.funnel.map((point) => point.expected),
      ),
    ),
  };
}

const inRightHalf = (trust: PlottedTrust, layout: FunnelLayout) =>
  trust.expected > layout.acrossTicks.at(-1)! / 2;

/**
 * A trust's point: reached with Tab, named by its trust and figures, and showing them beside it
 * while in focus or under the pointer (WCAG 1.4.13: Escape hides them). The user's own trust is a
 * larger diamond with a dark edge, labelled 'Your trust', so that it does not depend on colour.
 */
export function FunnelPoint({
  trust,
  cx,
  cy,
  ownTrustCode,
  left,
  onShow,
}: {
  trust: PlottedTrust;
  cx: number;
  cy: number;
  ownTrustCode: string;
  left: boolean;
  onShow: (shown: ShownPoint | null) => void;
}) {
  const own = trust.trustCode === ownTrustCode;
  const show = () => onShow({ trust, cx, cy, left });
  const radius = own ? 8 : 6;
  return (
    <g
      className="app-funnel-point"
      tabIndex={0}
      role="img"
      aria-label={funnelPointName(trust, ownTrustCode)}
      data-trust-code={trust.trustCode}
      onFocus={show}
      onMouseEnter={show}
      onBlur={() => onShow(null)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onShow(null);
      }}
    >
      {/* The NHS.UK focus style, yellow with a dark edge, drawn around the point. */}
      <circle
        className="app-funnel-point__focus"
        cx={cx}
        cy={cy}
        r={radius + 7}
        fill="#ffeb3b"
        stroke="#212b32"
        strokeWidth={2}
      />
      {own ? (
        <>
          <path
            d={`M${cx} ${cy - radius - 2}L${cx + radius + 2} ${cy}L${cx} ${cy + radius + 2}L${cx - radius - 2} ${cy}Z`}
            fill={pointColour(trust.outlier)}
            stroke="#212b32"
            strokeWidth={2}
          />
          <text
            className="app-funnel-point__own"
            x={left ? cx - radius - 12 : cx + radius + 12}
            y={cy}
            dy="0.35em"
            textAnchor={left ? 'end' : 'start'}
            aria-hidden="true"
          >
            Your trust
          </text>
        </>
      ) : (
        <circle cx={cx} cy={cy} r={radius} fill={pointColour(trust.outlier)} />
      )}
    </g>
  );
}

/**
 * The trusts' points, drawn here rather than by the chart library's scatter, which draws its
 * points afresh when it updates and so would lose the focus of the point being read.
 */
function FunnelPoints({
  layout,
  ownTrustCode,
  onShow,
}: {
  layout: FunnelLayout;
  ownTrustCode: string;
  onShow: (shown: ShownPoint | null) => void;
}) {
  const across = useXAxisScale();
  const up = useYAxisScale();
  if (!across || !up) return null;
  const top = layout.upTicks.at(-1)!;
  return (
    <g className="app-funnel-points">
      {layout.trusts.map((trust) => {
        const cx = across(trust.expected);
        const cy = up(Math.min(trust.oe, top));
        if (cx === undefined || cy === undefined) return null;
        return (
          <FunnelPoint
            key={trust.trustCode}
            trust={trust}
            cx={cx}
            cy={cy}
            ownTrustCode={ownTrustCode}
            left={inRightHalf(trust, layout)}
            onShow={onShow}
          />
        );
      })}
    </g>
  );
}

/**
 * The figures of the point in focus or under the pointer, beside it: level with it, and moved up
 * or down as far as it takes to stay inside the chart, over neither the axis titles nor the table.
 */
function PointLabel({ shown, ownTrustCode }: { shown: ShownPoint; ownTrustCode: string }) {
  const [title, ...figures] = funnelPointLines(shown.trust, ownTrustCode);
  const label = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = label.current;
    const plot = element?.offsetParent;
    if (!element || !(plot instanceof HTMLElement)) return;
    const highest = plot.clientHeight - element.offsetHeight;
    element.style.top = `${Math.max(0, Math.min(shown.cy - element.offsetHeight / 2, highest))}px`;
  }, [shown]);
  return (
    <div
      ref={label}
      className="app-funnel-label"
      aria-hidden="true"
      style={{
        left: shown.cx,
        top: shown.cy,
        // As wide as the room on its side of the point, so that a long trust name wraps inside the chart.
        maxWidth: `min(20rem, ${shown.left ? `${shown.cx - 24}px` : `calc(100% - ${shown.cx + 24}px)`})`,
        transform: `translateX(${shown.left ? 'calc(-100% - 16px)' : '16px'})`,
      }}
    >
      <strong>{title}</strong>
      {figures.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </div>
  );
}

/**
 * The chart itself. It is drawn again only when its figures change, not when a point's words
 * are shown, so that the point in focus keeps it.
 */
const FunnelChart = memo(function FunnelChart({
  national,
  layout,
  ownTrustCode,
  onShow,
}: {
  national: NationalPerformance;
  layout: FunnelLayout;
  ownTrustCode: string;
  onShow: (shown: ShownPoint | null) => void;
}) {
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
    <ComposedChart {...plotProps}>
      <CartesianGrid stroke={palette.grid} />
      <XAxis
        {...tickedAxis(layout.acrossTicks, (value: number) => decimalText(value, 0))}
        type="number"
        dataKey="expected"
      />
      <YAxis {...valueAxis(layout.upTicks, ratioText)} type="number" allowDataOverflow />
      <ReferenceLine y={1} stroke={palette.darkGrey} />
      {limit('upper95', '6 4', palette.darkGrey, '95% limits')}
      {limit('lower95', '6 4', palette.darkGrey)}
      {limit('upper998', '2 3', palette.red, '99.8% limits')}
      {limit('lower998', '2 3', palette.red)}
      <FunnelPoints layout={layout} ownTrustCode={ownTrustCode} onShow={onShow} />
      <Legend verticalAlign="top" />
    </ComposedChart>
  );
});

/**
 * The funnel plot (decision 0045, super admins): each trust's observed / expected against its
 * expected number of complications, within the 95% and 99.8% limits that narrow as it grows.
 */
export function FunnelSection({
  national,
  ownTrustCode,
}: {
  national: NationalPerformance;
  /** The signed-in user's trust, marked on the chart and in the table. */
  ownTrustCode: string;
}) {
  const [shown, setShown] = useState<ShownPoint | null>(null);
  const layout = useMemo(() => funnelLayout(national), [national]);
  const ownPlotted = layout.trusts.some((trust) => trust.trustCode === ownTrustCode);
  return (
    <ChartSection
      id="funnel"
      title="Trusts compared: funnel plot"
      howToRead={`Each dot is a trust: its observed complications divided by those expected (up), against the number expected (across). The dashed lines are the 95% limits and the dotted red lines the 99.8% limits, which narrow as trusts operate on more patients. A trust outside the 99.8% limits is unlikely to be there by chance: red dots above, green dots below.${ownPlotted ? ' Your trust is the diamond labelled ‘Your trust’.' : ''} Point to a dot, or move to it with the Tab key, to see which trust it is and its figures.`}
      lead={
        national.overdispersion?.inflated ? (
          <InsetText>
            <p>{overdispersionText(national.overdispersion.phi)}</p>
          </InsetText>
        ) : undefined
      }
      summary={funnelSummary(national)}
      axes={funnelAxes}
      points={{
        overlay: shown && <PointLabel shown={shown} ownTrustCode={ownTrustCode} />,
        // A point's words stay while the pointer is over the chart, and while the point is in focus.
        onPointerLeave: () =>
          setShown((current) =>
            current && document.activeElement?.getAttribute('data-trust-code') === current.trust.trustCode
              ? current
              : null,
          ),
      }}
      chart={
        <FunnelChart national={national} layout={layout} ownTrustCode={ownTrustCode} onShow={setShown} />
      }
    >
      <Table
        caption="Observed against expected by trust"
        columns={columns(ownTrustCode)}
        rows={national.trusts}
        rowKey={(trust) => trust.trustCode}
      />
    </ChartSection>
  );
}
