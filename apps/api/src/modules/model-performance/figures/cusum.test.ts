import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../../../test/golden-match.js';
import {
  betterOddsRatio,
  cusumCharts,
  inControlAverageRunLength,
  thresholdForAverageRunLength,
  worseOddsRatio,
  type JudgedOutcome,
  type TwoSidedCusum,
} from './index.js';

/** ml/golden/cusum.json, written by ml/cusum_golden.py (ml/README.md says how to regenerate it). */
interface ChartFixture {
  name: string;
  threshold: number;
  input: { days: string[]; probability: number[]; event: string; day: number[]; order: number[] };
  expected: TwoSidedCusum;
}

interface SimulatedRunLength {
  threshold: number;
  averageRunLength: number;
  standardError: number;
}

interface SimulatedChart {
  oddsRatio: number;
  runs: number;
  runLengths: SimulatedRunLength[];
  target: {
    runLength: number;
    threshold: number;
    lower95: number;
    upper95: number;
    curve: SimulatedRunLength[];
  };
}

const golden = JSON.parse(
  readFileSync(new URL('../../../../../../ml/golden/cusum.json', import.meta.url), 'utf8'),
) as { charts: ChartFixture[]; averageRunLength: { caseMix: number[]; charts: SimulatedChart[] } };

function outcomesOf({ input }: ChartFixture): JudgedOutcome[] {
  return input.probability.map((probability, i) => ({
    probability,
    event: input.event.charAt(i) === '1',
    operatedOn: input.days[input.day[i]!]!,
    band: 'Low',
    order: String(input.order[i]),
  }));
}

function fixtureNamed(name: string): ChartFixture {
  return golden.charts.find((fixture) => fixture.name === name)!;
}

/** Same shape and values as Python's: text exactly, numbers within 1e-9. */
const expectMatches = (actual: unknown, expected: unknown, path: string) =>
  expectMatchesGolden(actual, expected, path, { at: () => 1e-9 });

/** One operation a day from 2025-01-01 (fewer than 28), or all on that day. */
function sequence(steps: { probability: number; event: boolean }[], sameDay = false): JudgedOutcome[] {
  return steps.map(({ probability, event }, i) => ({
    probability,
    event,
    operatedOn: `2025-01-${String(sameDay ? 1 : i + 1).padStart(2, '0')}`,
    band: 'Low',
    order: String(i).padStart(3, '0'),
  }));
}

describe('two-sided restarting CUSUM against the Python golden file', () => {
  it('holds the fixtures', () => {
    expect(golden.charts.map((fixture) => fixture.name)).toEqual([
      'calibrated',
      'odds-doubled',
      'odds-halved',
      'busy-days',
    ]);
  });

  describe.each(golden.charts.map((fixture) => [fixture.name, fixture] as const))('%s', (_name, fixture) => {
    const outcomes = outcomesOf(fixture);
    it('both charts, every signal and point', () => {
      expectMatches(cusumCharts(outcomes, fixture.threshold), fixture.expected, 'cusum');
    });
    it('does not depend on the order the outcomes arrive in', () => {
      expectMatches(cusumCharts([...outcomes].reverse(), fixture.threshold), fixture.expected, 'cusum');
    });
    it('signals on exactly the dates whose peak reaches the threshold, and restarts after them', () => {
      for (const chart of [fixture.expected.worse, fixture.expected.better]) {
        const reached = chart.points.filter((point) => point.peak >= fixture.threshold);
        expect(reached.map((point) => point.date)).toEqual(chart.signals);
        for (const point of chart.points) expect(point.value).toBeLessThan(fixture.threshold);
      }
    });
  });

  it('the worse chart signals repeatedly when the odds double, the better one when they halve', () => {
    const doubled = cusumCharts(outcomesOf(fixtureNamed('odds-doubled')), 4.5);
    expect(doubled.worse.signals.length).toBeGreaterThanOrEqual(3);
    expect(doubled.better.signals).toEqual([]);
    const halved = cusumCharts(outcomesOf(fixtureNamed('odds-halved')), 4.5);
    expect(halved.better.signals.length).toBeGreaterThanOrEqual(2);
    expect(halved.worse.signals).toEqual([]);
    expect(halved.better.oddsRatio).toBe(betterOddsRatio);
    expect(halved.worse.oddsRatio).toBe(worseOddsRatio);
  });
});

