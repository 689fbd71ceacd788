/**
 * The trust's pathways as the clerical screens count and list them (spec §2 dashboard and open
 * pathways, §3 active and archived records).
 */
import { sql } from 'drizzle-orm';
import type { ProcedureCounters, WaitingListDashboard } from '@esr/contracts/waiting-list';
import { queryRows, type Db } from '../db/client.js';
import { requireAccess } from './authorization.js';
import type { Principal } from './identity.js';
import { procedureName } from './procedures.js';

type Counts = Record<string, number | string | null>;
const n = (value: number | string | null | undefined) => Number(value ?? 0);

export async function waitingListDashboard(
  db: Db,
  principal: Principal,
  trustCode: string,
): Promise<WaitingListDashboard> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const [row] = await queryRows<Counts>(
    db,
    sql`select
      count(*) filter (where is_active) as active,
      count(*) filter (where not is_active) as archived,
      count(*) filter (where is_active and status = 'processed') as processed,
      count(*) filter (where is_active and status = 'failed') as failed,
      count(*) filter (where is_active and status = 'processed' and prediction = 'High') as high,
      count(*) filter (where is_active and status = 'processed' and prediction = 'Moderate') as medium,
      count(*) filter (where is_active and status = 'processed' and prediction = 'Low') as low
    from pathways where trust_code = ${trustCode}`,
  );
  return {
    counters: {
      activeRecords: n(row?.active),
      archivedRecords: n(row?.archived),
      processedRecords: n(row?.processed),
      failedRecords: n(row?.failed),
      highRiskRecords: n(row?.high),
      mediumRiskRecords: n(row?.medium),
      lowRiskRecords: n(row?.low),
    },
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
      count(*) as active,
      count(*) filter (where status = 'processed') as processed,
      count(*) filter (where status = 'failed') as failed
    from pathways where trust_code = ${trustCode} and procedure_code = ${procedureCode} and is_active`,
  );
  return {
    counters: {
      activeRecords: n(row?.active),
      processedRecords: n(row?.processed),
      failedRecords: n(row?.failed),
    },
  };
}
