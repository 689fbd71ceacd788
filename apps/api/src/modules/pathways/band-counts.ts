/**
 * The band counters of the clerical screens, from the counts the triggers keep (`pathway_counts c`,
 * migration 0010): the processed pathways of each band, none while the procedure's predictions are
 * suspended (decision 0063), and beside them those without a band, each for its own reason
 * (decision 0057).
 */
import { sql, type SQL } from 'drizzle-orm';
import { predictions, storedBandOf, type Prediction } from '@esr/contracts/risk-band';
import { suspendedSql } from '../prediction-suspension/index.js';
import { n } from './record-pages.js';

/** The counters as the columns high, medium, low, incomplete and excluded. */
export const bandCountColumns: SQL = sql.join(
  [
    ...predictions.map(
      (band) =>
        sql`coalesce(sum(c.pathway_count) filter (where c.status = 'processed' and c.prediction = ${storedBandOf[band]} and not ${suspendedSql(sql`c`)}), 0) as ${sql.identifier(band)}`,
    ),
    sql`coalesce(sum(c.pathway_count) filter (where c.status = 'incomplete'), 0) as incomplete`,
    sql`coalesce(sum(c.pathway_count) filter (where c.status = 'excluded'), 0) as excluded`,
  ],
  sql`, `,
);

export type BandCounts = Record<Prediction | 'incomplete' | 'excluded', number>;

/** The counters of a row of `bandCountColumns`; 0 each without one. */
export const bandCountsOf = (row: Record<string, unknown> | undefined): BandCounts => ({
  high: n(row?.high),
  medium: n(row?.medium),
  low: n(row?.low),
  incomplete: n(row?.incomplete),
  excluded: n(row?.excluded),
});
