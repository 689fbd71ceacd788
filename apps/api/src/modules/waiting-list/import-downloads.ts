/**
 * The validation summary's downloads (decision 0037): a file's rows with errors, with their reasons
 * and cells, for the clerk to correct in the source system, and every warning of a file. Each is
 * a CSV written as the report exports are (UTF-8 with a byte-order mark, every text cell neutralised
 * against formula injection), read from the database 2,000 rows at a time along the row numbers,
 * and recorded in the change log before its first byte leaves.
 */
import { sql } from 'drizzle-orm';
import { importFieldLabels, type ImportFileKind } from '@esr/contracts/waiting-list';
import { queryRows, type Db } from '../../platform/db/client.js';
import { recordChange } from '../change-log/index.js';
import type { Principal } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { csvReport, type ReportColumn } from '../reports/index.js';
import { contentDisposition, reportFileName, type ReportFile } from '../../platform/http/downloads.js';
import { endpoints } from '@esr/contracts/endpoints';
import { routeOf, streamedAccess } from '../access-log/index.js';
import { warningsKind } from './batch-files.js';
import { findBatch, type ImportBatchRow } from './waiting-list-imports.js';
import { pathwaysOfIssueRows } from './validation-summary.js';

/** Rows read per statement. */
export const downloadChunk = 2000;

const nouns: Record<ImportFileKind, string> = { waitingList: 'waiting list', bloodTest: 'blood test' };
const rowNumberLabel = 'Row in your spreadsheet';

interface IssueRow extends Record<string, unknown> {
  row_number: number;
  errors: { field: string | null; message: string }[];
  cells: Record<string, string>;
}

interface WarningEntry extends Record<string, unknown> {
  row_number: number;
  errors: { f: string | null; m: string }[];
}

/** The stored entries of one kind of a batch, a chunk at a time in row order. */
async function* entries<Row extends { row_number: number }>(
  db: Db,
  batchId: string,
  kind: string,
  columns: 'errors, cells' | 'errors',
): AsyncGenerator<Row[]> {
  let after = -1;
  for (;;) {
    const rows = await queryRows<Row & Record<string, unknown>>(
      db,
      sql`select row_number, ${sql.raw(columns)} from import_row_issues
        where batch_id = ${batchId} and kind = ${kind} and row_number > ${after}
        order by row_number limit ${downloadChunk}`,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < downloadChunk) return;
    after = Number(rows[rows.length - 1]!.row_number);
  }
}

const fieldName = (key: string | null) => (key ? (importFieldLabels[key] ?? key) : '');

/** The import fields in the order the summaries name them; a key we do not know goes last. */
const fieldOrder = Object.keys(importFieldLabels);
const byFieldOrder = (a: string, b: string) => {
  const [x, y] = [fieldOrder.indexOf(a), fieldOrder.indexOf(b)];
  return (x < 0 ? fieldOrder.length : x) - (y < 0 ? fieldOrder.length : y) || a.localeCompare(b);
};

async function startDownload<Row>(
  db: Db,
  principal: Principal,
  batch: ImportBatchRow,
  file: ImportFileKind,
  what: string,
  rowCount: number,
  columns: ReportColumn<Row>[],
  pages: AsyncIterable<Row[]>,
  now: Date,
  /** The pathways of the patients some rows name, for a download that shows patients (decision 0042). */
  patientsOf?: (rows: Row[]) => Promise<readonly string[]>,
): Promise<ReportFile> {
  const procedure = await procedureName(db, batch.procedureCode);
  const fileName = reportFileName(`${procedure} ${nouns[file]} ${what}`, 'csv', now);
  const access =
    patientsOf &&
    streamedAccess(db, principal, {
      trustCode: batch.trustCode,
      route: routeOf(endpoints.waitingList.rowsWithErrorsExport),
      action: 'rows-with-errors',
      detail: fileName,
    });
  const uploaded = file === 'waitingList' ? batch.waitingListFileName : batch.bloodTestFileName;
  await recordChange(db, {
    principal,
    trustCode: batch.trustCode,
    trustName: principal.trustName,
    action: `Downloaded the ${what} of the ${procedure} ${nouns[file]} upload ${uploaded} (${rowCount.toLocaleString('en-GB')} ${rowCount === 1 ? 'row' : 'rows'}): ${fileName}`,
    entityType: 'import',
    entityId: batch.id,
    after: { download: what, file, fileName, rows: rowCount },
  });
  const stream = csvReport({
    trustName: principal.trustName,
    title: fileName,
    generatedAt: now,
    filters: [],
    demonstration: false,
    columns,
    rowCount,
    pages: access && patientsOf ? access.rows(pages, patientsOf) : pages,
  });
  return {
    fileName,
    contentType: 'text/csv; charset=utf-8',
    contentDisposition: contentDisposition(fileName),
    stream,
    ...(access ? { accessRecorded: access.writtenWhenClosed(stream) } : {}),
  };
}

