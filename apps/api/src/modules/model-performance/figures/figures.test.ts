import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../../../test/golden-match.js';
import type { PerformanceFigures } from '@esr/contracts/model-performance';
import { mulberry32 } from '@esr/contracts/seeded-random';
import {
  bandFigures,
  byarUpperCount,
  cusumCharts,
  decileFigures,
  funnelCurve,
  funnelLimits,
  inflatedLimits,
  overdispersion,
  performanceFigures,
  vladPoints,
  zFor95,
  type BandFigures,
  type DecileFigures,
  type FunnelLimits,
  type FunnelPoint,
  type JudgedOutcome,
  type VladPoint,
} from './index.js';

/** ml/golden/monitoring-figures.json, written by ml/monitoring_golden.py (ml/README.md says how to regenerate it). */
interface GoldenFixture {
  name: string;
  input: {
    days: string[];
    probability: number[];
    event: number[];
    day: number[];
    band: string;
    order: number[];
  };
  expected: {
    performance: PerformanceFigures;
    bands: BandFigures[];
    deciles: DecileFigures[];
    vlad: VladPoint[];
  };
}

const golden = JSON.parse(
  readFileSync(new URL('../../../../../../ml/golden/monitoring-figures.json', import.meta.url), 'utf8'),
) as {
  fixtures: GoldenFixture[];
  funnel: FunnelPoint[];
  overdispersion: {
    name: string;
    observed: number[];
    expected: number[];
    phi: number;
    z: number[];
    inflatedAt10: FunnelLimits;
  }[];
};

const bandOfInitial = { H: 'High', M: 'Moderate', L: 'Low' } as const;

function outcomesOf({ input }: GoldenFixture): JudgedOutcome[] {
  return input.probability.map((probability, i) => ({
    probability,
    event: input.event[i] === 1,
    operatedOn: input.days[input.day[i]!]!,
    band: bandOfInitial[input.band.charAt(i) as keyof typeof bandOfInitial],
    order: String(input.order[i]),
  }));
}

const counts = new Set(['n', 'events', 'cumulativeObserved', 'decile']);

/** The brief's tolerances: the AUROC, its interval and Brier tightest; the iterative fits loosest. */
function toleranceAt(path: string): number {
  if (/(^|\.)(auroc|brier)(\.|$)/.test(path)) return 1e-12;
  if (/calibration(Intercept|Slope)$/.test(path)) return 1e-8;
  return 1e-9;
}

/** Same shape and values as Python's: counts, text and null exactly, other numbers within tolerance. */
const expectMatches = (actual: unknown, expected: unknown, path: string) =>
  expectMatchesGolden(actual, expected, path, { at: toleranceAt, counts });

describe('monitoring figures against the Python golden file', () => {
  it('holds the fixtures the brief asks for', () => {
    expect(golden.fixtures.map((fixture) => fixture.name)).toEqual([
      'calibrated',
      'miscalibrated',
      'tied',
      'tiny',
      'all-events',
      'no-events',
      'ten',
      'drift',
    ]);
  });

  describe.each(golden.fixtures.map((fixture) => [fixture.name, fixture] as const))(
    '%s',
    (_name, fixture) => {
      const outcomes = outcomesOf(fixture);
      it('performance figures', () => {
        expectMatches(performanceFigures(outcomes), fixture.expected.performance, 'performance');
      });
      it('bands', () => {
        expectMatches(bandFigures(outcomes), fixture.expected.bands, 'bands');
      });
      it('deciles', () => {
        expectMatches(decileFigures(outcomes), fixture.expected.deciles, 'deciles');
      });
      it('VLAD', () => {
        expectMatches(vladPoints(outcomes), fixture.expected.vlad, 'vlad');
      });
      it('does not depend on the order the outcomes arrive in', () => {
        const reversed = [...outcomes].reverse();
        expectMatches(performanceFigures(reversed), fixture.expected.performance, 'performance');
        expectMatches(decileFigures(reversed), fixture.expected.deciles, 'deciles');
      });
    },
  );

  it('the tied fixture has ties across outcomes', () => {
    const tied = outcomesOf(golden.fixtures.find((fixture) => fixture.name === 'tied')!);
    const eventProbabilities = new Set(tied.filter((o) => o.event).map((o) => o.probability));
    expect(tied.some((o) => !o.event && eventProbabilities.has(o.probability))).toBe(true);
  });

  it('funnel limits', () => {
    for (const { expected, ...limits } of golden.funnel) {
      expectMatches(funnelLimits(expected), limits, `funnel(${expected})`);
    }
  });
});

