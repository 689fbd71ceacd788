/**
 * Model monitoring (docs/model-monitoring.md, decision 0045): the trust's current outcomes, each with
 * the prediction it was judged against when it was recorded, measured exactly (figures/). The
 * judged outcomes of a list are read once per outcome version and kept in memory; the answers to
 * each choice of period, version and grouping are kept beside them, so a screen that asks again
 * when nothing has changed is answered from memory after one version read.
 */
import { sql } from 'drizzle-orm';
import {
  ageBands,
  defaultCusumThreshold,
  ethnicGroups,
  smallGroupThreshold,
  type GroupFigures,
  type Grouping,
  type ModelPerformance,
  type ModelPerformanceGroups,
  type ModelPerformanceQuery,
  type NationalPerformance,
} from '@esr/contracts/model-performance';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { hiddenFigure } from '@esr/contracts/small-groups';
import { queryRows, type Db } from '../../platform/db/client.js';
import { VersionedCache } from '../../platform/db/versioned-cache.js';
import { hiddenGroups } from '../../platform/small-groups.js';
import { recordChange } from '../change-log/index.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import {
  bandFigures,
  cusumChart,
  decileFigures,
  funnelCurve,
  funnelLimits,
  groupFlags,
  performanceFigures,
  vladPoints,
  type Band,
  type JudgedOutcome,
} from './figures/index.js';

/** A judged outcome with what the figures are grouped and filtered by. */
interface StoredOutcome extends JudgedOutcome {
  modelVersion: number;
  sex: string;
  ethnicGroup: string;
  ageBand: string | null;
  adjustedPrediction: string | null;
}

