/** The CUSUM charts of a list and their signals, with a clinical safety officer's acknowledgements (decision 0061). */
import { sql } from 'drizzle-orm';
import {
  cusumDirections,
  cusumOddsRatios,
  type ModelPerformance,
  type CusumDirection,
} from '@esr/contracts/model-performance';
import { queryRows, type Db } from '../../platform/db/client.js';
import { cusumCharts } from './figures/index.js';
import { cached, chosen, type Context, type StoredOutcome } from './judged-outcomes.js';

/** Both CUSUMs of these outcomes, as the API gives them (acknowledgements are added per request). */
export function cusumOf(outcomes: readonly StoredOutcome[], context: Context): ModelPerformance['cusum'] {
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

export async function signalReviewsOf(db: Db, trustCode: string, procedureCode: string) {
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
export function acknowledged(
  cusum: ModelPerformance['cusum'],
  reviews: SignalReviews,
): ModelPerformance['cusum'] {
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
export const wholeListCusum = (db: Db, trustCode: string, procedureCode: string) =>
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
