/**
 * Predictions suspended by the trust's clinical safety officer (decision 0063). A suspension is a
 * row of `prediction_suspensions` per trust and procedure; nothing stored about a pathway changes,
 * so lifting it brings back exactly what was there. Every reader of a band or a probability reads
 * it through these: a scored pathway of a suspended procedure shows as `suspended`, with the day.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PredictionSuspension } from '@esr/contracts/prediction-suspension';
import { queryRows, type Db } from '../../platform/db/client.js';

/** The rows of a table (`p` unless named), or one trust's procedure. */
type Scope = SQL | { trustCode: string; procedureCode: string };

const matching = (scope: Scope) =>
  'trustCode' in scope
    ? sql`ps.trust_code = ${scope.trustCode} and ps.procedure_code = ${scope.procedureCode}`
    : sql`ps.trust_code = ${scope}.trust_code and ps.procedure_code = ${scope}.procedure_code`;

/**
 * True while the row's procedure (of `p`, or of the table given) has its predictions suspended.
 * Uncorrelated, so that the planner reads the few suspensions once and hashes them, rather than
 * looking them up for each of a list's rows.
 */
export const suspendedSql = (table: Scope = sql`p`) =>
  'trustCode' in table
    ? sql`exists (select 1 from prediction_suspensions ps where ${matching(table)})`
    : sql`((${table}.trust_code, ${table}.procedure_code) in (select ps.trust_code, ps.procedure_code
        from prediction_suspensions ps))`;

/** The day (London) the row's procedure was suspended, as text; null while it is not. */
export const suspendedOnSql = (table: Scope = sql`p`) =>
  sql`(select ((ps.suspended_at at time zone 'Europe/London')::date)::text from prediction_suspensions ps
    where ${matching(table)})`;

/**
 * The status a reader shows: a scored pathway (processed, or incomplete with its probability) of a
 * suspended procedure is `suspended`; waiting, failed and excluded ones have no band to withhold.
 */
export const shownStatusSql = sql`(case when p.status in ('processed', 'incomplete') and ${suspendedSql()}
  then 'suspended' else p.status end)`;

/** The columns every pathway reader takes for its scoring state: the status shown and the suspension's day. */
export const shownScoringColumns = sql`${shownStatusSql} as status, ${suspendedOnSql()} as suspended_on`;

interface SuspensionRow extends Record<string, unknown> {
  procedure_code: string;
  suspended_on: string;
  suspended_at: Date | string;
  suspended_by: string;
  reason: string;
}

const toSuspension = (row: SuspensionRow): PredictionSuspension => ({
  suspendedOn: row.suspended_on,
  suspendedAt: new Date(row.suspended_at).toISOString(),
  suspendedBy: row.suspended_by,
  reason: row.reason,
});

const suspensionColumns = sql`procedure_code, ((suspended_at at time zone 'Europe/London')::date)::text as suspended_on,
  suspended_at, suspended_by, reason`;

/** The suspension in force for a trust's procedure, or null. */
export async function predictionSuspension(
  db: Db,
  trustCode: string,
  procedureCode: string,
): Promise<PredictionSuspension | null> {
  const [row] = await queryRows<SuspensionRow>(
    db,
    sql`select ${suspensionColumns} from prediction_suspensions
      where trust_code = ${trustCode} and procedure_code = ${procedureCode}`,
  );
  return row ? toSuspension(row) : null;
}
