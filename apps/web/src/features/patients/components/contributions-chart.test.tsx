import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Contribution } from '@esr/contracts/patients';
import { ContributionsChart } from './contributions-chart';

const push = (feature: string, displayName: string, contribution: number): Contribution => ({
  feature,
  displayName,
  contribution,
  value: 1,
  unit: '',
  defaultUsed: false,
});

describe('the contributions chart', () => {
  const markup = renderToStaticMarkup(
    <ContributionsChart
      contributions={[
        push('angina', 'Angina', 0.5),
        push('atrial_fibrillation', 'Atrial fibrillation', -0.2),
      ]}
    />,
  );

  it('is an image named by what it shows and its axes, not hidden from assistive technology', () => {
    expect(markup).not.toMatch(/class="app-chart"[^>]*aria-hidden/);
    expect(markup).toContain(
      '<div class="app-chart" role="img" aria-label="Bar chart of the 2 factors that changed this prediction the most, largest first: 1 raises the risk and 1 lowers it. The largest is Angina (Yes), which raises the risk. Down the side: Factor (patient’s value). Across: Size of effect (% of the largest), to the left for a factor that lowers the risk and to the right for one that raises it.">',
    );
  });

  it('shows its axis titles, with the unit of the bars, and the scale from the centre line', () => {
    expect(markup).toContain('<p class="app-axis-title">Factor (patient’s value)</p>');
    expect(markup).toContain(
      '<p class="app-axis-title app-axis-title--across app-chart__across-title">Size of effect (% of the largest)</p>',
    );
    const ticks = [...markup.matchAll(/<span class="app-chart__tick[^"]*"[^>]*>(\d+)<\/span>/g)].map(
      (match) => match[1],
    );
    expect(ticks).toEqual(['100', '50', '0', '50', '100']);
  });

  it('keeps every bar’s facts in the table under it', () => {
    expect(markup).toContain('Show the chart as a table');
    // The row's cells in order, found one after another (no backtracking pattern over the markup).
    let from = 0;
    for (const cell of ['Angina</td>', 'Yes</td>', 'Raises the risk</td>', '100% of the largest</td>']) {
      const at = markup.indexOf(cell, from);
      expect(at, cell).toBeGreaterThanOrEqual(0);
      from = at + cell.length;
    }
  });
});
