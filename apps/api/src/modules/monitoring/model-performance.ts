/**
 * Model monitoring (docs/model-monitoring.md, decision 0045): the trust's current outcomes, each with
 * the prediction it was judged against when it was recorded, measured exactly (figures/). The
 * judged outcomes of a list are read once per outcome version and kept in memory; the answers to
 * each choice of period, version and grouping are kept beside them, so a screen that asks again
 * when nothing has changed is answered from memory after one version read.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  ageBands,
  cusumDirections,
  cusumOddsRatios,
  defaultCusumTargetRunLength,
  ethnicGroups,
  monitoringMessages,
  smallGroupThreshold,
  type GroupFigures,
  type Grouping,
  type ModelPerformance,
  type ModelPerformanceGroups,
  type CusumDirection,
  type ModelPerformanceQuery,
  type NationalPerformance,
  type PendingOutcomes,
} from '@esr/contracts/model-performance';
import { todayInLondon } from '@esr/contracts/london-dates';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { hiddenFigure } from '@esr/contracts/small-groups';
import { queryRows, type Db } from '../../platform/db/client.js';
import { VersionedCache } from '../../platform/db/versioned-cache.js';
import { hiddenGroups } from '../../platform/small-groups.js';
import { recordChange } from '../change-log/index.js';
import { principalName, requireAccess, type Principal } from '../identity/index.js';
import { conflict, notFound } from '../../platform/errors.js';
import { procedureName } from '../library/index.js';
import { predictionSuspension } from '../prediction-suspension/index.js';
import {
  bandFigures,
  cusumCharts,
  decileFigures,
  funnelCurve,
  funnelLimits,
  inflatedLimits,
  judgeGroups,
  overdispersion,
  performanceFigures,
  thresholdForAverageRunLength,
  vladPoints,
  type Band,
  type EstimatedDifference,
  type JudgedOutcome,
} from './figures/index.js';

/** A judged outcome with what the figures are grouped and filtered by. */
interface StoredOutcome extends JudgedOutcome {
  /**
   * The first day (London) on which the outcome counts: the day of operation plus the horizon of
   * the model version that made its prediction (decision 0059). Null for "Not known yet".
   */
  countsFrom: string | null;
  modelVersion: number;
  sex: string;
  ethnicGroup: string;
  ageBand: string | null;
  adjustedPrediction: string | null;
}

interface ListOutcomes {
  /** Every outcome with a prediction before its operation, its follow-up complete or not. */
  judged: StoredOutcome[];
  /** The days of operation of the outcomes with no prediction before them. */
  excludedOn: string[];
  activeVersion: number | null;
}

/** The horizon of a model version the list no longer holds (the demonstration models'). */
const defaultOutcomeHorizonDays = 90;

