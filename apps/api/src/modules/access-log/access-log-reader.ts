/**
 * Who has seen a patient's record (decision 0042): for a subject access request or a privacy
 * incident, every access to the pathways of one NHS number in a trust, newest first, in words.
 * The answer names the readers and what they saw, never another patient of a list or an export,
 * and the read is itself recorded.
 */
import { sql } from 'drizzle-orm';
import {
  accessLogMessages,
  type AccessLogEntry,
  type AccessLogPage,
  type AccessLogQuery,
} from '@esr/contracts/access-log';
import { endpoints } from '@esr/contracts/endpoints';
import { hasValidCheckDigit, nhsNumberDigits } from '@esr/contracts/nhs-number';
import { roleNames, type RoleCode } from '@esr/contracts/roles';
import { queryRows, type Db } from '../../platform/db/client.js';
import { offsetOf } from '../../platform/db/list-queries.js';
import { badRequest } from '../../platform/errors.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { recordPatientAccess, routeOf, type AccessAction } from './access-log.js';

/** What each action showed, as the screens that show it are titled. */
const seenLabels: Record<AccessAction, string> = {
  lookup: 'Patient lookup results',
  'risk-summary': 'Risk summary',
  'summary-pdf': 'Risk summary PDF',
  history: 'Previous evaluations',
  'history-entry': 'Past evaluation',
  'history-pdf': 'Past evaluation PDF',
  record: 'Details for remodelling',
  'active-list': 'Total records',
  'failed-list': 'Records that failed processing',
  'error-history': 'Open pathways error history',
  'archived-list': 'Archived records',
  'to-be-archived': 'Patients to be archived',
  'validation-summary': 'Rows with errors in an upload',
  'rows-with-errors': 'Rows with errors download',
  export: 'Export',
  'access-log': 'Who has seen a patient’s record',
  'access-log-export': 'Who has seen a patient’s record, downloaded as CSV',
  worklist: 'Prioritisation worklist',
  prioritisation: 'Waiting list priority and history',
  'prioritisation-change': 'Recorded a priority, validation, harm review or risk adjustment',
  optimisation: 'Viewed the risk factors to optimise before surgery',
  'optimisation-change': 'Recorded a step in optimising a risk factor',
  'optimisation-letter': 'Downloaded the letter to the GP about risk factors to optimise',
  'optimisation-worklist': 'Optimisation worklist',
  'optimisation-patient-leaflet':
    'Downloaded the page for the patient: before your operation, what you can do',
  outcome: 'Outcome after surgery',
  'outcome-change': 'Recorded an outcome after surgery',
  'outcomes-summary': 'Rows with errors in an outcomes file',
  'risk-assessment': 'Risk assessment sent to another system (FHIR)',
  'changes-review': 'Marked changes by clerical staff as reviewed',
  'identity-correction': 'Confirmed a corrected date of birth',
};

const count = (n: number, noun: string) => `${n.toLocaleString('en-GB')} ${noun}${n === 1 ? '' : 's'}`;

/** A report's file name as `reportFileName` makes it: its name, `_YYYYMMDD-HHmmss`, its extension. */
const reportName = /^(.*)_\d{8}-\d{6}\.(csv|xlsx|pdf)$/;

/** What an entry showed, in words: "Total records, page 3", "Export 'Theatre list' (CSV, 2,400 patients)". */
export function seenInWords(action: string, detail: string | null, pathways: number): string {
  const label = seenLabels[action as AccessAction] ?? action;
  if (action === 'export' || action === 'rows-with-errors') {
    const file = detail ? reportName.exec(detail) : null;
    const name = file ? file[1] : detail;
    const type = file ? `${file[2]!.toUpperCase()}, ` : '';
    return `${label}${name ? ` '${name}'` : ''} (${type}${count(pathways, 'patient')})`;
  }
  // The download's file name is its as-at moment and says nothing the words do not.
  if (action === 'access-log-export') return label;
  return detail ? `${label}, ${detail}` : label;
}

const rolesInWords = (codes: string) =>
  codes
    .split(',')
    .filter(Boolean)
    .map((code) => roleNames[code as RoleCode] ?? code)
    .join(', ');

/** The searched NHS number as 10 digits, or a 400 under `nhsNumber` saying what is wrong with it. */
export function searchedNhsNumber(nhsNumber: string | undefined): string {
  const text = (nhsNumber ?? '').trim();
  const fail = (message: string) => badRequest(message, { nhsNumber: [message] });
  if (text === '') throw fail(accessLogMessages.nhsNumberRequired);
  const digits = nhsNumberDigits(text);
  if (!/^\d{10}$/.test(digits)) throw fail(accessLogMessages.nhsNumberLength);
  if (!hasValidCheckDigit(digits)) throw fail(accessLogMessages.nhsNumberInvalid);
  return digits;
}

