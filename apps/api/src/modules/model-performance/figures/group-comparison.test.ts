import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../../../test/golden-match.js';
import { delongAuroc } from './auroc.js';
import {
  compareGroupWithRest,
  defaultMaterialSizes,
  holmAdjust,
  judgeGroups,
  performanceFigures,
  twoSidedNormalPValue,
  type GroupJudgement,
  type JudgedOutcome,
  type MaterialSizes,
} from './index.js';

/** ml/golden/group-tests.json, written by ml/group_tests_golden.py (ml/README.md says how to regenerate it). */
interface GoldenFixture {
  name: string;
  description: string;
  groups: string[];
  input: { probability: number[]; event: string; group: string };
  expected: GroupJudgement[];
  oldRuleFlags: Record<string, string[]>;
}

const golden = JSON.parse(
  readFileSync(new URL('../../../../../../ml/golden/group-tests.json', import.meta.url), 'utf8'),
) as {
  materialSizes: MaterialSizes;
  fixtures: GoldenFixture[];
  holm: { pValues: (number | null)[]; adjusted: (number | null)[] }[];
  normalTail: { z: number; pValue: number }[];
};

function outcome(probability: number, event: boolean, order: number): JudgedOutcome {
  return { probability, event, operatedOn: '2025-06-02', band: 'Low', order: String(order) };
}

/** The whole list and its groups, each group's outcomes the same objects as the list's. */
function listOf({ input, groups }: GoldenFixture) {
  const all = input.probability.map((probability, i) =>
    outcome(probability, input.event.charAt(i) === '1', i),
  );
  return {
    all,
    groups: groups.map((key, index) => ({
      key,
      outcomes: all.filter((_, i) => Number(input.group.charAt(i)) === index),
    })),
  };
}

const fixtureNamed = (name: string) => golden.fixtures.find((fixture) => fixture.name === name)!;

const counts = new Set(['groupObserved', 'restObserved']);

/**
 * The brief's tolerances, relative: 1e-6 for what comes of the iterative fit (the calibration
 * difference and its Holm-adjusted p-values), 1e-9 for the closed forms.
 */
function toleranceAt(path: string): number {
  return /calibrationInTheLargeDifference/.test(path) ? 1e-6 : 1e-9;
}

/** Same shape and values as Python's: counts, text, flags and null exactly, other numbers within tolerance. */
const expectMatches = (actual: unknown, expected: unknown, path: string) =>
  expectMatchesGolden(actual, expected, path, { at: toleranceAt, relative: true, counts });

const flagsByGroup = (judgements: GroupJudgement[]) =>
  Object.fromEntries(judgements.map(({ key, flags }) => [key, flags]));

describe('group comparisons against the Python golden file', () => {
  it('holds the fixtures the brief asks for, with the material sizes the code uses', () => {
    expect(golden.fixtures.map((fixture) => fixture.name)).toEqual([
      'ethnic-groups',
      'age-bands-whole-list-miscalibrated',
    ]);
    expect(golden.materialSizes).toEqual(defaultMaterialSizes);
  });

  describe.each(golden.fixtures.map((fixture) => [fixture.name, fixture] as const))(
    '%s',
    (_name, fixture) => {
      const { all, groups } = listOf(fixture);

      it('every comparison, adjusted p-value and flag', () => {
        expectMatches(judgeGroups(groups, all), fixture.expected, 'groups');
      });

      it('does not depend on the order of the list or of the outcomes within a group', () => {
        const reversed = groups.map(({ key, outcomes }) => ({ key, outcomes: [...outcomes].reverse() }));
        expectMatches(judgeGroups(reversed, [...all].reverse()), fixture.expected, 'groups');
      });

      it('each AUROC is the one the overall figures give (auroc.ts) for the same outcomes', () => {
        for (const { key, outcomes } of groups) {
          const members = new Set(outcomes);
          const comparison = compareGroupWithRest(
            outcomes,
            all.filter((o) => !members.has(o)),
          ).aurocDifference;
          if (!comparison) continue;
          const events = Float64Array.from(outcomes.filter((o) => o.event).map((o) => o.probability));
          const nonEvents = Float64Array.from(outcomes.filter((o) => !o.event).map((o) => o.probability));
          expect(Math.abs(comparison.groupAuroc - delongAuroc(events, nonEvents)!.value), key).toBeLessThan(
            1e-12,
          );
        }
      });
    },
  );

  it('flags the miscalibrated and the poorly discriminating group, and White as their mirror', () => {
    const fixture = fixtureNamed('ethnic-groups');
    const { all, groups } = listOf(fixture);
    expect(flagsByGroup(judgeGroups(groups, all))).toEqual({
      White: ['oe', 'calibration'],
      Mixed: [],
      Asian: ['oe', 'calibration'],
      Black: ['auroc'],
      Other: [],
      'Not stated': [],
    });
  });

  it('does not flag a small group that discriminates better than the rest, however significant', () => {
    const { all, groups } = listOf(fixtureNamed('ethnic-groups'));
    const other = judgeGroups(groups, all).find(({ key }) => key === 'Other')!;
    expect(other.comparison.oeRatio?.groupObserved).toBe(3);
    expect(other.comparison.aurocDifference!.value).toBeGreaterThan(0.2);
    expect(other.adjustedPValues.aurocDifference!).toBeLessThan(0.05);
    expect(other.flags).toEqual([]);
  });

  it('flags no group for calibration when the whole list is off alike, where the old rule flags most for O/E', () => {
    const fixture = fixtureNamed('age-bands-whole-list-miscalibrated');
    const { all, groups } = listOf(fixture);
    const judgements = judgeGroups(groups, all);
    expect(judgements.map(({ flags }) => flags)).toEqual(groups.map(() => []));
    expect(performanceFigures(all).calibrationIntercept!).toBeGreaterThan(0.4);
    const oldOe = Object.values(fixture.oldRuleFlags).filter((flags) => flags.includes('oe'));
    expect(oldOe.length).toBeGreaterThanOrEqual(3);
  });

  it('a material size passed in replaces the default: a larger one for calibration removes the flag', () => {
    const { all, groups } = listOf(fixtureNamed('ethnic-groups'));
    const strict = judgeGroups(groups, all, { ...defaultMaterialSizes, calibrationInTheLargeDifference: 2 });
    expect(strict.find(({ key }) => key === 'Asian')!.flags).toEqual(['oe']);
  });
});