const outcome = (probability: number, event: boolean, extra: Partial<JudgedOutcome> = {}): JudgedOutcome => ({
  probability,
  event,
  operatedOn: '2025-01-01',
  band: 'Low',
  order: '1',
  ...extra,
});

describe('performanceFigures edge cases', () => {
  it('no outcomes: counts of 0 and nothing else', () => {
    expect(performanceFigures([])).toEqual({
      n: 0,
      events: 0,
      expected: 0,
      observedRate: null,
      meanPredicted: null,
      oe: null,
      calibrationIntercept: null,
      calibrationSlope: null,
      auroc: null,
      brier: null,
      enoughEvents: false,
    });
    expect(bandFigures([]).map((band) => [band.band, band.n, band.observedRate, band.meanPredicted])).toEqual(
      [
        ['High', 0, null, null],
        ['Moderate', 0, null, null],
        ['Low', 0, null, null],
      ],
    );
    expect(decileFigures([])).toEqual([]);
    expect(vladPoints([])).toEqual([]);
    expect(cusumCharts([], 4.5).worse).toEqual({ threshold: 4.5, oddsRatio: 2, signals: [], points: [] });
  });

  it('one outcome: O/E and Brier, but no fits', () => {
    const figures = performanceFigures([outcome(0.2, true)]);
    expect(figures).toMatchObject({ n: 1, events: 1, expected: 0.2, observedRate: 1, meanPredicted: 0.2 });
    expect(figures.oe!.ratio).toBeCloseTo(5, 12);
    expect(figures.brier).toBeCloseTo(0.64, 15);
    expect([figures.calibrationIntercept, figures.calibrationSlope, figures.auroc]).toEqual([
      null,
      null,
      null,
    ]);
    expect(decileFigures([outcome(0.2, true)]).map((decile) => [decile.decile, decile.n])).toEqual([[10, 1]]);
  });

  it('all events or none: O/E only; none gives a lower limit of 0', () => {
    const allEvents = performanceFigures([outcome(0.1, true), outcome(0.3, true), outcome(0.6, true)]);
    expect([allEvents.calibrationIntercept, allEvents.calibrationSlope, allEvents.auroc]).toEqual([
      null,
      null,
      null,
    ]);
    expect(allEvents.oe!.ratio).toBeCloseTo(3, 12);

    const noEvents = performanceFigures([outcome(0.1, false), outcome(0.3, false)]);
    expect([noEvents.calibrationIntercept, noEvents.calibrationSlope, noEvents.auroc]).toEqual([
      null,
      null,
      null,
    ]);
    expect(noEvents.oe).toEqual({ ratio: 0, lower: 0, upper: byarUpperCount(0, zFor95) / noEvents.expected });
    expect(noEvents.brier).toBeCloseTo((0.01 + 0.09) / 2, 15);
  });

  it('a single event has an AUROC with no variance on its side, so none is given', () => {
    const figures = performanceFigures([outcome(0.1, false), outcome(0.2, true), outcome(0.3, false)]);
    expect(figures.auroc).toBeNull();
    expect(figures.calibrationIntercept).not.toBeNull();
  });

  it('probabilities of exactly 0 and 1 are clamped for the fits and used as they are elsewhere', () => {
    const outcomes = [
      outcome(0, false),
      outcome(1, true),
      outcome(0.2, true),
      outcome(0.3, false),
      outcome(0.6, true),
      outcome(0.7, false),
    ];
    const figures = performanceFigures(outcomes);
    expect(figures.expected).toBeCloseTo(2.8, 14);
    expect(figures.brier).toBeCloseTo((0 + 0 + 0.64 + 0.09 + 0.16 + 0.49) / 6, 15);
    expect(Number.isFinite(figures.calibrationIntercept)).toBe(true);
    expect(Number.isFinite(figures.calibrationSlope)).toBe(true);
    expect(figures.auroc!.value).toBeCloseTo(6 / 9, 15);
    const chart = cusumCharts(outcomes, 100).worse;
    expect(chart.points.every((point) => Number.isFinite(point.value))).toBe(true);

    expect(performanceFigures([outcome(0, false), outcome(0, false)]).oe).toBeNull();
  });

  it('separated outcomes have no finite slope: null, not a runaway number', () => {
    const figures = performanceFigures([
      outcome(0.1, false),
      outcome(0.2, false),
      outcome(0.3, false),
      outcome(0.4, true),
      outcome(0.5, true),
    ]);
    expect(figures.calibrationSlope).toBeNull();
    expect(figures.calibrationIntercept).not.toBeNull();
    expect(figures.auroc).toEqual({ value: 1, lower: 1, upper: 1 });
  });
});

