/** The failed records of a procedure, or of every procedure of the trust (docs/requirements.md §2 failed records, error history). */
import { sql } from 'drizzle-orm';
import type { FailedRecord } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Db } from '../../platform/db/client.js';
import { requireAccess } from '../identity/index.js';
import type { Principal } from '../identity/index.js';
import { allOf, offsetOf } from '../../platform/db/list-queries.js';
import { endpoints } from '@esr/contracts/endpoints';
import { isoTime, n, recordPage, type Paged } from './record-pages.js';
import { fieldList, type PatientColumns } from './record-rows.js';

interface FailedRow extends PatientColumns {
  total_count: unknown;
  id: string | null;
  batch_id: string | null;
  procedure_code: ProcedureCode;
  processed_at: string | null;
  failed_fields: unknown;
  failure_reason: string | null;
}
/**
 * GET …/procedures/{type}/manage/records/failed and, for every procedure (the error history),
 * GET /api/trusts/{trust}/waiting-list/manage/records/failed: active pathways the model could not
 * score, most recently tried first.
 */
export async function failedRecords(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode | undefined,
  page: { pageNumber: number; pageSize: number },
): Promise<Paged<FailedRecord>> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const where = allOf([
    sql`p.trust_code = ${trustCode}`,
    ...(procedureCode ? [sql`p.procedure_code = ${procedureCode}`] : []),
    sql`p.is_active`,
    sql`p.status = 'failed'`,
  ]);
  const rows = await queryRows<FailedRow>(
    db,
    sql`select c.total_count, f.* from
        (select count(*) as total_count from pathways p where ${where}) c
      left join lateral (
        select p.id, coalesce(p.last_batch_id, p.first_batch_id)::text as batch_id, p.nhs_number,
          p.first_name, p.last_name, p.operation_type, p.procedure_code, p.local_patient_identifier,
          ${isoTime(sql`p.processed_at`)} as processed_at, p.failed_fields, p.failure_reason
        from pathways p where ${where}
        order by p.processed_at desc nulls last, p.id
        limit ${page.pageSize} offset ${offsetOf(page.pageNumber, page.pageSize)}
      ) f on true`,
  );
  const answer = {
    items: rows
      .filter((row): row is FailedRow & { id: string } => row.id !== null)
      .map((row) => ({
        id: row.id,
        waitingListId: row.batch_id ?? row.id,
        nhsNumber: row.nhs_number,
        firstName: row.first_name,
        lastName: row.last_name,
        foreName: row.first_name,
        surName: row.last_name,
        operationType: row.operation_type,
        procedureCode: row.procedure_code,
        hospitalNumber: row.local_patient_identifier,
        status: 'failed' as const,
        dateProcessed: row.processed_at,
        failedFields: fieldList(row.failed_fields),
        failureReason: row.failure_reason,
      })),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalCount: n(rows[0]?.total_count),
  };
  await recordPage(
    db,
    principal,
    trustCode,
    procedureCode
      ? { action: 'failed-list', endpoint: endpoints.openPathways.failedRecords }
      : { action: 'error-history', endpoint: endpoints.openPathways.allFailedRecords },
    answer,
  );
  return answer;
}
