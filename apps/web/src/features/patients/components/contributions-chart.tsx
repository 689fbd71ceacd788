import type { Contribution } from '@esr/contracts/patients';
import { contributionsNote } from '@esr/contracts/patient-wording';
import { Table } from '../../../components/content';
import {
  chartBars,
  contributionsAxes,
  contributionsChartName,
  directionLabels,
  type ChartBar,
} from '../lib/contribution-chart';

/**
 * What moved this prediction: a horizontal bar for each of the ten factors that pushed it most,
 * to the right (red) when it raised the risk and to the left (blue) when it lowered it. The chart
 * is an image named in words (how many factors raise and lower the risk, the largest, its axes);
 * every bar's facts are in the table under it (WCAG 1.1.1).
 */
export function ContributionsChart({ contributions }: { contributions: readonly Contribution[] }) {
  const bars = chartBars(contributions);
  if (bars.length === 0) return null;
  return (
    <section className="app-contributions" aria-labelledby="contributions-heading">
      <h2 id="contributions-heading">What moved this prediction</h2>
      <p>
        The {bars.length === 1 ? 'factor' : `${bars.length} factors`} that changed this patient&apos;s
        prediction the most, with the patient&apos;s value. A longer bar means a larger effect.
      </p>
      <p>{contributionsNote}</p>
      <div className="app-chart" role="img" aria-label={contributionsChartName(bars)}>
        <div className="app-chart__row app-chart__row--axis">
          <p className="app-axis-title">{contributionsAxes.down}</p>
          <span className="app-chart__key app-chart__key--lowers">Lowers the risk</span>
          <span className="app-chart__key app-chart__key--raises">Raises the risk</span>
        </div>
        {bars.map((bar) => (
          <div className="app-chart__row" key={bar.feature}>
            <span className="app-chart__label">
              {bar.displayName} ({bar.valueText})
            </span>
            <span className="app-chart__half app-chart__half--lowers">
              {bar.direction === 'lowers' && (
                <span className="app-chart__bar app-chart__bar--lowers" style={{ width: `${bar.size}%` }} />
              )}
            </span>
            <span className="app-chart__half app-chart__half--raises">
              {bar.direction === 'raises' && (
                <span className="app-chart__bar app-chart__bar--raises" style={{ width: `${bar.size}%` }} />
              )}
            </span>
          </div>
        ))}
        {/* Each half runs from 0 at the centre line to the largest effect, 100, at its outer edge. */}
        <div className="app-chart__row app-chart__row--axis">
          <span />
          <span className="app-chart__ticks">
            <span className="app-chart__tick app-chart__tick--start">100</span>
            <span className="app-chart__tick" style={{ left: '50%' }}>
              50
            </span>
          </span>
          <span className="app-chart__ticks">
            <span className="app-chart__tick">0</span>
            <span className="app-chart__tick" style={{ left: '50%' }}>
              50
            </span>
            <span className="app-chart__tick app-chart__tick--end">100</span>
          </span>
          <p className="app-axis-title app-axis-title--across app-chart__across-title">
            {contributionsAxes.across}
          </p>
        </div>
      </div>
      <details className="nhsuk-details">
        <summary className="nhsuk-details__summary">
          <span className="nhsuk-details__summary-text">Show the chart as a table</span>
        </summary>
        <div className="nhsuk-details__text">
          <Table<ChartBar>
            caption="What moved this prediction"
            captionHidden
            columns={[
              { header: 'Factor', cell: (bar) => bar.displayName },
              { header: 'Value', cell: (bar) => bar.valueText },
              { header: 'Effect', cell: (bar) => directionLabels[bar.direction] },
              {
                header: 'Size of effect',
                cell: (bar) => `${Math.round(bar.size)}% of the largest`,
                numeric: true,
              },
            ]}
            rows={bars}
            rowKey={(bar) => bar.feature}
          />
        </div>
      </details>
    </section>
  );
}
