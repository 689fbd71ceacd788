import { describe, expect, it } from 'vitest';
import { chartBars } from './contribution-chart';

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
});
