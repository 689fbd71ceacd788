/** The archive of a trust's pathways (docs/requirements.md §2 archive, §3 archived records), newest first. */
import { sql } from 'drizzle-orm';
import type { ArchivedRecord } from '@esr/contracts/open-pathways';
import { queryRows, type Db } from '../../platform/db/client.js';
import { requireAccess } from '../identity/index.js';
import type { Principal } from '../identity/index.js';
import { offsetOf } from '../../platform/db/list-queries.js';
import { shownStatusSql } from '../prediction-suspension/index.js';
import { endpoints } from '@esr/contracts/endpoints';
import { n, recordPage, type Paged } from './record-pages.js';
import { archivedColumns, archivedOrder, toArchivedRecord, type ArchivedRow } from './record-rows.js';

/** GET /api/trusts/{trust}/waiting-list/manage/records/archived (docs/requirements.md §2 archive), newest first. */
export async function archivedRecords(
  db: Db,
  principal: Principal,
  trustCode: string,
  page: { pageNumber: number; pageSize: number },
): Promise<Paged<ArchivedRecord>> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const offset = offsetOf(page.pageNumber, page.pageSize);
  const [counted] = await queryRows<{ total: unknown }>(
    db,
    sql`select count(*) as total from pathways p where p.trust_code = ${trustCode} and not p.is_active`,
  );
  const totalCount = n(counted?.total);
  let items: ArchivedRecord[] = [];
  if (offset < totalCount) {
    const rows = await queryRows<ArchivedRow>(
      db,
      sql`select r.* from (
          select p.id, p.date_removed from pathways p
          where p.trust_code = ${trustCode} and not p.is_active
          order by ${archivedOrder} limit ${page.pageSize} offset ${offset}) page
        cross join lateral (select ${archivedColumns}, ${shownStatusSql} as status, p.prediction, p.probability
          from pathways p where p.id = page.id limit 1) r
        order by page.date_removed desc nulls last, page.id desc`,
    );
    items = rows.map(toArchivedRecord);
  }
  await recordPage(
    db,
    principal,
    trustCode,
    { action: 'archived-list', endpoint: endpoints.openPathways.archivedRecords },
    { pageNumber: page.pageNumber, items },
  );
  return { items, pageNumber: page.pageNumber, pageSize: page.pageSize, totalCount };
}