interface ListOutcomes {
  judged: StoredOutcome[];
  /** The days of operation of the outcomes with no prediction before them. */
  excludedOn: string[];
  activeVersion: number | null;
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
            case when complication_90_days then '1' else '0' end, date_of_operation::text,
            coalesce(prediction, ''), coalesce(model_version::text, ''), coalesce(sex, ''),
            coalesce(ethnic_group, ''), coalesce(age_band, ''), coalesce(adjusted_prediction, '')),
          ';' order by date_of_operation, id) as rows
        from pathway_outcomes
        where trust_code = ${trustCode} and procedure_code = ${procedureCode} and is_current`,
    );
    const [active] = await queryRows<{ version: number }>(
      txDb,
      sql`select version from ml_models where trust_code = ${trustCode} and procedure_code = ${procedureCode} and is_active`,
    );
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
      list.judged.push({
        probability: Number(probability),
        event: event === '1',
        operatedOn,
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

/** The answer for this list and choice, computed again only when the outcomes or the threshold changed. */
async function cached<T>(
  db: Db,
  trustCode: string,
  procedureCode: string,
  choice: string,
  compute: (list: ListOutcomes, threshold: number) => T,
): Promise<T> {
  const version = await currentVersion(db, trustCode, procedureCode);
  const threshold = await cusumThresholdOf(db, trustCode);
  const listKey = `${trustCode}/${procedureCode}`;
  const list = () => lists.get(db, listKey, version, () => readList(db, trustCode, procedureCode));
  const answerVersion = version === null ? null : `${version}/${threshold}`;
  return (await answers.get(db, `${listKey}/${choice}`, answerVersion, async () => ({
    version: answerVersion,
    value: compute(await list(), threshold),
  }))) as T;
}

async function cusumThresholdOf(db: Db, trustCode: string): Promise<number> {
  const [row] = await queryRows<{ cusum_threshold: number | null }>(
    db,
    sql`select cusum_threshold from trusts where trust_code = ${trustCode}`,
  );
  return row?.cusum_threshold === null || row?.cusum_threshold === undefined
    ? defaultCusumThreshold
    : Number(row.cusum_threshold);
}

const inPeriod = (day: string, query: ModelPerformanceQuery) =>
  (!query.from || day >= query.from) && (!query.to || day <= query.to);

const chosen = (list: ListOutcomes, query: ModelPerformanceQuery) =>
  list.judged.filter(
    (outcome) =>
      inPeriod(outcome.operatedOn, query) &&
      (query.modelVersion === undefined || outcome.modelVersion === query.modelVersion),
  );

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
  const outcomes = chosen(list, query);
  // Computed when asked for: the versions table wants the headline figures only, a recalibration
  // the outcomes only, and the card both with the groups.
  const figures = () => performanceFigures(outcomes);
  return {
    outcomes,
    figures,
    groups: (overall = figures()) =>
      (['sex', 'ethnicGroup', 'ageBand'] as const).map((by) => ({
        by,
        groups: groupsOf(outcomes, by, overall),
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
  return cached(db, trustCode, procedureCode, choice, (list, threshold) => {
    const outcomes = chosen(list, query);
    return {
      procedure: procedureCode,
      from: query.from ?? null,
      to: query.to ?? null,
      modelVersion: query.modelVersion ?? null,
      modelVersions: versionsOf(list),
      ...performanceFigures(outcomes),
      excluded: list.excludedOn.filter((day) => inPeriod(day, query)).length,
      bands: bandFigures(outcomes),
      deciles: decileFigures(outcomes),
      vlad: vladPoints(outcomes),
      cusum: cusumChart(outcomes, threshold),
      adjustments: adjustmentsOf(outcomes),
    };
  });
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
 * The figures of each group of a grouping; a group under 10, and whichever others would let it be
 * worked out from the whole list's figures shown beside them, show only "hidden" (decision 0052).
 */
function groupsOf(
  outcomes: readonly StoredOutcome[],
  by: Grouping,
  overall = performanceFigures(outcomes),
): GroupFigures[] {
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
  return [...members.entries()].map(([group, inGroup], index) => {
    if (hidden[index]) return { group, n: hiddenFigure, suppressed: true };
    const figures = performanceFigures(inGroup);
    const flags = groupFlags(figures, overall);
    return { group, ...figures, suppressed: false, flagged: flags.length > 0, flags };
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
  return cached(db, trustCode, procedureCode, choice, (list) => {
    const outcomes = chosen(list, query);
    const overall = performanceFigures(outcomes);
    const groups = groupsOf(outcomes, query.by, overall);
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
    sql`select o.trust_code, t.trust_name, count(*) as n,
        count(*) filter (where o.complication_90_days) as events, sum(o.probability) as expected
      from pathway_outcomes o join trusts t on t.trust_code = o.trust_code
      where o.procedure_code = ${query.procedure} and o.is_current and o.probability is not null
        ${query.from ? sql`and o.date_of_operation >= ${query.from}::date` : sql``}
        ${query.to ? sql`and o.date_of_operation <= ${query.to}::date` : sql``}
      group by o.trust_code, t.trust_name order by t.trust_name, o.trust_code`,
  );
  const trusts = rows.map((row) => {
    const expected = Number(row.expected ?? 0);
    const events = Number(row.events);
    const oe = expected > 0 ? events / expected : null;
    const limits = expected > 0 ? funnelLimits(expected) : null;
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
  return { procedure: query.procedure, trusts, funnel: funnelCurve(largest) };
}

export async function monitoringSettings(db: Db, principal: Principal, trustCode: string) {
  requireAccess(principal, 'model-performance:read', trustCode);
  return { cusumThreshold: await cusumThresholdOf(db, trustCode) };
}

export async function changeMonitoringSettings(
  db: Db,
  principal: Principal,
  trustCode: string,
  request: { cusumThreshold: number },
) {
  requireAccess(principal, 'model-performance:settings', trustCode);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const before = await cusumThresholdOf(txDb, trustCode);
    await txDb.execute(sql`update trusts set cusum_threshold = ${request.cusumThreshold}, updated_at = now()
      where trust_code = ${trustCode}`);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: 'Changed the CUSUM threshold of model monitoring',
      entityType: 'trust',
      entityId: trustCode,
      before: { 'CUSUM threshold': before },
      after: { 'CUSUM threshold': request.cusumThreshold },
    });
    return { cusumThreshold: request.cusumThreshold };
  });
}
