/** docs/requirements.md §3 upload history: every upload of the trust, one row per file. */
import { sql } from 'drizzle-orm';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { type UploadHistory, type UploadHistoryItem } from '@esr/contracts/waiting-list';
import { queryRows, type Db } from '../../platform/db/client.js';
import { requireAccess } from '../identity/index.js';
import { type Principal } from '../identity/index.js';
import { offsetOf, pageTotal } from '../../platform/db/list-queries.js';

interface HistoryRow extends Record<string, unknown> {
  id: string;
  procedure_code: ProcedureCode;
  created_at: string | Date;
  created_by: string;
  status: string;
  file_type: 'waitingList' | 'bloodTest';
  file_name: string;
  file_status: string;
  total: number | string;
}

const decidedStatuses = new Set(['IMPORTED', 'CANCELLED', 'EXPIRED']);

/** docs/requirements.md §3 upload history: one row per file (waiting list, then its blood tests), newest upload first. */
export async function uploadHistory(
  db: Db,
  principal: Principal,
  trustCode: string,
  query: { procedureCode?: ProcedureCode | undefined; pageNumber: number; pageSize: number },
): Promise<UploadHistory> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const procedureFilter = query.procedureCode ? sql`and b.procedure_code = ${query.procedureCode}` : sql``;
  const rows = await queryRows<HistoryRow>(
    db,
    sql`select b.id, b.procedure_code, b.created_at, b.created_by, b.status,
        f.file_type, f.file_name, f.file_status, count(*) over () as total
      from import_batches b
      cross join lateral (values
        (1, 'waitingList', b.waiting_list_file_name, b.waiting_list_status),
        (2, 'bloodTest', b.blood_test_file_name, b.blood_test_status)
      ) as f(position, file_type, file_name, file_status)
      where b.trust_code = ${trustCode} ${procedureFilter}
      order by b.created_at desc, b.id, f.position
      limit ${query.pageSize} offset ${offsetOf(query.pageNumber, query.pageSize)}`,
  );
  const total = await pageTotal(rows, query.pageNumber, async () => {
    const [count] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) * 2 as n from import_batches b where b.trust_code = ${trustCode} ${procedureFilter}`,
    );
    return Number(count?.n ?? 0);
  });
  return {
    items: rows.map((row) => ({
      batchId: row.id,
      fileName: row.file_name,
      fileType: row.file_type,
      procedureCode: row.procedure_code,
      uploadDate: new Date(row.created_at).toISOString(),
      status: (decidedStatuses.has(row.status) ? row.status : row.file_status) as UploadHistoryItem['status'],
      user: row.created_by,
    })),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount: total,
  };
}
