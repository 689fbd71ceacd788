/**
 * Model monitoring (docs/model-monitoring.md, decision 0045): the figures of the trust's current
 * outcomes, measured exactly (figures/), for a list, by group, for a model version and across trusts.
 */
import { sql } from 'drizzle-orm';
import {
  ageBands,
  ethnicGroups,
  smallGroupThreshold,
  type GroupFigures,
  type Grouping,
  type ModelPerformance,
  type ModelPerformanceGroups,
  type ModelPerformanceQuery,
  type NationalPerformance,
  type PendingOutcomes,
} from '@esr/contracts/model-performance';
import { todayInLondon } from '@esr/contracts/london-dates';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { bandOfStored, compareBands, predictionOf } from '@esr/contracts/risk-band';
import { hiddenFigure } from '@esr/contracts/small-groups';
import { queryRows, type Db } from '../../platform/db/client.js';
import { hiddenGroups } from '../../platform/small-groups.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { predictionSuspension } from '../prediction-suspension/index.js';
import {
  bandFigures,
  decileFigures,
  funnelCurve,
  funnelLimits,
  inflatedLimits,
  judgeGroups,
  overdispersion,
  performanceFigures,
  vladPoints,
  type EstimatedDifference,
} from './figures/index.js';
import {
  cached,
  counts,
  defaultOutcomeHorizonDays,
  inChoice,
  chosen,
  currentVersion,
  inPeriod,
  lists,
  readList,
  type ListOutcomes,
  type StoredOutcome,
} from './judged-outcomes.js';
import { acknowledged, cusumOf, openCusumSignals, signalReviewsOf } from './cusum-signals.js';

/** The outcomes of the choice whose follow-up is not complete today, and when the next ones count. */
function pendingOf(list: ListOutcomes, query: ModelPerformanceQuery, today: string): PendingOutcomes {
  let count = 0;
  let notKnownYet = 0;
  let nextCountOn: string | null = null;
  let nextCount = 0;
  for (const outcome of list.judged) {
    if (!inChoice(outcome, query) || counts(outcome, today)) continue;
    count++;
    const day = outcome.countsFrom;
    if (day === null) {
      notKnownYet++;
    } else if (nextCountOn === null || day < nextCountOn) {
      nextCountOn = day;
      nextCount = 1;
    } else if (day === nextCountOn) {
      nextCount++;
    }
  }
  return { count, notKnownYet, nextCountOn, nextCount };
}

function adjustmentsOf(outcomes: readonly StoredOutcome[]) {
  const up = { n: 0, events: 0 };
  const down = { n: 0, events: 0 };
  for (const outcome of outcomes) {
    if (!outcome.adjustedPrediction) continue;
    const adjusted = predictionOf(outcome.adjustedPrediction) ?? 'low';
    const direction = Math.sign(compareBands(adjusted, bandOfStored(outcome.band) ?? 'low'));
    const side = direction > 0 ? up : direction < 0 ? down : null;
    if (!side) continue;
    side.n += 1;
    if (outcome.event) side.events += 1;
  }
  const withRate = (side: { n: number; events: number }) => ({
    ...side,
    observedRate: side.n > 0 ? side.events / side.n : null,
  });
  return {
    adjusted: outcomes.filter((outcome) => outcome.adjustedPrediction).length,
    adjustedUp: withRate(up),
    adjustedDown: withRate(down),
  };
}

/** The versions that made judged predictions, the active model's first, then the newest. */
function versionsOf(list: ListOutcomes) {
  const counts = new Map<number, number>();
  for (const outcome of list.judged)
    counts.set(outcome.modelVersion, (counts.get(outcome.modelVersion) ?? 0) + 1);
  return [...counts.entries()]
    .map(([modelVersion, n]) => ({ modelVersion, n, active: modelVersion === list.activeVersion }))
    .sort((a, b) => Number(b.active) - Number(a.active) || b.modelVersion - a.modelVersion);
}

/**
 * A model version's judged outcomes and their figures, for the model module's versions table, cards
 * and recalibration (decision 0046); the caller has checked the access.
 */
