import { sql, type SQL } from 'drizzle-orm';
import type { ChangeLogPage, ChangeLogQuery } from '@esr/contracts/change-log';
import { adminMessages } from '@esr/contracts/messages';
import { queryRows, type Db } from '../../platform/db/client.js';
import { changeLog } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { requireAccess } from '../identity/index.js';
import { principalName, type Principal } from '../identity/index.js';
import { allOf, offsetOf, startsWith } from '../../platform/db/list-queries.js';
import { londonDayBounds } from '../../platform/london-day.js';
import { pathwayChangeAction, type PathwayOfChange } from './patient-in-words.js';

interface ChangeEntryFields {
  /** Who made the change (a background job acts for the user who asked for it). */
  principal: Pick<Principal, 'firstName' | 'lastName'> & { userId: string | null };
  trustCode: string | null;
  trustName: string;
  /**
   * Human-readable, shown in the change log's Action column, e.g. "Updated user Jane Smith". For a
   * change to a pathway, only what was done ("Remodelled"): the entry adds the patient and procedure.
   */
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** 'super-admin' keeps the entry from trust admins (changes touching a super admin; decision 0010). */
  audience?: 'trust' | 'super-admin';
}

/**
 * A change to record. A change to a patient's pathway gives the pathway's row rather than an id, so
 * that every such entry names the patient the same way (decision 0051).
 */
export type ChangeEntry = ChangeEntryFields &
  (
    | {
        entityType: 'trust' | 'user' | 'model' | 'import' | 'report' | 'integration-client';
        entityId: string;
      }
    | { entityType: 'patient'; pathway: PathwayOfChange }
  );

/** Only the fields that changed, as {before, after} (security baseline: audit before/after). */
export function diffFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, { before: unknown; after: unknown }> {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of keys) {
    const a = before?.[key] ?? null;
    const b = after?.[key] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { before: a, after: b };
  }
  return changes;
}

/**
 * Appends a change log entry (docs/requirements.md §3; append-only). Call it inside the transaction that makes
 * the change, so the change and its record commit together.
 */
export async function recordChange(db: Db, entry: ChangeEntry): Promise<void> {
  const ofPathway = entry.entityType === 'patient';
  await db.insert(changeLog).values({
    createdByUserId: entry.principal.userId,
    createdBy: principalName(entry.principal),
    trustCode: entry.trustCode,
    trustName: entry.trustName,
    action: ofPathway ? pathwayChangeAction(entry.action, entry.pathway) : entry.action,
    entityType: entry.entityType,
    entityId: ofPathway ? entry.pathway.id : entry.entityId,
    changes: diffFields(entry.before, entry.after),
    audience: entry.audience ?? 'trust',
  });
}

interface ChangeLogRow extends Record<string, unknown> {
  total_count: number | string;
  id: number | string | null;
  created_on: string | Date;
  created_by: string;
  trust_code: string | null;
  trust_name: string;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }> | string | null;
  entity_type: string;
  entity_id: string;
}

/**
 * A search by who made the change alone (decision 0013): the total sums the per-person counters
 * (migration 0007) of the people whose name starts so, and the page merges each such person's
 * newest offset + pageSize entries, read in order from change_log_created_by_prefix_idx. The
 * counters table is aliased `l`, as change_log is, so that the scope conditions apply as written.
 */
function byPersonMakingChanges(name: string, scope: SQL[], pageSize: number, offset: number) {
  const people = allOf([startsWith(sql`l.creator`, name), ...scope]);
  return {
    total: sql`(select coalesce(sum(l.entry_count), 0) from change_log_creator_counts l where ${people})`,
    pageIds: sql`select p.id from (select distinct l.creator from change_log_creator_counts l where ${people}) person
      cross join lateral (
        select l.id, l.created_on from change_log l
        where (lower(l.created_by) collate "C") = person.creator and ${allOf(scope)}
        order by (lower(l.created_by) collate "C"), l.created_on desc nulls last, l.id desc nulls last
        limit ${offset + pageSize}
      ) p
      order by p.created_on desc nulls last, p.id desc nulls last limit ${pageSize} offset ${offset}`,
  };
}

/**
 * The procedure of each pathway a page's entries concern, which the link to the patient's record
 * needs: one look-up by primary key for the page, not one per entry skipped to reach it.
 */
