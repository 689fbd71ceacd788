/**
 * The judged outcomes of a list (docs/model-monitoring.md, decision 0045): each current outcome with
 * the prediction it was judged against when it was recorded. They are read once per outcome
 * version and kept in memory; the answers to each choice of period, version and grouping are kept
 * beside them, so a screen that asks again when nothing has changed is answered from memory after
 * one version read.
 */
import { sql } from 'drizzle-orm';
import {
  cusumOddsRatios,
  defaultCusumTargetRunLength,
  type ModelPerformanceQuery,
} from '@esr/contracts/model-performance';
import { todayInLondon } from '@esr/contracts/london-dates';
import { queryRows, type Db } from '../../platform/db/client.js';
import { VersionedCache } from '../../platform/db/versioned-cache.js';
import { thresholdForAverageRunLength, type Band, type JudgedOutcome } from './figures/index.js';

/** A judged outcome with what the figures are grouped and filtered by. */
export interface StoredOutcome extends JudgedOutcome {
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

export interface ListOutcomes {
  /** Every outcome with a prediction before its operation, its follow-up complete or not. */
  judged: StoredOutcome[];
  /** The days of operation of the outcomes with no prediction before them. */
  excludedOn: string[];
  activeVersion: number | null;
}

/** The horizon of a model version the list no longer holds (the demonstration models'). */
export const defaultOutcomeHorizonDays = 90;

/** A calendar day (YYYY-MM-DD) so many days later. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Every current outcome of the list, read at one version. */
export async function readList(db: Db, trustCode: string, procedureCode: string) {
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
export const lists = new VersionedCache<ListOutcomes>(12);
const answers = new VersionedCache<unknown>(200);

export async function currentVersion(
  db: Db,
  trustCode: string,
  procedureCode: string,
): Promise<string | null> {
  const [row] = await queryRows<{ version: number | string }>(
    db,
    sql`select version from outcome_versions where trust_code = ${trustCode} and procedure_code = ${procedureCode}`,
  );
  return row ? String(row.version) : null;
}

/** What the answers are computed with besides the outcomes. */
export interface Context {
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
export async function cached<T>(
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

export async function cusumTargetOf(db: Db, trustCode: string): Promise<number> {
  const [row] = await queryRows<{ cusum_target_run_length: number | null }>(
    db,
    sql`select cusum_target_run_length from trusts where trust_code = ${trustCode}`,
  );
  return row?.cusum_target_run_length === null || row?.cusum_target_run_length === undefined
    ? defaultCusumTargetRunLength
    : Number(row.cusum_target_run_length);
}
export const inPeriod = (day: string, query: ModelPerformanceQuery) =>
  (!query.from || day >= query.from) && (!query.to || day <= query.to);

export const inChoice = (outcome: StoredOutcome, query: ModelPerformanceQuery) =>
  inPeriod(outcome.operatedOn, query) &&
  (query.modelVersion === undefined || outcome.modelVersion === query.modelVersion);

/** Whether an outcome's follow-up is complete on `today`, so that it counts (decision 0059). */
export const counts = (outcome: StoredOutcome, today: string) =>
  outcome.countsFrom !== null && outcome.countsFrom <= today;

/** The outcomes of the choice that count today: every figure, chart and test is made of these only. */
export const chosen = (list: ListOutcomes, query: ModelPerformanceQuery, today: string) =>
  list.judged.filter((outcome) => inChoice(outcome, query) && counts(outcome, today));
