import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { figuresOf, national } from '../lib/test-figures';
import { CalibrationSection } from './calibration-section';
import { CusumSection } from './cusum-section';
import { FunnelSection } from './funnel-section';
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
  it('is named by what it shows and its axes, with its axis titles', () => {
    const chart = chartOf(renderToStaticMarkup(<FunnelSection national={national} />));
    expect(chart.role).toBe('img');
    expect(chart.name).toBe(
      'Funnel plot of observed against expected complications for 2 trusts: above the 99.8% limits: Bay Hospitals. Across: Expected complications. Up: Observed / expected complications.',
    );
    expect(chart.titles).toEqual(['Observed / expected complications', 'Expected complications']);
  });
});