/** A calendar day (YYYY-MM-DD) so many days later. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const bandRank: Record<string, number> = { Low: 0, Moderate: 1, High: 2, low: 0, medium: 1, high: 2 };

/** Every current outcome of the list, read at one version. */
async function readList(db: Db, trustCode: string, procedureCode: string) {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [version] = await queryRows<{ version: number | string }>(
      txDb,
      sql`select version from outcome_versions where trust_code = ${trustCode} and procedure_code = ${procedureCode}`,
    );
    // One text value rather than 100,000 rows: taking rows out of the embedded database's thread and
    // making an object of each took most of the read; the order of the rows is the charts' order.
    const [packed] = await queryRows<{ rows: string | null }>(
      txDb,
      sql`select string_agg(concat_ws(',', coalesce(probability::text, ''),
            case when complication_90_days then '1' when not complication_90_days then '0' else '?' end,
            date_of_operation::text,
            coalesce(prediction, ''), coalesce(model_version::text, ''), coalesce(sex, ''),
            coalesce(ethnic_group, ''), coalesce(age_band, ''), coalesce(adjusted_prediction, '')),
          ';' order by date_of_operation, id) as rows
        from pathway_outcomes
        where trust_code = ${trustCode} and procedure_code = ${procedureCode} and is_current`,
    );
    const versions = await queryRows<{ version: number; is_active: boolean; outcome_horizon_days: number }>(
      txDb,
      sql`select version, is_active, outcome_horizon_days from ml_models
        where trust_code = ${trustCode} and procedure_code = ${procedureCode}`,
    );
    const horizonOf = new Map(versions.map((row) => [Number(row.version), Number(row.outcome_horizon_days)]));
    const active = versions.find((row) => row.is_active);
    const list: ListOutcomes = {
      judged: [],
      excludedOn: [],
      activeVersion: active ? Number(active.version) : null,
    };
    const lines = packed?.rows ? packed.rows.split(';') : [];
    for (const [index, line] of lines.entries()) {
      const [probability, event, operatedOn, prediction, modelVersion, sex, ethnicGroup, ageBand, adjusted] =
        line.split(',') as [string, string, string, string, string, string, string, string, string];
      if (probability === '' || modelVersion === '') {
        list.excludedOn.push(operatedOn);
        continue;
      }
      const horizon = horizonOf.get(Number(modelVersion)) ?? defaultOutcomeHorizonDays;
      list.judged.push({
        probability: Number(probability),
        event: event === '1',
        operatedOn,
        countsFrom: event === '?' ? null : addDays(operatedOn, horizon),
        band: (prediction || 'Low') as Band,
        order: String(index).padStart(8, '0'),
        modelVersion: Number(modelVersion),
        sex: sex || 'Not stated',
        ethnicGroup: ethnicGroup || 'Not stated',
        ageBand: ageBand || null,
        adjustedPrediction: adjusted || null,
      });
    }
    return { version: version ? String(version.version) : null, value: list };
  });
}

/** Lists kept per database: a few trusts' procedures, 100,000 outcomes each at most in practice. */
const lists = new VersionedCache<ListOutcomes>(12);
const answers = new VersionedCache<unknown>(200);

async function currentVersion(db: Db, trustCode: string, procedureCode: string): Promise<string | null> {
  const [row] = await queryRows<{ version: number | string }>(
    db,
    sql`select version from outcome_versions where trust_code = ${trustCode} and procedure_code = ${procedureCode}`,
  );
  return row ? String(row.version) : null;
}

/** What the answers are computed with besides the outcomes. */
interface Context {
  today: string;
  targetRunLength: number;
  thresholds: CusumThresholds;
}

interface CusumThresholds {
  worse: number | null;
  better: number | null;
  caseMix: number;
}

/**
 * The answer for this list and choice, computed again only when the outcomes, the day or the CUSUM
 * target changed.
 */
async function cached<T>(
  db: Db,
  trustCode: string,
  procedureCode: string,
  choice: string,
  compute: (list: ListOutcomes, context: Context) => T,
): Promise<T> {
  const version = await currentVersion(db, trustCode, procedureCode);
  const targetRunLength = await cusumTargetOf(db, trustCode);
  const listKey = `${trustCode}/${procedureCode}`;
  const list = () => lists.get(db, listKey, version, () => readList(db, trustCode, procedureCode));
  // Outcomes come to count at midnight: an answer is kept for the day it was made on.
  const today = todayInLondon();
  const contextVersion = version === null ? null : `${version}/${targetRunLength}/${today}`;
  const thresholds = (await answers.get(db, `${listKey}/thresholds`, contextVersion, async () => ({
    version: contextVersion,
    value: thresholdsOf(await list(), today, targetRunLength),
  }))) as CusumThresholds;
  return (await answers.get(db, `${listKey}/${choice}`, contextVersion, async () => ({
    version: contextVersion,
    value: compute(await list(), { today, targetRunLength, thresholds }),
  }))) as T;
}

/**
 * Each CUSUM's threshold for the trust's target run length, worked out on the case mix of every
 * outcome of the list that counts today (decision 0061): the same for any period or version chosen,
 * so that a signal is the same signal wherever it is seen.
 */
