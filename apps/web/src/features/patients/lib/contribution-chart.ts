import type { Contribution } from '@esr/contracts/patients';
import { contributionValueText } from '@esr/contracts/patient-wording';
import { factorLabel } from '@esr/contracts/remodel';

/** How many factors the chart shows: the ten that moved the prediction most. */
export const chartFactorCount = 10;

export interface ChartBar {
  feature: string;
  displayName: string;
  /** The patient's value as the factors table writes it, 'Not recorded' when the model defaulted it. */
  valueText: string;
  direction: 'raises' | 'lowers';
  /** The bar's length as a percentage of its half of the chart: the largest push fills it. */
  size: number;
}

/**
 * The bars of the contributions chart: the factors with the largest push either way, largest
 * first, each scaled against the largest so the chart reads the same whatever the model's units.
 * A factor that did not move the prediction is left out.
 */
export function chartBars(contributions: readonly Contribution[], count = chartFactorCount): ChartBar[] {
  const top = contributions
    .filter((item) => Number.isFinite(item.contribution) && item.contribution !== 0)
    .toSorted((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution))
    .slice(0, count);
  const largest = Math.max(0, ...top.map((item) => Math.abs(item.contribution)));
  return top.map((item) => ({
    feature: item.feature,
    displayName: factorLabel(item.feature, item.displayName),
    valueText: contributionValueText(item),
    direction: item.contribution > 0 ? 'raises' : 'lowers',
    size: largest === 0 ? 0 : Math.round((Math.abs(item.contribution) / largest) * 1000) / 10,
  }));
}

export const directionLabels: Record<ChartBar['direction'], string> = {
  raises: 'Raises the risk',
  lowers: 'Lowers the risk',
};

/** The chart's axis titles, with the unit of the bars' length. */
export const contributionsAxes = {
  down: 'Factor (patient’s value)',
  across: 'Size of effect (% of the largest)',
} as const;

/** The chart in words, for its accessible name: what it shows, its largest bar and its axes. */
export function contributionsChartName(bars: readonly ChartBar[]): string {
  const largest = bars[0];
  if (!largest) return 'Bar chart of what moved this prediction: no factor moved it';
  const raising = bars.filter((bar) => bar.direction === 'raises').length;
  const lowering = bars.length - raising;
  const howMany = (count: number, one: string, many: string) =>
    count === 0 ? `none ${many}` : `${count} ${count === 1 ? one : many}`;
  return [
    `Bar chart of the ${bars.length === 1 ? 'factor' : `${bars.length} factors`} that changed this prediction the most, largest first: ${howMany(raising, 'raises', 'raise')} the risk and ${howMany(lowering, 'lowers', 'lower')} it.`,
    `The largest is ${largest.displayName} (${largest.valueText}), which ${directionLabels[largest.direction].toLowerCase()}.`,
    `Down the side: ${contributionsAxes.down}. Across: ${contributionsAxes.across}, to the left for a factor that lowers the risk and to the right for one that raises it.`,
  ].join(' ');
}