describe('Holm adjustment', () => {
  it('matches the worked example: 0.01, 0.04, 0.03, 0.005 → 0.03, 0.06, 0.06, 0.02 (statsmodels multipletests)', () => {
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((value, i) => expect(adjusted[i]).toBeCloseTo(value, 15));
  });

  it.each(golden.holm.map((example) => [JSON.stringify(example.pValues), example] as const))(
    'matches statsmodels on %s',
    (_name, example) => {
      expectMatches(holmAdjust(example.pValues), example.adjusted, 'holm');
    },
  );

  it('is monotone in the raw p-values, never below them, never above 1, and keeps nulls', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }), { maxLength: 12 }),
        (pValues) => {
          const adjusted = holmAdjust(pValues);
          pValues.forEach((p, i) => {
            const a = adjusted[i]!;
            if (p === null) return expect(adjusted[i]).toBeNull();
            expect(a).toBeGreaterThanOrEqual(p);
            expect(a).toBeLessThanOrEqual(1);
            pValues.forEach((q, j) => {
              if (q !== null && p <= q) expect(a).toBeLessThanOrEqual(adjusted[j]!);
            });
          });
        },
      ),
    );
  });

  it('refuses a p-value outside [0, 1]', () => {
    expect(() => holmAdjust([0.5, 1.5])).toThrow(RangeError);
    expect(() => holmAdjust([Number.NaN])).toThrow(RangeError);
  });
});

describe('the two-sided normal p-value', () => {
  it.each(golden.normalTail.map(({ z, pValue }) => [z, pValue] as const))(
    'P(|Z| ≥ |%s|) as scipy.stats.norm gives it',
    (z, pValue) => {
      expect(Math.abs(twoSidedNormalPValue(z) - pValue)).toBeLessThanOrEqual(1e-13 * pValue);
    },
  );
});

/**
 * A large list built row by row, no randomness: four risk levels, and in the group the true odds
 * `oddsRatio` times the predicted. Events are the rounded expected counts at each level.
 */
function deterministicList(perLevel: number, oddsRatio: number) {
  const levels = [0.1, 0.2, 0.3, 0.4];
  const group: JudgedOutcome[] = [];
  const rest: JudgedOutcome[] = [];
  let order = 0;
  for (const p of levels) {
    const odds = (p / (1 - p)) * oddsRatio;
    const groupEvents = Math.round((perLevel * odds) / (1 + odds));
    const restEvents = Math.round(perLevel * p);
    for (let i = 0; i < perLevel; i++) {
      group.push(outcome(p, i < groupEvents, order++));
      rest.push(outcome(p, i < restEvents, order++));
    }
  }
  return { group, rest, all: [...group, ...rest] };
}