export async function versionOutcomes(
  db: Db,
  trustCode: string,
  procedureCode: string,
  query: ModelPerformanceQuery & { modelVersion: number },
) {
  const version = await currentVersion(db, trustCode, procedureCode);
  const list = await lists.get(db, `${trustCode}/${procedureCode}`, version, () =>
    readList(db, trustCode, procedureCode),
  );
  const outcomes = chosen(list, query, todayInLondon());
  // Computed when asked for: the versions table wants the headline figures only, a recalibration
  // the outcomes only, and the card both with the groups.
  const figures = () => performanceFigures(outcomes);
  return {
    outcomes,
    figures,
    groups: () =>
      (['sex', 'ethnicGroup', 'ageBand'] as const).map((by) => ({
        by,
        groups: groupsOf(outcomes, by),
      })),
  };
}

/** GET …/model-performance */
export async function modelPerformance(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  query: ModelPerformanceQuery,
): Promise<ModelPerformance> {
  requireAccess(principal, 'model-performance:read', trustCode);
  await procedureName(db, procedureCode);
  const choice = `figures/${query.from ?? ''}/${query.to ?? ''}/${query.modelVersion ?? ''}`;
  const figures = await cached(db, trustCode, procedureCode, choice, (list, context) => {
    const { today } = context;
    const outcomes = chosen(list, query, today);
    return {
      procedure: procedureCode,
      from: query.from ?? null,
      to: query.to ?? null,
      modelVersion: query.modelVersion ?? null,
      modelVersions: versionsOf(list),
      ...performanceFigures(outcomes),
      excluded: list.excludedOn.filter((day) => inPeriod(day, query)).length,
      pending: pendingOf(list, query, today),
      bands: bandFigures(outcomes),
      deciles: decileFigures(outcomes),
      vlad: vladPoints(outcomes),
      cusum: cusumOf(outcomes, context),
      adjustments: adjustmentsOf(outcomes),
    };
  });
  const reviews = await signalReviewsOf(db, trustCode, procedureCode);
  return {
    ...figures,
    cusum: acknowledged(figures.cusum, reviews),
    openSignals: await openCusumSignals(db, trustCode, procedureCode, reviews),
    suspension: await predictionSuspension(db, trustCode, procedureCode),
  };
}

const groupOf: Record<Grouping, (outcome: StoredOutcome) => string | null> = {
  sex: (outcome) => outcome.sex,
  ethnicGroup: (outcome) => outcome.ethnicGroup,
  ageBand: (outcome) => outcome.ageBand,
};

/** The groups of each grouping in the order the tables show them (the optimisation section's too). */
export const groupOrder: Record<Grouping, readonly string[]> = {
  sex: ['Female', 'Male', 'Not stated'],
  ethnicGroup: ethnicGroups,
  ageBand: ageBands,
};

/**
 * The figures of each group of a grouping, each judged against the rest of the list (decision 0062);
 * a group under 10, and whichever others would let it be worked out from the whole list's figures
 * shown beside them, show only "hidden" (decision 0052).
 */
function groupsOf(outcomes: readonly StoredOutcome[], by: Grouping): GroupFigures[] {
  const members = new Map<string, StoredOutcome[]>(groupOrder[by].map((group) => [group, []]));
  const outside: StoredOutcome[] = [];
  for (const outcome of outcomes) {
    const group = groupOf[by](outcome);
    const inGroup = group === null ? undefined : members.get(group);
    if (inGroup) inGroup.push(outcome);
    else outside.push(outcome);
  }
  const counted = (inGroup: readonly StoredOutcome[]) => ({
    size: inGroup.length,
    counts: [inGroup.filter((outcome) => outcome.event).length],
  });
  // Outcomes in no group (an age not known) are taken as known to the reader, as they may be elsewhere.
  const hidden = hiddenGroups([...members.values()].map(counted), smallGroupThreshold, counted(outside));
  const entries = [...members.entries()];
  // Each group shown against the rest of the list (everyone else, hidden groups included), Holm's
  // adjustment across the groups shown (decision 0062).
  const shown = entries.filter(([, inGroup], index) => !hidden[index] && inGroup.length > 0);
  const judged = new Map(
    judgeGroups(
      shown.map(([key, inGroup]) => ({ key, outcomes: inGroup })),
      outcomes,
    ).map((judgement) => [judgement.key, judgement]),
  );
  return entries.map(([group, inGroup], index) => {
    if (hidden[index]) return { group, n: hiddenFigure, suppressed: true };
    const figures = performanceFigures(inGroup);
    const judgement = judged.get(group);
    const against = (
      estimate: EstimatedDifference | null | undefined,
      adjustedP: number | null | undefined,
    ) =>
      estimate && adjustedP !== null && adjustedP !== undefined
        ? { value: estimate.value, lower: estimate.lower, upper: estimate.upper, adjustedP }
        : null;
    const flags = judgement?.flags ?? [];
    return {
      group,
      ...figures,
      suppressed: false,
      againstRest: {
        oeRatio: against(judgement?.comparison.oeRatio, judgement?.adjustedPValues.oeRatio),
        calibrationDifference: against(
          judgement?.comparison.calibrationInTheLargeDifference,
          judgement?.adjustedPValues.calibrationInTheLargeDifference,
        ),
        aurocDifference: against(
          judgement?.comparison.aurocDifference,
          judgement?.adjustedPValues.aurocDifference,
        ),
      },
      flagged: flags.length > 0,
      flags,
    };
  });
}

