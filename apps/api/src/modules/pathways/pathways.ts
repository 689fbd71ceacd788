/**
 * The trust's pathways as the clerical screens count and list them (docs/requirements.md §2 dashboard and open
 * pathways, §3 active and archived records).
 */
import { sql } from 'drizzle-orm';
import { procedureCodes, type ProcedureCode } from '@esr/contracts/procedures';
import type { ProcedureCounters, WaitingListDashboard } from '@esr/contracts/waiting-list';
import { queryRows, type Db } from '../../platform/db/client.js';
import { requireAccess } from '../identity/index.js';
import type { Principal } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { suspendedOnSql } from '../prediction-suspension/index.js';
import { bandCountColumns, bandCountsOf, type BandCounts } from './band-counts.js';

type Counts = Record<string, number | string | null>;
const n = (value: number | string | null | undefined) => Number(value ?? 0);

/** The dashboard's names of the band counters; incomplete and excluded are active pathways without a band (decision 0057). */
const riskRecords = (counts: BandCounts) => ({
  highRiskRecords: counts.high,
  mediumRiskRecords: counts.medium,
  lowRiskRecords: counts.low,
  incompleteRecords: counts.incomplete,
  excludedRecords: counts.excluded,
});

export async function waitingListDashboard(
  db: Db,
  principal: Principal,
  trustCode: string,
): Promise<WaitingListDashboard> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const [row] = await queryRows<Counts>(
    db,
    // Active pathways from the counts the triggers keep (migration 0010), as the open-pathways
    // screens read them; the archive, which only grows, counted through its index.
    sql`select
      coalesce(sum(c.pathway_count), 0) as active,
      (select count(*) from pathways p where p.trust_code = ${trustCode} and not p.is_active) as archived,
      coalesce(sum(c.pathway_count) filter (where c.status = 'processed'), 0) as processed,
      coalesce(sum(c.pathway_count) filter (where c.status = 'failed'), 0) as failed,
      ${bandCountColumns}
    from pathway_counts c where c.trust_code = ${trustCode}`,
  );
  // Each procedure's risk counters, so that the dashboard links to the list they count (decision 0038).
  const procedures = await queryRows<Counts & { procedure_code: ProcedureCode; suspended_on: string | null }>(
    db,
    sql`select c.procedure_code, ${suspendedOnSql(sql`c`)} as suspended_on,
      ${bandCountColumns}
    from pathway_counts c where c.trust_code = ${trustCode}
    group by c.trust_code, c.procedure_code having sum(c.pathway_count) > 0`,
  );
  const order = (code: ProcedureCode) => procedureCodes.indexOf(code);
  return {
    counters: {
      activeRecords: n(row?.active),
      archivedRecords: n(row?.archived),
      processedRecords: n(row?.processed),
      failedRecords: n(row?.failed),
      ...riskRecords(bandCountsOf(row)),
    },
    riskByProcedure: procedures
      .filter((row) => order(row.procedure_code) >= 0)
      .sort((a, b) => order(a.procedure_code) - order(b.procedure_code))
      .map((row) => ({
        procedureCode: row.procedure_code,
        ...riskRecords(bandCountsOf(row)),
        suspendedOn: row.suspended_on,
      })),
  };
}

export async function procedureCounters(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
): Promise<ProcedureCounters> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  await procedureName(db, procedureCode);
  const [row] = await queryRows<Counts>(
    db,
    sql`select
      coalesce(sum(c.pathway_count), 0) as active,
      coalesce(sum(c.pathway_count) filter (where c.status = 'processed'), 0) as processed,
      coalesce(sum(c.pathway_count) filter (where c.status = 'failed'), 0) as failed,
      coalesce(sum(c.pathway_count) filter (where c.status = 'incomplete'), 0) as incomplete,
      coalesce(sum(c.pathway_count) filter (where c.status = 'excluded'), 0) as excluded
    from pathway_counts c where c.trust_code = ${trustCode} and c.procedure_code = ${procedureCode}`,
  );
  return {
    counters: {
      activeRecords: n(row?.active),
      processedRecords: n(row?.processed),
      failedRecords: n(row?.failed),
      incompleteRecords: n(row?.incomplete),
      excludedRecords: n(row?.excluded),
    },
  };
}
