/**
 * The counts of the "Optimisation" section of model monitoring (decision 0075), from pathways
 * already read: per factor, found, referred, operated, met before the operation and the median days
 * to met, overall and by group with small groups hidden as the fairness table hides them (decision
 * 0052), and the complications of the operated patients met against not met, with Wilson intervals.
 * Pure: the reads are in optimisation-section.ts.
 */
import { smallGroupThreshold, type Grouping } from '@esr/contracts/model-performance';
import type {
  ComplicationRate,
  FactorCounts,
  FactorGroup,
  FactorPerformance,
} from '@esr/contracts/model-performance-optimisation';
import { factorDefinitions, optimisationFactors, type OptimisationFactor } from '@esr/contracts/optimisation';
import { hiddenFigure } from '@esr/contracts/small-groups';
import { hiddenGroups, type Counted } from '../../platform/small-groups.js';
import { wilsonInterval, zFor95 } from './figures/index.js';

/** What one pathway's factor counts by. */
export interface CountedFactor {
  /** The London day it was identified: the earlier of the day it was found and its first entry's. */
  identifiedOn: string;
  referred: boolean;
  /** The London day of its first met entry; null when none. */
  metOn: string | null;
}

/** A pathway counted: its groups, its operation and the factors found on it. */
export interface CountedPathway {
  groups: Record<Grouping, string | null>;
  /** The day of operation; null for an active pathway. */
  operatedOn: string | null;
  /** Whether a complication followed, when the outcome counts (decision 0059); null otherwise. */
  event: boolean | null;
  factors: ReadonlyMap<OptimisationFactor, CountedFactor>;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The median of some numbers (the mean of the middle two when even); null when there are none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const metBeforeOperation = (pathway: CountedPathway, factor: CountedFactor) =>
  pathway.operatedOn !== null && factor.metOn !== null && factor.metOn <= pathway.operatedOn;

function countsOf(members: readonly [CountedPathway, CountedFactor][]): FactorCounts {
  const daysToMet = members.flatMap(([, factor]) =>
    factor.metOn === null ? [] : [dayNumber(factor.metOn) - dayNumber(factor.identifiedOn)],
  );
  return {
    found: members.length,
    referred: members.filter(([, factor]) => factor.referred).length,
    operated: members.filter(([pathway]) => pathway.operatedOn !== null).length,
    metBeforeOperation: members.filter(([pathway, factor]) => metBeforeOperation(pathway, factor)).length,
    met: daysToMet.length,
    medianDaysToMet: median(daysToMet),
  };
}

const counted = (counts: FactorCounts): Counted => ({
  size: counts.found,
  counts: [counts.referred, counts.operated, counts.metBeforeOperation, counts.met],
});

function rateOf(outcomes: readonly boolean[], hidden: boolean): ComplicationRate {
  if (hidden) return { n: hiddenFigure, suppressed: true };
  const n = outcomes.length;
  const events = outcomes.filter(Boolean).length;
  if (n === 0) return { n, events, rate: null, lower: null, upper: null, suppressed: false };
  return { n, events, rate: events / n, ...wilsonInterval(events, n, zFor95), suppressed: false };
}

/**
 * Each factor's figures over the pathways, with the groups of `by` in `order`: a group under 10
 * found, and whichever others would let it be worked out from the factor's counts shown beside
 * them, show only "hidden"; pathways in no group (an age not known) are taken as known to the
 * reader, as the fairness table takes them.
 */
export function optimisationFigures(
  pathways: readonly CountedPathway[],
  by: Grouping,
  order: readonly string[],
): FactorPerformance[] {
  return optimisationFactors.map((code) => {
    const members = pathways.flatMap((pathway) => {
      const factor = pathway.factors.get(code);
      return factor ? [[pathway, factor] as [CountedPathway, CountedFactor]] : [];
    });
    const inGroup = new Map<string, [CountedPathway, CountedFactor][]>(order.map((group) => [group, []]));
    const outside: [CountedPathway, CountedFactor][] = [];
    for (const member of members) {
      const group = member[0].groups[by];
      const list = group === null ? undefined : inGroup.get(group);
      if (list) list.push(member);
      else outside.push(member);
    }
    const groupCounts = [...inGroup.entries()].map(([group, list]) => [group, countsOf(list)] as const);
    const hidden = hiddenGroups(
      groupCounts.map(([, counts]) => counted(counts)),
      smallGroupThreshold,
      counted(countsOf(outside)),
    );
    const groups: FactorGroup[] = groupCounts.map(([group, counts], index) =>
      hidden[index]
        ? { group, found: hiddenFigure, suppressed: true }
        : { group, ...counts, suppressed: false },
    );
    // Only outcomes that count: follow-up complete and the complication known (decision 0059).
    const outcomes = members.flatMap(([pathway, factor]) =>
      pathway.event === null ? [] : [{ met: metBeforeOperation(pathway, factor), event: pathway.event }],
    );
    const met = outcomes.filter((outcome) => outcome.met).map((outcome) => outcome.event);
    const notMet = outcomes.filter((outcome) => !outcome.met).map((outcome) => outcome.event);
    // Both sides make up the operated patients with the factor, which the reader may know: a side
    // under 10 is hidden, and with it the other, which would give it away.
    const [metHidden, notMetHidden] = hiddenGroups(
      [
        { size: met.length, counts: [met.filter(Boolean).length] },
        { size: notMet.length, counts: [notMet.filter(Boolean).length] },
      ],
      smallGroupThreshold,
    );
    return {
      factor: code,
      label: factorDefinitions[code].label,
      overall: countsOf(members),
      groups,
      complications: { met: rateOf(met, metHidden!), notMet: rateOf(notMet, notMetHidden!) },
    };
  });
}