/** GET …/model-performance/groups: the figures per group beside the whole list's; small groups hidden (decision 0052). */
export async function modelPerformanceGroups(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  query: ModelPerformanceQuery & { by: Grouping },
): Promise<ModelPerformanceGroups> {
  requireAccess(principal, 'model-performance:read', trustCode);
  await procedureName(db, procedureCode);
  const choice = `groups/${query.by}/${query.from ?? ''}/${query.to ?? ''}/${query.modelVersion ?? ''}`;
  return cached(db, trustCode, procedureCode, choice, (list, { today }) => {
    const outcomes = chosen(list, query, today);
    const overall = performanceFigures(outcomes);
    const groups = groupsOf(outcomes, query.by);
    return { procedure: procedureCode, by: query.by, overall, groups };
  });
}

/** GET /api/model-performance (super admins): every trust's observed against expected, with funnel limits. */
export async function nationalPerformance(
  db: Db,
  principal: Principal,
  query: { procedure: ProcedureCode; from?: string | undefined; to?: string | undefined },
): Promise<NationalPerformance> {
  requireAccess(principal, 'model-performance:national');
  await procedureName(db, query.procedure);
  const rows = await queryRows<{
    trust_code: string;
    trust_name: string;
    n: number | string;
    events: number | string;
    expected: number | null;
  }>(
    db,
    // Only outcomes whose follow-up is complete count (decision 0059), as on each trust's own screen.
    sql`select o.trust_code, t.trust_name, count(*) as n,
        count(*) filter (where o.complication_90_days) as events, sum(o.probability) as expected
      from pathway_outcomes o join trusts t on t.trust_code = o.trust_code
        left join ml_models m on m.trust_code = o.trust_code and m.procedure_code = o.procedure_code
          and m.version = o.model_version
      where o.procedure_code = ${query.procedure} and o.is_current and o.probability is not null
        and o.model_version is not null and o.complication_90_days is not null
        and o.date_of_operation + coalesce(m.outcome_horizon_days, ${defaultOutcomeHorizonDays}) <= ${todayInLondon()}::date
        ${query.from ? sql`and o.date_of_operation >= ${query.from}::date` : sql``}
        ${query.to ? sql`and o.date_of_operation <= ${query.to}::date` : sql``}
      group by o.trust_code, t.trust_name order by t.trust_name, o.trust_code`,
  );
  const counted = rows.map((row) => ({ observed: Number(row.events), expected: Number(row.expected ?? 0) }));
  // Trusts differ by more than chance when their z-scores spread wider than Poisson's: the funnel is
  // widened by √φ, and the screen says so (Spiegelhalter, 2005; decision 0062).
  const dispersion = overdispersion(counted);
  const phi = dispersion?.phi ?? 1;
  const trusts = rows.map((row) => {
    const expected = Number(row.expected ?? 0);
    const events = Number(row.events);
    const oe = expected > 0 ? events / expected : null;
    const poissonLimits = expected > 0 ? funnelLimits(expected) : null;
    const limits = poissonLimits ? inflatedLimits(poissonLimits, phi) : null;
    const outlier =
      oe === null || !limits ? null : oe > limits.upper998 ? 'high' : oe < limits.lower998 ? 'low' : null;
    return {
      trustCode: row.trust_code,
      trustName: row.trust_name,
      n: Number(row.n),
      events,
      expected,
      oe,
      limits,
      outlier: outlier as 'high' | 'low' | null,
    };
  });
  const largest = Math.max(10, ...trusts.map((trust) => trust.expected * 1.2));
  return {
    procedure: query.procedure,
    trusts,
    overdispersion: dispersion && { phi: dispersion.phi, inflated: dispersion.phi > 1 },
    funnel: funnelCurve(largest).map((point) => ({
      expected: point.expected,
      ...inflatedLimits(point, phi),
    })),
  };
}