/** The trust's pathways (active or archived, every procedure) of the patient with that NHS number. */
export async function pathwaysOfPatient(db: Db, trustCode: string, digits: string): Promise<string[]> {
  const pathways = await queryRows<{ id: string }>(
    db,
    sql`select id from pathways where trust_code = ${trustCode} and nhs_number = ${digits}`,
  );
  return pathways.map((row) => row.id);
}

/** The entries that name any of the pathways, recorded up to `asAt`: the list's and the export's rows. */
export const entriesOfPathways = (trustCode: string, pathwayIds: readonly string[], asAt: string) =>
  sql`a.trust_code = ${trustCode} and a.pathway_ids && ${`{${pathwayIds.join(',')}}`}::uuid[]
    and a.accessed_at <= ${asAt}::timestamptz`;

/** The columns of an entry that the list and the export show. */
export const entryColumns = sql`a.accessed_at, a.user_name, a.roles, a.action, a.detail,
  cardinality(a.pathway_ids) as pathways`;

export interface EntryRow extends Record<string, unknown> {
  accessed_at: string | Date;
  user_name: string;
  roles: string;
  action: string;
  detail: string | null;
  pathways: number | string;
}

/** An entry as the list answers it: when, who, in which roles, what they saw, in words. */
export const entryOf = (row: EntryRow): AccessLogEntry => ({
  accessedAt: new Date(row.accessed_at).toISOString(),
  userName: row.user_name,
  role: rolesInWords(row.roles),
  seen: seenInWords(row.action, row.detail, Number(row.pathways)),
});

/**
 * The database's clock, read now (not the transaction's start), to the microsecond as ISO 8601:
 * the moment a search is as at. A JavaScript instant keeps only milliseconds, so an entry written
 * in the millisecond of the moment, just before it, fell after it once the moment was cut to the
 * millisecond, and a new search missed it.
 */
export async function databaseNow(db: Db): Promise<string> {
  const [row] = await queryRows<{ now: string }>(
    db,
    sql`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now`,
  );
  return row!.now;
}

/** How many entries name any of the pathways, up to `asAt`. */
export async function countEntries(
  db: Db,
  trustCode: string,
  pathwayIds: readonly string[],
  asAt: string,
): Promise<number> {
  if (pathwayIds.length === 0) return 0;
  const [counted] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from patient_access_log a where ${entriesOfPathways(trustCode, pathwayIds, asAt)}`,
  );
  return Number(counted?.n ?? 0);
}

/**
 * The access log's own entry for a search of it: the user saw who has seen the searched patient's
 * pathways. A number that names no pathway of the trust showed no patient, and is not recorded.
 */
export async function recordSearchedPatientSeen(
  db: Db,
  principal: Principal,
  trustCode: string,
  pathwayIds: readonly string[],
  seen: { endpoint: { method: string; path: string }; action: AccessAction; detail: string },
): Promise<void> {
  if (pathwayIds.length === 0) return;
  await recordPatientAccess(db, principal, {
    trustCode,
    route: routeOf(seen.endpoint),
    action: seen.action,
    pathwayIds,
    detail: seen.detail,
  });
}

/**
 * GET /api/trusts/{trust}/access-log?nhsNumber=: the accesses to the trust's pathways of that NHS
 * number (active or archived, every procedure), newest first, a page at a time.
 */
export async function patientAccessLog(
  db: Db,
  principal: Principal,
  trustCode: string,
  query: AccessLogQuery,
): Promise<AccessLogPage> {
  requireAccess(principal, 'access-log:read', trustCode);
  const digits = searchedNhsNumber(query.nhsNumber);
  const { pageNumber, pageSize } = query;
  const ids = await pathwaysOfPatient(db, trustCode, digits);
  // The rows as at one moment (the first page's): later accesses, this search's own among them,
  // would otherwise push each page's rows onto the next.
  const asAt = query.asAt ?? (await databaseNow(db));
  let rows: (EntryRow & { total_count: number | string })[] = [];
  if (ids.length > 0)
    rows = await queryRows<EntryRow & { total_count: number | string }>(
      db,
      sql`select ${entryColumns}, count(*) over () as total_count
        from patient_access_log a
        where ${entriesOfPathways(trustCode, ids, asAt)}
        order by a.accessed_at desc, a.id desc
        limit ${pageSize} offset ${offsetOf(pageNumber, pageSize)}`,
    );
  let totalCount = Number(rows[0]?.total_count ?? 0);
  if (rows.length === 0 && ids.length > 0 && pageNumber > 1)
    totalCount = await countEntries(db, trustCode, ids, asAt);
  // Written after the page is read, so the page shows the accesses before this one.
  await recordSearchedPatientSeen(db, principal, trustCode, ids, {
    endpoint: endpoints.accessLog.list,
    action: 'access-log',
    detail: `page ${pageNumber}`,
  });
  return { items: rows.map(entryOf), pageNumber, pageSize, totalCount, asAt };
}