function thresholdsOf(list: ListOutcomes, today: string, targetRunLength: number): CusumThresholds {
  const probabilities = list.judged.filter((outcome) => counts(outcome, today)).map((o) => o.probability);
  return {
    worse: thresholdForAverageRunLength(probabilities, targetRunLength, cusumOddsRatios.worse),
    better: thresholdForAverageRunLength(probabilities, targetRunLength, cusumOddsRatios.better),
    caseMix: probabilities.length,
  };
}

async function cusumTargetOf(db: Db, trustCode: string): Promise<number> {
  const [row] = await queryRows<{ cusum_target_run_length: number | null }>(
    db,
    sql`select cusum_target_run_length from trusts where trust_code = ${trustCode}`,
  );
  return row?.cusum_target_run_length === null || row?.cusum_target_run_length === undefined
    ? defaultCusumTargetRunLength
    : Number(row.cusum_target_run_length);
}

/** Both CUSUMs of these outcomes, as the API gives them (acknowledgements are added per request). */
function cusumOf(outcomes: readonly StoredOutcome[], context: Context): ModelPerformance['cusum'] {
  const { thresholds } = context;
  const charts = cusumCharts(outcomes, { worse: thresholds.worse ?? 1, better: thresholds.better ?? 1 });
  const chart = (direction: CusumDirection) => ({
    direction,
    oddsRatio: cusumOddsRatios[direction],
    threshold: thresholds[direction],
    // Without a threshold (no outcome counts yet) there is nothing to draw or signal.
    signals:
      thresholds[direction] === null
        ? []
        : charts[direction].signals.map((date) => ({ date, acknowledgement: null })),
    points: thresholds[direction] === null ? [] : charts[direction].points,
  });
  return {
    targetRunLength: context.targetRunLength,
    caseMix: thresholds.caseMix,
    worse: chart('worse'),
    better: chart('better'),
  };
}

interface SignalReviewRow extends Record<string, unknown> {
  direction: CusumDirection;
  signalled_on: string;
  note: string;
  acknowledged_by: string;
  acknowledged_at: string | Date;
}

async function signalReviewsOf(db: Db, trustCode: string, procedureCode: string) {
  const rows = await queryRows<SignalReviewRow>(
    db,
    sql`select direction, signalled_on::text as signalled_on, note, acknowledged_by, acknowledged_at
      from cusum_signal_reviews where trust_code = ${trustCode} and procedure_code = ${procedureCode}`,
  );
  return new Map(
    rows.map((row) => [
      `${row.direction}/${row.signalled_on}`,
      { note: row.note, by: row.acknowledged_by, at: new Date(row.acknowledged_at).toISOString() },
    ]),
  );
}

/** The charts with each signal's acknowledgement, if a clinical safety officer has given one. */
function acknowledged(cusum: ModelPerformance['cusum'], reviews: SignalReviews): ModelPerformance['cusum'] {
  const chart = (direction: CusumDirection) => ({
    ...cusum[direction],
    signals: cusum[direction].signals.map(({ date }) => ({
      date,
      acknowledgement: reviews.get(`${direction}/${date}`) ?? null,
    })),
  });
  return { ...cusum, worse: chart('worse'), better: chart('better') };
}

type SignalReviews = Awaited<ReturnType<typeof signalReviewsOf>>;

/** The CUSUMs of the whole list (every date and version): the signals acknowledgements name. */
const wholeListCusum = (db: Db, trustCode: string, procedureCode: string) =>
  cached(db, trustCode, procedureCode, 'cusum', (list, context) =>
    cusumOf(chosen(list, {}, context.today), context),
  );

/**
 * The signals of the whole list (every date and version) that no clinical safety officer has
 * acknowledged, oldest first: what the monitoring and model screens lead with (decision 0061).
 */
export async function openCusumSignals(
  db: Db,
  trustCode: string,
  procedureCode: string,
  known?: SignalReviews,
) {
  const cusum = await wholeListCusum(db, trustCode, procedureCode);
  const reviews = known ?? (await signalReviewsOf(db, trustCode, procedureCode));
  return cusumDirections
    .flatMap((direction) =>
      cusum[direction].signals
        .filter(({ date }) => !reviews.has(`${direction}/${date}`))
        .map(({ date }) => ({ direction, date })),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.direction.localeCompare(b.direction));
}