describe('restarting', () => {
  // A complication at p = 0.5 adds log(2 / 1.5) = 0.2877 to the worse chart; two reach 0.5.
  const rise = Math.log(2 / 1.5);
  const fourEvents = Array.from({ length: 4 }, () => ({ probability: 0.5, event: true }));

  it('starts again from 0 after each signal, so a run of complications signals again', () => {
    const { worse } = cusumCharts(sequence(fourEvents), 0.5);
    expect(worse.signals).toEqual(['2025-01-02', '2025-01-04']);
    expectMatches(
      worse.points.map(({ value, peak }) => [value, peak]),
      [
        [rise, rise],
        [0, 2 * rise],
        [rise, rise],
        [0, 2 * rise],
      ],
      'worse',
    );
  });

  it('lists a date once when it crosses twice that day, and keeps the peak from before the restart', () => {
    const { worse } = cusumCharts(sequence([...fourEvents, { probability: 0.5, event: true }], true), 0.5);
    expect(worse.signals).toEqual(['2025-01-01']);
    expectMatches(worse.points, [{ date: '2025-01-01', value: rise, peak: 2 * rise }], 'worse');
  });

  it('holds the better chart at 0 and signals it when complications stay away', () => {
    const quiet = Array.from({ length: 8 }, () => ({ probability: 0.4, event: false }));
    const steps = [{ probability: 0.4, event: true }, ...quiet];
    const { better } = cusumCharts(sequence(steps), 1);
    expect(better.points[0]!.value).toBe(0);
    // Each quiet operation adds −log(1 − 0.4 + 0.5·0.4) = log(1 / 0.8) = 0.223: five reach 1.
    expect(better.signals).toEqual(['2025-01-06']);
    expect(better.points[6]!.value).toBeCloseTo(Math.log(1.25), 12);
  });

  it('empty input gives empty charts; a threshold that is not positive is refused', () => {
    expect(cusumCharts([], 4.5)).toEqual({
      worse: { threshold: 4.5, oddsRatio: 2, signals: [], points: [] },
      better: { threshold: 4.5, oddsRatio: 0.5, signals: [], points: [] },
    });
    // Each chart its own threshold, as a target run length gives them.
    expect(cusumCharts([], { worse: 4.03, better: 3.68 })).toMatchObject({
      worse: { threshold: 4.03 },
      better: { threshold: 3.68 },
    });
    expect(() => cusumCharts([], 0)).toThrow(RangeError);
    expect(() => cusumCharts([], Number.NaN)).toThrow(RangeError);
  });
});

describe('in-control average run length against simulation', () => {
  const { caseMix, charts } = golden.averageRunLength;

  describe.each(charts.map((chart) => [chart.oddsRatio, chart] as const))(
    'odds ratio %s',
    (oddsRatio, chart) => {
      it.each(chart.runLengths.map((simulated) => [simulated.threshold, simulated] as const))(
        'the Markov chain agrees with the simulation at threshold %s (3 standard errors + 2%)',
        (threshold, simulated) => {
          const computed = inControlAverageRunLength(caseMix, threshold, oddsRatio);
          const allowed = 3 * simulated.standardError + 0.02 * simulated.averageRunLength;
          expect(Math.abs(computed - simulated.averageRunLength)).toBeLessThanOrEqual(allowed);
        },
      );

      it('the threshold for the target brackets it in the simulation', () => {
        const { runLength, curve, lower95, upper95 } = chart.target;
        const threshold = thresholdForAverageRunLength(caseMix, runLength, oddsRatio)!;
        expect(threshold).toBe(Math.round(threshold * 100) / 100);
        const at = (h: number) => curve.find((point) => Math.abs(point.threshold - h) < 1e-9)!;
        const reached = at(threshold);
        const previous = at(Math.round(threshold * 100 - 1) / 100);
        // Simulated, the run length reaches the target at the threshold and not one hundredth below.
        expect(reached.averageRunLength + 3 * reached.standardError).toBeGreaterThanOrEqual(0.98 * runLength);
        expect(previous.averageRunLength - 3 * previous.standardError).toBeLessThanOrEqual(1.02 * runLength);
        expect(threshold).toBeGreaterThanOrEqual(lower95 - 0.03);
        expect(threshold).toBeLessThanOrEqual(upper95 + 0.03);
        // And by the chain itself: rounded up, it reaches the target and one hundredth less does not.
        expect(inControlAverageRunLength(caseMix, threshold, oddsRatio)).toBeGreaterThanOrEqual(runLength);
        expect(inControlAverageRunLength(caseMix, threshold - 0.01, oddsRatio)).toBeLessThan(runLength);
      });
    },
  );

  it('rises with the threshold', () => {
    const runLengths = [1, 2, 3, 4, 5, 6].map((h) => inControlAverageRunLength(caseMix, h, worseOddsRatio));
    for (let i = 1; i < runLengths.length; i++) expect(runLengths[i]!).toBeGreaterThan(runLengths[i - 1]!);
  });

  it('an empty case mix has no threshold and no run length; bad arguments are refused', () => {
    expect(thresholdForAverageRunLength([])).toBeNull();
    expect(thresholdForAverageRunLength(new Float64Array(0), 5000, betterOddsRatio)).toBeNull();
    expect(() => inControlAverageRunLength([], 4.5, 2)).toThrow(RangeError);
    expect(() => inControlAverageRunLength([0.1], 4.5, 1)).toThrow(RangeError);
    expect(() => inControlAverageRunLength([1.5], 4.5, 2)).toThrow(RangeError);
    expect(() => inControlAverageRunLength([0.1], -1, 2)).toThrow(RangeError);
    expect(() => thresholdForAverageRunLength([0.1], Number.NaN)).toThrow(RangeError);
  });

  it('the bounds of the search: 0.1 for a target every threshold reaches, null for one none does', () => {
    expect(thresholdForAverageRunLength(caseMix, 1)).toBe(0.1);
    expect(thresholdForAverageRunLength(caseMix, 1e300)).toBeNull();
    // No complication can happen, so the chart never signals.
    expect(inControlAverageRunLength([0, 0], 4.5, worseOddsRatio)).toBe(Infinity);
  });

  it('handles a case mix of 100,000 probabilities', () => {
    const probabilities = new Float64Array(100_000);
    for (let i = 0; i < probabilities.length; i++) probabilities[i] = caseMix[i % caseMix.length]!;
    const threshold = thresholdForAverageRunLength(probabilities, 5000, worseOddsRatio)!;
    expect(threshold).toBe(thresholdForAverageRunLength(caseMix, 5000, worseOddsRatio));
    expect(inControlAverageRunLength(probabilities, threshold, worseOddsRatio)).toBeGreaterThanOrEqual(5000);
  });
});
