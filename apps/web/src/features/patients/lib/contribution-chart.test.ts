import { describe, expect, it } from 'vitest';
import { chartBars, contributionsChartName } from './contribution-chart';

const push = (feature: string, contribution: number) => ({
  feature,
  displayName: feature.toUpperCase(),
  contribution,
  value: 1,
  unit: '',
  defaultUsed: false,
});

describe('contributions chart', () => {
  it('keeps the ten largest pushes either way, largest first, scaled against the largest', () => {
    const contributions = [
      push('a', 0.1),
      push('b', -0.4),
      push('c', 0.2),
      ...Array.from({ length: 12 }, (_, i) => push(`small${i}`, 0.01 * (i + 1) * (i % 2 ? 1 : -1))),
    ];
    const bars = chartBars(contributions);
    expect(bars).toHaveLength(10);
    expect(bars.slice(0, 3)).toEqual([
      { feature: 'b', displayName: 'B', valueText: 'Yes', direction: 'lowers', size: 100 },
      { feature: 'c', displayName: 'C', valueText: 'Yes', direction: 'raises', size: 50 },
      { feature: 'small11', displayName: 'SMALL11', valueText: 'Yes', direction: 'raises', size: 30 },
    ]);
    expect(bars.map((bar) => bar.feature)).not.toContain('small0');
  });

  it("writes the patient's value as the factors table does, and 'Not recorded' for a default", () => {
    const [haemoglobin, copd, smoker, unknown] = chartBars([
      { ...push('haemoglobin', 0.4), value: 117, unit: 'g/L' },
      { ...push('copd', -0.3), value: 1 },
      { ...push('current_smoker', 0.2), value: 0, defaultUsed: true },
      { ...push('bmi', 0.1), value: null, unit: 'kg/m²' },
    ]);
    expect(haemoglobin).toMatchObject({ displayName: 'Haemoglobin', valueText: '117 g/L' });
    expect(copd).toMatchObject({
      displayName: 'Chronic obstructive pulmonary disease (COPD)',
      valueText: 'Yes',
      direction: 'lowers',
    });
    expect(smoker!.valueText).toBe('Not recorded');
    expect(unknown!.valueText).toBe('Not known');
  });

  it('leaves out factors that did not move the prediction', () => {
    expect(chartBars([push('a', 0), push('b', 0.3)]).map((bar) => bar.feature)).toEqual(['b']);
    expect(chartBars([])).toEqual([]);
  });

  it('names the chart by how many factors raise and lower the risk, the largest, and its axes', () => {
    expect(contributionsChartName(chartBars([push('a', 0.1), push('b', -0.4), push('c', 0.2)]))).toBe(
      'Bar chart of the 3 factors that changed this prediction the most, largest first: 2 raise the risk and 1 lowers it. The largest is B (Yes), which lowers the risk. Down the side: Factor (patient’s value). Across: Size of effect (% of the largest), to the left for a factor that lowers the risk and to the right for one that raises it.',
    );
    expect(contributionsChartName(chartBars([push('a', 0.1)]))).toMatch(
      /^Bar chart of the factor that changed this prediction the most, largest first: 1 raises the risk and none lower it\. The largest is A \(Yes\), which raises the risk\./,
    );
  });
});