async function proceduresOfPathways(db: Db, ids: string[]): Promise<Map<string, string>> {
  const uuids = [...new Set(ids)].filter((id) => uuidPattern.test(id));
  if (uuids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; procedure_code: string }>(
    db,
    sql`select id, procedure_code from pathways where id = any(${`{${uuids.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.procedure_code]));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * GET /api/admin/changelog (docs/requirements.md §2 Change log, §7): newest first, 15 a page. Super admins see
 * every entry; trust admins their own trust's, without entries about super admins (decision 0010).
 */
export async function listChangeLog(
  db: Db,
  principal: Principal,
  query: ChangeLogQuery,
): Promise<ChangeLogPage> {
  const requested = query.trustCode?.trim().toUpperCase() || undefined;
  requireAccess(principal, 'changelog:read', requested);
  const superAdmin = principal.roles.includes('sa');
  const trustCode = superAdmin ? requested : principal.trustCode;

  const scope: SQL[] = [];
  if (trustCode) scope.push(sql`l.trust_code = ${trustCode}`);
  if (!superAdmin) scope.push(sql`l.audience = 'trust'`);
  const search: SQL[] = [];
  if (query.dateAndTime) {
    const day = londonDayBounds(query.dateAndTime);
    if (!day) throw badRequest(adminMessages.validationFailed, { dateAndTime: [adminMessages.dateInvalid] });
    search.push(sql`l.created_on >= ${day.start.toISOString()} and l.created_on < ${day.end.toISOString()}`);
  }
  if (query.userMakingChanges)
    search.push(startsWith(sql`(lower(l.created_by) collate "C")`, query.userMakingChanges));
  if (query.userOrTrustName)
    search.push(
      sql`(${startsWith(sql`(lower(l.created_by) collate "C")`, query.userOrTrustName)} or ${startsWith(sql`(lower(l.trust_name) collate "C")`, query.userOrTrustName)})`,
    );
  const where = allOf([...scope, ...search]);
  const offset = offsetOf(query.pageNumber, query.pageSize);
  // The indexes hold created_on and id DESC NULLS LAST: the order must say so to use them.
  const newestFirst = sql`l.created_on desc nulls last, l.id desc nulls last`;
  const columns = sql`l.id, l.created_on, l.created_by, l.trust_code, l.trust_name, l.action, l.changes,
    l.entity_type, l.entity_id`;
  let rows: ChangeLogRow[];
  if (search.length === 0) {
    // The total from the trigger-kept counters (decision 0011); the counters table is aliased `l`
    // so that the scope conditions apply to it as written.
    rows = await queryRows<ChangeLogRow>(
      db,
      sql`select c.total_count, p.* from
            (select (select coalesce(sum(l.entry_count), 0) from change_log_counts l where ${allOf(scope)}) as total_count) c
          left join lateral (
            select ${columns} from change_log l where ${where} order by ${newestFirst}
            limit ${query.pageSize} offset ${offset}
          ) p on true`,
    );
  } else {
    const { total, pageIds } =
      query.userMakingChanges && !query.dateAndTime && !query.userOrTrustName
        ? byPersonMakingChanges(query.userMakingChanges, scope, query.pageSize, offset)
        : {
            // Any other search: the total counts the matches from the search's own covering index, and
            // the page takes the newest of them from the same index. `nulls first` (created_on is never
            // null) keeps the planner from walking the whole date index when few entries match.
            total: sql`(select count(*) from change_log l where ${where})`,
            pageIds: sql`select l.id from change_log l where ${where}
            order by l.created_on desc nulls first, l.id desc nulls first limit ${query.pageSize} offset ${offset}`,
          };
    rows = await queryRows<ChangeLogRow>(
      db,
      sql`with page as (${pageIds})
          select ${total} as total_count, ${columns}
          from page join change_log l on l.id = page.id order by ${newestFirst}`,
    );
    if (rows.length === 0 && offset > 0) {
      const [counted] = await queryRows<{ total_count: number | string }>(
        db,
        sql`select ${total} as total_count`,
      );
      rows = [{ total_count: counted?.total_count ?? 0, id: null } as ChangeLogRow];
    }
  }
  const entries = rows.filter((row) => row.id !== null);
  const procedures = await proceduresOfPathways(
    db,
    entries.filter((row) => row.entity_type === 'patient').map((row) => row.entity_id),
  );
  return {
    items: entries.map((row) => ({
      id: Number(row.id),
      createdOn: new Date(row.created_on).toISOString(),
      createdBy: row.created_by,
      trustCode: row.trust_code,
      trustName: row.trust_name,
      action: row.action,
      changes: (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) ?? {},
      pathway:
        row.entity_type === 'patient'
          ? { id: row.entity_id, procedureCode: procedures.get(row.entity_id) ?? null }
          : null,
    })),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount: Number(rows[0]?.total_count ?? 0),
  };
}