describe('the flags', () => {
  it('a significant but small difference is not flagged', () => {
    const { group, rest, all } = deterministicList(12_500, 1.1);
    const [inGroup, inRest] = judgeGroups(
      [
        { key: 'group', outcomes: group },
        { key: 'rest', outcomes: rest },
      ],
      all,
    );
    for (const judgement of [inGroup!, inRest!]) {
      const { oeRatio, calibrationInTheLargeDifference } = judgement.comparison;
      expect(judgement.adjustedPValues.oeRatio!).toBeLessThan(1e-4);
      expect(judgement.adjustedPValues.calibrationInTheLargeDifference!).toBeLessThan(1e-4);
      expect(Math.abs(Math.log(oeRatio!.value))).toBeLessThan(Math.log(defaultMaterialSizes.oeRatio));
      expect(Math.abs(calibrationInTheLargeDifference!.value)).toBeLessThan(0.2);
      expect(judgement.flags).toEqual([]);
    }
    // The CITL difference is the odds ratio built in, and the two are mirror images.
    expect(inGroup!.comparison.calibrationInTheLargeDifference!.value).toBeCloseTo(Math.log(1.1), 3);
    expect(inRest!.comparison.calibrationInTheLargeDifference!.value).toBeCloseTo(
      -inGroup!.comparison.calibrationInTheLargeDifference!.value,
      12,
    );
  });

  it('the same list with the odds doubled flags the group and its mirror for calibration and O/E', () => {
    const { group, rest, all } = deterministicList(2_000, 2);
    const judgements = judgeGroups(
      [
        { key: 'group', outcomes: group },
        { key: 'rest', outcomes: rest },
      ],
      all,
    );
    expect(judgements.map(({ flags }) => flags)).toEqual([
      ['oe', 'calibration'],
      ['oe', 'calibration'],
    ]);
  });
});

describe('empty groups and groups without events', () => {
  const { all, groups } = listOf(fixtureNamed('ethnic-groups'));

  it('an empty group has no comparison, no adjusted p-values and no flags', () => {
    expect(compareGroupWithRest([], all)).toEqual({
      oeRatio: null,
      calibrationInTheLargeDifference: null,
      aurocDifference: null,
    });
    const [empty] = judgeGroups([{ key: 'Nobody', outcomes: [] }, ...groups], all);
    expect(empty).toEqual({
      key: 'Nobody',
      comparison: { oeRatio: null, calibrationInTheLargeDifference: null, aurocDifference: null },
      adjustedPValues: { oeRatio: null, calibrationInTheLargeDifference: null, aurocDifference: null },
      flags: [],
    });
  });

  it('a group that is the whole list has no rest to be compared with', () => {
    expect(compareGroupWithRest(all, [])).toEqual({
      oeRatio: null,
      calibrationInTheLargeDifference: null,
      aurocDifference: null,
    });
  });

  it('a group without events: O/E by the continuity rule, no calibration or AUROC comparison', () => {
    const notStated = judgeGroups(groups, all).find(({ key }) => key === 'Not stated')!;
    expect(notStated.comparison.oeRatio).toMatchObject({ groupObserved: 0, continuityCorrected: true });
    expect(notStated.comparison.oeRatio!.lower).toBeGreaterThan(0);
    expect(notStated.comparison.calibrationInTheLargeDifference).toBeNull();
    expect(notStated.comparison.aurocDifference).toBeNull();
    expect(notStated.adjustedPValues.calibrationInTheLargeDifference).toBeNull();
    expect(notStated.flags).toEqual([]);
  });

  it('no events on either side: nothing to compare', () => {
    const none = [0.1, 0.2, 0.3, 0.4, 0.05, 0.15].map((p, i) => outcome(p, false, i));
    expect(compareGroupWithRest(none.slice(0, 3), none.slice(3))).toEqual({
      oeRatio: null,
      calibrationInTheLargeDifference: null,
      aurocDifference: null,
    });
  });

  it('one event in the group: calibration is compared, the AUROC is not', () => {
    const group = [0.1, 0.2, 0.3, 0.4].map((p, i) => outcome(p, i === 2, i));
    const rest = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6].map((p, i) => outcome(p, i % 2 === 0, 10 + i));
    const comparison = compareGroupWithRest(group, rest);
    expect(comparison.oeRatio?.continuityCorrected).toBe(false);
    expect(comparison.calibrationInTheLargeDifference).not.toBeNull();
    expect(comparison.aurocDifference).toBeNull();
  });

  it('refuses a group whose outcomes are not the whole list’s', () => {
    const stranger = outcome(0.1, true, -1);
    expect(() => judgeGroups([{ key: 'Stranger', outcomes: [stranger] }], all)).toThrow(RangeError);
    const twice = all[0]!;
    expect(() => judgeGroups([{ key: 'Twice', outcomes: [twice, twice] }], all)).toThrow(RangeError);
  });
});