const inPeriod = (day: string, query: ModelPerformanceQuery) =>
  (!query.from || day >= query.from) && (!query.to || day <= query.to);

const inChoice = (outcome: StoredOutcome, query: ModelPerformanceQuery) =>
  inPeriod(outcome.operatedOn, query) &&
  (query.modelVersion === undefined || outcome.modelVersion === query.modelVersion);

/** Whether an outcome's follow-up is complete on `today`, so that it counts (decision 0059). */
const counts = (outcome: StoredOutcome, today: string) =>
  outcome.countsFrom !== null && outcome.countsFrom <= today;

/** The outcomes of the choice that count today: every figure, chart and test is made of these only. */
const chosen = (list: ListOutcomes, query: ModelPerformanceQuery, today: string) =>
  list.judged.filter((outcome) => inChoice(outcome, query) && counts(outcome, today));

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
    const direction = Math.sign((bandRank[outcome.adjustedPrediction] ?? 0) - (bandRank[outcome.band] ?? 0));
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

const groupOrder: Record<Grouping, readonly string[]> = {
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

export async function monitoringSettings(db: Db, principal: Principal, trustCode: string) {
  requireAccess(principal, 'model-performance:read', trustCode);
  return { cusumTargetRunLength: await cusumTargetOf(db, trustCode) };
}

/** PUT …/model-performance/settings: the clinical safety officer sets the CUSUMs' target run length. */
export async function changeMonitoringSettings(
  db: Db,
  principal: Principal,
  trustCode: string,
  request: { cusumTargetRunLength: number },
) {
  requireAccess(principal, 'model-performance:settings', trustCode);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const before = await cusumTargetOf(txDb, trustCode);
    await txDb.execute(sql`update trusts set cusum_target_run_length = ${request.cusumTargetRunLength},
        updated_at = now()
      where trust_code = ${trustCode}`);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: 'Changed the operations between false alarms of the CUSUMs of model monitoring',
      entityType: 'trust',
      entityId: trustCode,
      before: { 'Operations between false alarms': before },
      after: { 'Operations between false alarms': request.cusumTargetRunLength },
    });
    return { cusumTargetRunLength: request.cusumTargetRunLength };
  });
}

/**
 * POST …/model-performance/signals: a clinical safety officer acknowledges a signal of the whole
 * list with a note (decision 0061). 404 for a signal the list does not show, 409 when it has been
 * acknowledged already.
 */
export async function acknowledgeCusumSignal(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  request: { direction: CusumDirection; date: string; note: string },
) {
  requireAccess(principal, 'model-performance:signals', trustCode);
  const procedure = await procedureName(db, procedureCode);
  const cusum = await wholeListCusum(db, trustCode, procedureCode);
  if (!cusum[request.direction].signals.some((signal) => signal.date === request.date))
    throw notFound(monitoringMessages.noSuchSignal);
  const chartName = request.direction === 'worse' ? 'more complications' : 'fewer complications';
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [inserted] = await queryRows<{ id: string }>(
      txDb,
      sql`insert into cusum_signal_reviews (id, trust_code, procedure_code, direction, signalled_on, note,
          acknowledged_by, acknowledged_by_user_id)
        values (${crypto.randomUUID()}, ${trustCode}, ${procedureCode}, ${request.direction}, ${request.date}::date,
          ${request.note}, ${principalName(principal)}, ${principal.userId}::uuid)
        on conflict do nothing returning id`,
    );
    if (!inserted) throw conflict(monitoringMessages.alreadyAcknowledged);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Acknowledged the CUSUM signal of ${request.date} (${chartName} than predicted) for ${procedure}`,
      entityType: 'model',
      entityId: `${procedureCode}/${request.direction}/${request.date}`,
      after: { Note: request.note },
    });
  });
  return modelPerformance(db, principal, trustCode, procedureCode, {});
}