describe('sequential charts', () => {
  it('orders a day by `order` as strings and counts the CUSUM from 0', () => {
    const outcomes = [
      outcome(0.5, false, { operatedOn: '2025-01-02', order: '9' }),
      outcome(0.5, true, { operatedOn: '2025-01-02', order: '10' }),
      outcome(0.5, true, { operatedOn: '2025-01-01', order: '1' }),
    ];
    const up = Math.log(2 / 1.5);
    const chart = cusumCharts(outcomes, up * 2 - 1e-9).worse;
    // 2025-01-02: "10" comes before "9", so the event is added before the non-event: the event
    // reaches the threshold, the chart starts again from 0, and the non-event keeps it there (the
    // other way round, the non-event would take it to 0 first and the event would not signal).
    const expected = [
      { date: '2025-01-01', value: up, peak: up },
      { date: '2025-01-02', value: 0, peak: 2 * up },
    ];
    expect(chart.points.map((point) => point.date)).toEqual(expected.map((point) => point.date));
    chart.points.forEach((point, i) => {
      expect(point.value).toBeCloseTo(expected[i]!.value, 14);
      expect(point.peak).toBeCloseTo(expected[i]!.peak, 14);
    });
    expect(chart.signals).toEqual(['2025-01-02']);
    expect(cusumCharts(outcomes, 1).worse.signals).toEqual([]);
    expect(vladPoints(outcomes)).toEqual([
      { date: '2025-01-01', n: 1, cumulativeExpected: 0.5, cumulativeObserved: 1, value: -0.5 },
      { date: '2025-01-02', n: 2, cumulativeExpected: 1.5, cumulativeObserved: 2, value: -0.5 },
    ]);
  });

  it('never goes below 0', () => {
    const chart = cusumCharts([outcome(0.9, false), outcome(0.9, false)], 4.5).worse;
    expect(chart.points).toEqual([{ date: '2025-01-01', value: 0, peak: 0 }]);
  });
});

describe('overdispersion across trusts (Spiegelhalter 2005, section 5) against the Python golden file', () => {
  it.each(golden.overdispersion.map((fixture) => [fixture.name, fixture] as const))(
    '%s',
    (_name, fixture) => {
      const trusts = fixture.observed.map((observed, i) => ({ observed, expected: fixture.expected[i]! }));
      const found = overdispersion(trusts)!;
      expect(Math.abs(found.phi - fixture.phi)).toBeLessThanOrEqual(1e-9 * Math.max(1, fixture.phi));
      found.z.forEach((z, i) => expect(Math.abs(z - fixture.z[i]!)).toBeLessThanOrEqual(1e-9));
      expectMatches(inflatedLimits(funnelLimits(10)!, found.phi), fixture.inflatedAt10, 'inflatedAt10');
    },
  );

  it('finds the overdispersed trusts overdispersed and the Poisson ones not, and needs a trust', () => {
    const phi = (name: string) => golden.overdispersion.find((fixture) => fixture.name === name)!.phi;
    expect(phi('overdispersed')).toBeGreaterThan(2);
    expect(phi('poisson')).toBeLessThan(1.5);
    expect(overdispersion([])).toBeNull();
    expect(overdispersion([{ observed: 3, expected: 0 }])).toBeNull();
    // At φ ≤ 1 the limits are the Poisson ones.
    expect(inflatedLimits(funnelLimits(10)!, 0.7)).toEqual(funnelLimits(10));
  });
});

