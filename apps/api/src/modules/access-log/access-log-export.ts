/**
 * Who has seen a patient's record, the search's full result as one CSV for a subject access
 * request (docs/decisions/0066-access-log-search-as-csv.md). Every entry the list would page
 * through as at the same moment, in the list's order and words, written as the product's other
 * CSV reports are (the reports module's writer and file naming). The rows stream from the database
 * a chunk at a time as the download is taken, so a patient seen a million times costs one chunk of
 * memory. The download is itself recorded, in the change log and the access log, before its first
 * byte leaves.
 */
import { sql } from 'drizzle-orm';
import {
  accessLogColumnHeaders,
  type AccessLogEntry,
  type AccessLogExportQuery,
} from '@esr/contracts/access-log';
import { endpoints } from '@esr/contracts/endpoints';
import { showLondonDateTime } from '@esr/contracts/london-dates';
import { queryRows, type Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { recordChange } from '../change-log/index.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { csvReport, type ReportColumn } from '../reports/index.js';
import { contentDisposition, reportFileName, type ReportFile } from '../../platform/http/downloads.js';
import {
  countEntries,
  databaseNow,
  entriesOfPathways,
  recordSearchedPatientSeen,
  entryColumns,
  entryOf,
  pathwaysOfPatient,
  searchedNhsNumber,
  type EntryRow,
} from './access-log-reader.js';

/** Entries read per statement, as the reports read their rows: what the export holds in memory at most. */
export const accessLogExportChunk = 2000;

/** The file's name before its timestamp (the timestamp is the search's as-at moment). */
const exportName = 'Access log';

/** Decision 0051: the change log names a patient by the last four digits of the NHS number, never all ten. */
const nhsNumberEnding = (digits: string) => digits.slice(-4);

interface ExportRow extends EntryRow {
  id: string;
  /** `accessed_at` as the database writes it, to the microsecond, for the next chunk's keyset. */
  sort_key: string;
}

/**
 * The entries, newest first, `accessLogExportChunk` at a time. Each statement starts after the
 * last entry read (a keyset on the list's order: every chunk costs the same however deep).
 */
async function* entryPages(
  db: Db,
  trustCode: string,
  pathwayIds: readonly string[],
  asAt: string,
): AsyncGenerator<AccessLogEntry[]> {
  if (pathwayIds.length === 0) return;
  let last: { sortKey: string; id: string } | undefined;
  for (;;) {
    const rows = await queryRows<ExportRow>(
      db,
      sql`select ${entryColumns}, a.id::text as id, a.accessed_at::text as sort_key
        from patient_access_log a
        where ${entriesOfPathways(trustCode, pathwayIds, asAt)}
          ${last ? sql`and (a.accessed_at, a.id) < (${last.sortKey}::timestamptz, ${last.id}::bigint)` : sql``}
        order by a.accessed_at desc, a.id desc
        limit ${accessLogExportChunk}`,
    );
    if (rows.length > 0) yield rows.map(entryOf);
    if (rows.length < accessLogExportChunk) return;
    const end = rows[rows.length - 1]!;
    last = { sortKey: end.sort_key, id: end.id };
  }
}

const columns: ReportColumn<AccessLogEntry>[] = [
  {
    key: 'accessedAt',
    label: accessLogColumnHeaders.accessedAt,
    kind: 'timestamp',
    width: 18,
    value: (entry) => entry.accessedAt,
  },
  {
    key: 'userName',
    label: accessLogColumnHeaders.userName,
    kind: 'text',
    width: 20,
    value: (entry) => entry.userName,
  },
  { key: 'role', label: accessLogColumnHeaders.role, kind: 'text', width: 20, value: (entry) => entry.role },
  { key: 'seen', label: accessLogColumnHeaders.seen, kind: 'text', width: 40, value: (entry) => entry.seen },
];

/**
 * GET /api/trusts/{trust}/access-log/export?nhsNumber=&asAt=: the list's every entry as at `asAt`
 * (absent, or later than now: now), as CSV.
 */
export async function exportPatientAccessLog(
  db: Db,
  principal: Principal,
  trustCode: string,
  query: AccessLogExportQuery,
  now = new Date(),
): Promise<ReportFile> {
  requireAccess(principal, 'access-log:read', trustCode);
  const digits = searchedNhsNumber(query.nhsNumber);
  const [trust] = await queryRows<{ trust_name: string }>(
    db,
    sql`select trust_name from trusts where trust_code = ${trustCode}`,
  );
  if (!trust) throw notFound('Trust not found');
  const ids = await pathwaysOfPatient(db, trustCode, digits);
  // Never later than now: a moment still to come would let entries written while the file streams
  // (this export's own among them) into it, and the row count recorded below would not be the file's.
  const clock = await databaseNow(db);
  const asAt = query.asAt !== undefined && Date.parse(query.asAt) <= Date.parse(clock) ? query.asAt : clock;
  const rows = await countEntries(db, trustCode, ids, asAt);
  const fileName = reportFileName(exportName, 'csv', new Date(asAt));
  const asAtInWords = showLondonDateTime(new Date(asAt));
  // Both records commit together, before the first byte leaves, so a download cut short is still
  // on record; the access entry is written after `asAt`, so the file never lists itself.
  await db.transaction(async (tx) => {
    const inTransaction = tx as unknown as Db;
    await recordChange(inTransaction, {
      principal,
      trustCode,
      trustName: trust.trust_name,
      action: `Exported who has seen the record of the patient with NHS number ending ${nhsNumberEnding(digits)}, as at ${asAtInWords}, as CSV (${rows.toLocaleString('en-GB')} ${rows === 1 ? 'row' : 'rows'}): ${fileName}`,
      entityType: 'report',
      entityId: fileName,
      after: {
        report: 'access log',
        filters: ['NHS number'],
        nhsNumberEnding: nhsNumberEnding(digits),
        asAt,
        fileType: 'csv',
        fileName,
        rows,
      },
    });
    await recordSearchedPatientSeen(inTransaction, principal, trustCode, ids, {
      endpoint: endpoints.accessLog.export,
      action: 'access-log-export',
      detail: fileName,
    });
  });
  const stream = csvReport({
    trustName: trust.trust_name,
    title: exportName,
    generatedAt: now,
    filters: [],
    demonstration: false,
    columns,
    rowCount: rows,
    pages: entryPages(db, trustCode, ids, asAt),
  });
  return {
    fileName,
    contentType: 'text/csv; charset=utf-8',
    contentDisposition: contentDisposition(fileName),
    stream,
  };
}
