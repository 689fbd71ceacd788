import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { figuresOf, national } from '../lib/test-figures';
import { CalibrationSection } from './calibration-section';
import { CusumSection } from './cusum-section';
import { FunnelPoint, funnelPointName, FunnelSection } from './funnel-section';
import { VladSection } from './vlad-section';

const figures = figuresOf();

/** The chart's container: its role and accessible name, and the axis titles shown with it. */
function chartOf(markup: string) {
  const container = /<div class="app-chart-figure" role="(img|group)" aria-label="([^"]*)">/.exec(markup);
  const titles = [...markup.matchAll(/<p class="app-axis-title[^"]*"[^>]*>([^<]*)<\/p>/g)].map(
    (match) => match[1],
  );
  return { role: container?.[1], name: container?.[2], titles };
}

describe('the monitoring charts’ names and axis titles', () => {
  it('names the calibration plot by what it shows and its axes, and shows the axis titles with their unit', () => {
    const chart = chartOf(renderToStaticMarkup(<CalibrationSection deciles={figures.deciles} />));
    expect(chart.role).toBe('img');
    expect(chart.name).toBe(
      'Calibration plot of 10 groups by predicted risk: the lowest predicted 1.0% and observed 2.4%; the highest predicted 19.0% and observed 24.4%. The table below gives every group. Across: Predicted risk (%). Up: Observed risk (%).',
    );
    expect(chart.titles).toEqual(['Observed risk (%)', 'Predicted risk (%)']);
  });

  it('names the expected minus observed chart and titles its axes', () => {
    const chart = chartOf(renderToStaticMarkup(<VladSection points={figures.vlad} />));
    expect(chart.role).toBe('img');
    expect(chart.name).toMatch(/^Expected minus observed complications from 01-Jan-2026 to /);
    expect(chart.name).toMatch(/ Across: Date of operation\. Up: Expected minus observed complications\.$/);
    expect(chart.titles).toEqual(['Expected minus observed complications', 'Date of operation']);
  });

  it('names each CUSUM, titles its axes, and gives its threshold in words beside it', () => {
    const markup = renderToStaticMarkup(
      <MemoryRouter>
        <CusumSection chart={figures.cusum.worse} procedure="knee" mayAcknowledge={false} />
      </MemoryRouter>,
    );
    const chart = chartOf(markup);
    expect(chart.role).toBe('img');
    expect(chart.name).toMatch(/^CUSUM: more complications than predicted, from 01-Mar-2026 to 14-Mar-2026/);
    expect(chart.name).toMatch(/ Across: Date of operation\. Up: CUSUM score\.$/);
    expect(chart.titles).toEqual(['CUSUM score', 'Date of operation']);
    expect(markup).toContain('<p>The threshold is 4.03.</p>');
  });
});

describe('the funnel plot', () => {
  const markup = renderToStaticMarkup(<FunnelSection national={national} ownTrustCode="RAN" />);
  const [ownTrust, bay] = national.trusts as [
    (typeof national.trusts)[number] & { oe: number },
    (typeof national.trusts)[number] & { oe: number },
  ];

  it('is a group of points named by what it shows and its axes, with its axis titles', () => {
    const chart = chartOf(markup);
    // Its points are reached with Tab, so it cannot be a single image.
    expect(chart.role).toBe('group');
    expect(chart.name).toBe(
      'Funnel plot of observed against expected complications for 2 trusts: above the 99.8% limits: Bay Hospitals. Across: Expected complications. Up: Observed / expected complications.',
    );
    expect(chart.titles).toEqual(['Observed / expected complications', 'Expected complications']);
    expect(markup).toContain('Your trust is the diamond labelled ‘Your trust’.');
  });

  it('names each trust’s point by its trust, its figures and whether it is outside the limits', () => {
    expect(funnelPointName(bay, 'RAN')).toBe(
      'Bay Hospitals (RBB). Observed / expected: 2.20. Expected complications: 18.2. Above the 99.8% limits: more complications than expected.',
    );
    expect(funnelPointName(ownTrust, 'RAN')).toBe(
      'Royal Anywhere (RAN), your trust. Observed / expected: 1.13. Expected complications: 27.4.',
    );
  });

  it('makes each point reachable with Tab, and marks the user’s own trust by shape and words, not colour alone', () => {
    const point = (trust: typeof bay, own: string) =>
      renderToStaticMarkup(
        <svg>
          <FunnelPoint trust={trust} cx={100} cy={50} ownTrustCode={own} left={false} onShow={() => {}} />
        </svg>,
      );
    const other = point(bay, 'RAN');
    expect(other).toContain(
      '<g class="app-funnel-point" tabindex="0" role="img" aria-label="Bay Hospitals (RBB). Observed / expected: 2.20.',
    );
    expect(other).not.toContain('Your trust');
    expect(other).not.toContain('<path');
    const own = point(ownTrust, 'RAN');
    expect(own).toContain('aria-label="Royal Anywhere (RAN), your trust.');
    expect(own).toMatch(/<path d="M100 40L110 50L100 60L90 50Z"[^>]*stroke="#212b32"/);
    expect(own).toMatch(/<text class="app-funnel-point__own"[^>]*>Your trust<\/text>/);
  });

  it('names each trust in the table beside the chart, the user’s own tagged', () => {
    expect(markup).toContain(
      '<bdi>Royal Anywhere</bdi> (RAN) <strong class="nhsuk-tag nhsuk-tag--blue">Your trust</strong>',
    );
    expect(markup).toContain('<bdi>Bay Hospitals</bdi> (RBB)</td>');
  });

  it('says nothing of the user’s trust when it has no point', () => {
    const elsewhere = renderToStaticMarkup(<FunnelSection national={national} ownTrustCode="RXX" />);
    expect(elsewhere).not.toContain('Your trust');
  });
});