describe('funnel', () => {
  it('has no limits when nothing is expected', () => {
    expect(funnelLimits(0)).toBeNull();
    expect(funnelLimits(Number.NaN)).toBeNull();
    expect(funnelCurve(0)).toEqual([]);
  });

  it('is the range of O ~ Poisson(E), not an interval around O = E: at E = 10, 0.12 to 2.07 at 99.8%', () => {
    // scipy.stats.poisson with Spiegelhalter's interpolation (ml/monitoring_golden.py): Byar's interval
    // of a mean, which the funnel once drew, gives 0.29 to 2.42 here.
    const limits = funnelLimits(10)!;
    expect(limits.lower998).toBeCloseTo(0.12205293158961342, 10);
    expect(limits.upper998).toBeCloseTo(2.066200083599499, 10);
    expect(limits.lower95).toBeCloseTo(0.3775187947688401, 10);
    expect(limits.upper95).toBeCloseTo(1.615995067334478, 10);
    // A count of 0 is inside the limits when under 1 is expected: no empty trust is flagged low.
    expect(funnelLimits(0.25)!.lower998).toBe(0);
  });

  it('draws 60 points geometrically from 1 to the largest expected count, narrowing as it goes', () => {
    const curve = funnelCurve(500);
    expect(curve).toHaveLength(60);
    expect(curve[0]!.expected).toBeCloseTo(1, 12);
    expect(curve[59]!.expected).toBe(500);
    for (let k = 1; k < curve.length; k++) {
      const [previous, point] = [curve[k - 1]!, curve[k]!];
      expect(point.expected / previous.expected).toBeCloseTo(500 ** (1 / 59), 10);
      // Whole counts make the exact limits wave a little between neighbours; over a tripling of E
      // they always narrow.
      if (k >= 10) expect(point.upper95).toBeLessThan(curve[k - 10]!.upper95);
      if (k >= 10) expect(point.lower95).toBeGreaterThanOrEqual(curve[k - 10]!.lower95);
      expect(point.lower998).toBeLessThanOrEqual(point.lower95);
      expect(point.lower95).toBeLessThan(1);
      expect(point.upper998).toBeGreaterThan(point.upper95);
    }
    expect(funnelCurve(0.5)[0]!.expected).toBeCloseTo(0.05, 12);
  });
});

describe('speed', () => {
  it('computes every figure of 100,000 outcomes in well under a second', () => {
    const random = mulberry32(20260301);
    const outcomes: JudgedOutcome[] = Array.from({ length: 100_000 }, (_, i) => {
      const probability = Math.min(0.95, 0.005 + 0.3 * random() ** 2);
      const day = Math.floor(random() * 365);
      return {
        probability,
        event: random() < probability,
        operatedOn: new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10),
        band: probability >= 0.12 ? 'High' : probability >= 0.06 ? 'Moderate' : 'Low',
        order: String(i),
      };
    });
    const started = performance.now();
    const figures = performanceFigures(outcomes);
    bandFigures(outcomes);
    decileFigures(outcomes);
    vladPoints(outcomes);
    cusumCharts(outcomes, 4.5);
    const elapsed = performance.now() - started;
    expect(figures.calibrationSlope).not.toBeNull();
    expect(figures.auroc).not.toBeNull();
    // The target is ~200 ms; a second leaves room for a slow machine and still fails a regression.
    expect(elapsed).toBeLessThan(1000);
  });
});