const storedTotals = (batch: ImportBatchRow, file: ImportFileKind) =>
  (
    (file === 'waitingList' ? batch.waitingListResult : batch.bloodTestResult) as {
      totals?: { invalid: number; warnings: number };
    } | null
  )?.totals;

/** A download of one file of an upload, whose access the caller has. */
interface FileDownloadRequest {
  db: Db;
  principal: Principal;
  batch: ImportBatchRow;
  file: ImportFileKind;
  now: Date;
}

/**
 * GET …/files/rows-with-errors/?batchId=&file= : one line a row with errors, as the file had it:
 * the row number the spreadsheet shows, its reasons (each after the field it is about), then its
 * cells (cut to 100 characters when they were read), a column for each field any of them has.
 */
async function rowsWithErrorsCsv({
  db,
  principal,
  batch,
  file,
  now,
}: FileDownloadRequest): Promise<ReportFile> {
  const keys = (
    await queryRows<{ key: string }>(
      db,
      sql`select distinct k as key from import_row_issues i, jsonb_object_keys(i.cells) k
        where i.batch_id = ${batch.id} and i.kind = ${file}`,
    )
  )
    .map((row) => row.key)
    .sort(byFieldOrder);
  const columns: ReportColumn<IssueRow>[] = [
    { key: 'row', label: rowNumberLabel, kind: 'number', width: 8, value: (row) => Number(row.row_number) },
    {
      key: 'reasons',
      label: 'Reasons',
      kind: 'text',
      width: 40,
      value: (row) =>
        row.errors
          .map((error) => (error.field ? `${fieldName(error.field)}: ${error.message}` : error.message))
          .join('; '),
    },
    ...keys.map((key): ReportColumn<IssueRow> => ({
      key,
      label: fieldName(key),
      kind: 'text',
      width: 12,
      value: (row) => row.cells[key] ?? null,
    })),
  ];
  return startDownload(
    db,
    principal,
    batch,
    file,
    'rows with errors',
    storedTotals(batch, file)?.invalid ?? 0,
    columns,
    entries<IssueRow>(db, batch.id, file, 'errors, cells'),
    now,
    // Each row's cells name its patient: the download is a read of the trust's pathways of them.
    (rows) =>
      pathwaysOfIssueRows(
        db,
        batch,
        file,
        rows.map((row) => Number(row.row_number)),
      ),
  );
}

interface WarningLine {
  row: number | null;
  field: string | null;
  message: string;
}

async function* warningLines(db: Db, batchId: string, file: ImportFileKind): AsyncGenerator<WarningLine[]> {
  for await (const rows of entries<WarningEntry>(db, batchId, warningsKind(file), 'errors')) {
    yield rows.flatMap((row) =>
      row.errors.map((warning) => ({
        row: Number(row.row_number) === 0 ? null : Number(row.row_number),
        field: warning.f,
        message: warning.m,
      })),
    );
  }
}

/**
 * GET …/files/warnings/?batchId=&file= : every warning of the file, the file's own first, then by
 * row: the row number the spreadsheet shows, the field, the warning.
 */
async function warningsCsv({ db, principal, batch, file, now }: FileDownloadRequest): Promise<ReportFile> {
  const columns: ReportColumn<WarningLine>[] = [
    { key: 'row', label: rowNumberLabel, kind: 'number', width: 8, value: (line) => line.row },
    { key: 'field', label: 'Field', kind: 'text', width: 12, value: (line) => fieldName(line.field) || null },
    { key: 'warning', label: 'Warning', kind: 'text', width: 40, value: (line) => line.message },
  ];
  return startDownload(
    db,
    principal,
    batch,
    file,
    'warnings',
    storedTotals(batch, file)?.warnings ?? 0,
    columns,
    warningLines(db, batch.id, file),
    now,
  );
}

const downloads = { rowsWithErrors: rowsWithErrorsCsv, warnings: warningsCsv };

/** What a download of the validation summary holds: a file's rows with errors, or its warnings. */
export type ImportFileDownload = keyof typeof downloads;

/** One of the summary's downloads of a file of the upload, once the caller's access to it is checked. */
export async function importFileDownload(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  query: { batchId: string; file: ImportFileKind },
  download: ImportFileDownload,
  now = new Date(),
): Promise<ReportFile> {
  const batch = await findBatch(db, principal, trustCode, procedureCode, query.batchId);
  return downloads[download]({ db, principal, batch, file: query.file, now });
}
