import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  optimisationAssociationText,
  type FactorPerformance,
  type OptimisationPerformance,
} from '@esr/contracts/model-performance-optimisation';
import { optimisationFactorLabels, optimisationFactors } from '@esr/contracts/optimisation-factors';
import { OptimisationFigures } from './optimisation-section';

const none = { found: 0, referred: 0, operated: 0, metBeforeOperation: 0, met: 0, medianDaysToMet: null };
const empty = { n: 0, events: 0, rate: null, lower: null, upper: null, suppressed: false as const };

const anaemia: FactorPerformance = {
  factor: 'anaemia',
  label: 'Anaemia',
  overall: {
    found: 1234,
    referred: 40,
    operated: 25,
    metBeforeOperation: 11,
    met: 14,
    medianDaysToMet: 35.5,
  },
  groups: [
    {
      group: 'Female',
      found: 26,
      referred: 19,
      operated: 14,
      metBeforeOperation: 10,
      met: 13,
      medianDaysToMet: 35,
      suppressed: false,
    },
    { group: 'Male', found: 'hidden', suppressed: true },
    { group: 'Not stated', found: 'hidden', suppressed: true },
  ],
  complications: {
    met: { n: 11, events: 3, rate: 3 / 11, lower: 0.0975, upper: 0.5656, suppressed: false },
    notMet: { n: 'hidden', suppressed: true },
  },
};

const figures: OptimisationPerformance = {
  procedure: 'knee',
  from: null,
  to: null,
  by: 'sex',
  factors: optimisationFactors.map((code) =>
    code === 'anaemia'
      ? anaemia
      : {
          factor: code,
          label: optimisationFactorLabels[code],
          overall: none,
          groups: [],
          complications: { met: empty, notMet: empty },
        },
  ),
  association: optimisationAssociationText,
};

const markup = (answer: OptimisationPerformance = figures, period = false) =>
  renderToStaticMarkup(<OptimisationFigures figures={answer} period={period} />);

describe('the optimisation section of model monitoring (decision 0075)', () => {
  it('shows every factor’s counts in a captioned table, numbers right-aligned, a median none met in words', () => {
    const html = markup();
    expect(html).toContain('Risk factors found and met</caption>');
    for (const header of [
      'Risk factor',
      'Found',
      'Referred',
      'Operated',
      'Met before the operation',
      'Median days to met',
    ])
      expect(html).toContain(`>${header}</th>`);
    expect(html.match(/<th scope="col"/g)!.length).toBeGreaterThanOrEqual(6);
    expect(html).toContain('<th scope="row" class="nhsuk-table__header">Anaemia</th>');
    expect(html).toContain('<td class="nhsuk-table__cell nhsuk-table__cell--numeric">1,234</td>');
    expect(html).toContain('<td class="nhsuk-table__cell nhsuk-table__cell--numeric">35.5</td>');
    expect(html).toContain('>Kidney function</th>');
    expect(html).toContain('>None met</td>');
    expect(html).toContain('for the patients on the waiting list now and the patients operated.');
    expect(markup(figures, true)).toContain('for the patients operated in the dates chosen.');
  });

  it('says the comparison of complications is an association, and shows a hidden side as the fairness table does', () => {
    const html = markup();
    expect(html).toContain(`<p>${optimisationAssociationText}</p>`);
    expect(html).toContain(
      'An association, not an effect: patients whose factor was met may differ in other ways.',
    );
    expect(html).toContain('Complications within 90 days, factor met before the operation or not</caption>');
    expect(html).toContain('>3 (27.3%; 9.8% to 56.6%)</td>');
    expect(html).toContain('<td class="nhsuk-table__cell" colSpan="2">Hidden</td>');
    // Only factors with someone operated are compared.
    const compared = html.slice(html.indexOf('factor met before the operation or not</caption>'));
    expect(compared.slice(0, compared.indexOf('</table>')).match(/<th scope="row"/g)).toHaveLength(1);
  });

  it('gives each factor found by the grouping, a hidden group as "Hidden" across its row, with what Hidden means', () => {
    const html = markup();
    expect(html).toContain('<h3>By sex</h3>');
    expect(html).toContain('‘Hidden’ means the group has fewer than 10 patients');
    expect(html).toContain('<span class="nhsuk-details__summary-text">Anaemia by sex</span>');
    expect(html).not.toContain('Smoking by sex');
    expect(html).toContain(
      '<th scope="row" class="nhsuk-table__header">Male</th><td class="nhsuk-table__cell" colSpan="5">Hidden</td>',
    );
  });

  it('says when no operated patient had a factor found', () => {
    const html = markup({
      ...figures,
      factors: figures.factors.map((factor) => ({ ...factor, overall: { ...factor.overall, operated: 0 } })),
    });
    expect(html).toContain('No operated patient had a risk factor found.');
    expect(html).not.toContain('Complications within 90 days, factor met');
  });
});
