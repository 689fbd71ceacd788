import { describe, expect, it } from 'vitest';
import { defaultOptimisationRules, findFactors } from '@esr/contracts/optimisation';
import type { OptimisationFactor } from '@esr/contracts/optimisation-factors';
import { wilsonInterval, zFor95 } from './figures/index.js';
import { groupOrder } from './model-performance.js';
import {
  median,
  optimisationFigures,
  type CountedFactor,
  type CountedPathway,
} from './optimisation-figures.js';
import { factorRecordFields } from './optimisation-section.js';

/**
 * Wilson 95% intervals from SciPy 1.17.1, an implementation independent of ours:
 * `scipy.stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method='wilson')`.
 */
const scipyWilson: [number, number, number, number][] = [
  [0, 10, 0.0, 0.27753279986288926],
  [3, 12, 0.08894166839405471, 0.5323053349335657],
  [7, 40, 0.08745413746035918, 0.3194999033178771],
  [12, 12, 0.7575059933447592, 1.0],
  [55, 180, 0.24290760922735255, 0.37632952885327486],
  [1, 1000, 0.00017654637062607809, 0.0056425585979579355],
];

describe('the interval of a complication rate', () => {
  it.each(scipyWilson)('%i of %i: Wilson’s interval as SciPy gives it', (k, n, lower, upper) => {
    const interval = wilsonInterval(k, n, zFor95);
    expect(interval.lower).toBeCloseTo(lower, 12);
    expect(interval.upper).toBeCloseTo(upper, 12);
  });
});

describe('the median days to met', () => {
  it('is the middle value, or the mean of the middle two; null of nothing', () => {
    expect(median([])).toBeNull();
    expect(median([9, 1, 5])).toBe(5);
    expect(median([10, 2, 4, 30])).toBe(7);
  });
});

describe('the record fields read', () => {
  it('are every field findFactors reads, so that reading only them finds the same factors', () => {
    const read = new Set<string>();
    const record = new Proxy(
      // Every factor found, so that every rule reads its fields.
      {
        haemoglobin: '100',
        albumin: '20',
        egfr: '10',
        smoking: '1',
        idd: '1',
        hypt: '1',
        height: '150',
        weight: '120',
      },
      {
        get(target, key) {
          if (typeof key === 'string') read.add(key);
          return (target as Record<string | symbol, unknown>)[key];
        },
      },
    );
    const found = findFactors({
      record,
      labDates: null,
      day: '2027-01-10',
      maxAgeDays: 90,
      rules: defaultOptimisationRules,
    });
    expect(found).toHaveLength(7);
    expect([...read].filter((key) => !(factorRecordFields as readonly string[]).includes(key))).toEqual([]);
  });
});

const factor = (values: Partial<CountedFactor> = {}): CountedFactor => ({
  identifiedOn: '2027-01-01',
  referred: false,
  metOn: null,
  ...values,
});

function pathway(
  sex: string,
  factors: [OptimisationFactor, CountedFactor][],
  operation: { on: string; event: boolean | null } | null = null,
): CountedPathway {
  return {
    groups: { sex, ethnicGroup: 'White', ageBand: '60 to 69' },
    operatedOn: operation?.on ?? null,
    event: operation ? operation.event : null,
    factors: new Map(factors),
  };
}

const times = <T>(count: number, make: (index: number) => T) =>
  Array.from({ length: count }, (_, i) => make(i));

describe('the figures per factor', () => {
  it('counts found, referred, operated, met before the operation and the median days, and hides a small group and the next', () => {
    const pathways = [
      // 12 women: 6 referred, 4 operated, of whom 2 met before the operation (after 10 and 20 days),
      // 1 met the day after (after 40 days), one not met.
      ...times(12, (i) =>
        pathway(
          'Female',
          [
            [
              'anaemia',
              factor({
                referred: i < 6,
                metOn: i === 0 ? '2027-01-11' : i === 1 ? '2027-01-21' : i === 2 ? '2027-02-10' : null,
              }),
            ],
          ],
          i < 4 ? { on: '2027-02-09', event: i === 3 } : null,
        ),
      ),
      // 15 men, none referred; 3 Not stated (a group under 10).
      ...times(15, () => pathway('Male', [['anaemia', factor()]])),
      ...times(3, () => pathway('Not stated', [['anaemia', factor()]])),
      // Smoking only on one pathway: anaemia is not counted on it.
      pathway('Male', [['smoking', factor()]]),
    ];
    const [anaemia, smoking] = optimisationFigures(pathways, 'sex', groupOrder.sex);
    expect(anaemia!.overall).toEqual({
      found: 30,
      referred: 6,
      operated: 4,
      metBeforeOperation: 2,
      met: 3,
      medianDaysToMet: 20,
    });
    // Not stated is 3: hidden, and the women with it (the smaller of the other two), since the men
    // shown would give the rest away.
    expect(anaemia!.groups).toEqual([
      { group: 'Female', found: 'hidden', suppressed: true },
      {
        group: 'Male',
        found: 15,
        referred: 0,
        operated: 0,
        metBeforeOperation: 0,
        met: 0,
        medianDaysToMet: null,
        suppressed: false,
      },
      { group: 'Not stated', found: 'hidden', suppressed: true },
    ]);
    expect(smoking!.overall.found).toBe(1);
    // One man alone: with no group of people left to hide beside him, an empty one is hidden too,
    // so which of the two holds him is not shown (decision 0052).
    expect(smoking!.groups.map((group) => group.found)).toEqual(['hidden', 'hidden', 0]);
  });

  it('compares the complications of the operated, met before the operation or not, hiding a side under 10 and then the other', () => {
    const operated = (met: boolean, event: boolean | null) =>
      pathway('Female', [['weight', factor({ metOn: met ? '2027-01-20' : null })]], {
        on: '2027-02-01',
        event,
      });
    const pathways = [
      ...times(12, (i) => operated(true, i < 3)),
      ...times(40, (i) => operated(false, i < 7)),
      // Follow-up not complete: operated, not in the comparison.
      ...times(5, () => operated(true, null)),
    ];
    const weight = optimisationFigures(pathways, 'sex', groupOrder.sex).find((f) => f.factor === 'weight')!;
    expect(weight.overall.operated).toBe(57);
    expect(weight.overall.metBeforeOperation).toBe(17);
    expect(weight.complications.met).toEqual({
      n: 12,
      events: 3,
      rate: 0.25,
      lower: expect.closeTo(scipyWilson[1]![2], 12) as number,
      upper: expect.closeTo(scipyWilson[1]![3], 12) as number,
      suppressed: false,
    });
    expect(weight.complications.notMet).toMatchObject({ n: 40, events: 7, rate: 7 / 40, suppressed: false });
    const few = optimisationFigures(pathways.slice(3), 'sex', groupOrder.sex).find(
      (f) => f.factor === 'weight',
    )!;
    expect(few.complications).toEqual({
      met: { n: 'hidden', suppressed: true },
      notMet: { n: 'hidden', suppressed: true },
    });
    const none = optimisationFigures([], 'sex', groupOrder.sex)[0]!;
    expect(none.complications.met).toEqual({
      n: 0,
      events: 0,
      rate: null,
      lower: null,
      upper: null,
      suppressed: false,
    });
  });
});
