/**
 * Reports of the open pathways (docs/requirements.md §2 generate report, processed downloads and archive export;
 * §5 report; §7 export calls; decision 0024). Each streams from the database to the response: the
 * rows are read 2,000 at a time along the list's own order (a keyset, never an offset) and written
 * as they come, and each is recorded in the change log before its first byte leaves and in the
 * patient access log, with every pathway it carried, once its last row is read (decision 0042).
 */
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import {
  defaultReportFields,
  missingInputsLabels,
  tciPassedLabels,
  readinessLabels,
  recordStatusLabels,
  recordStatusText,
  reportFieldKeys,
  reportFieldLabels,
  reportMessages,
  riskLabels,
  socialLabels,
  type ActiveExportQuery,
  type ActiveRecordsFilter,
  type ArchivedExportQuery,
  type ProcessedExportQuery,
  type ReportFieldKey,
  type ReportFileType,
} from '@esr/contracts/open-pathways';
import { predictionOf } from '@esr/contracts/risk-band';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { endpoints } from '@esr/contracts/endpoints';
import { queryRows, type Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
import { documentKind, documentPool } from '../../platform/documents/document-pool.js';
import {
  contentDisposition,
  reportContentTypes,
  reportFileName,
  type ReportFile,
} from '../../platform/http/downloads.js';
import { listDataAsAt } from '../data-freshness/index.js';
import { requireAccess } from '../identity/index.js';
import { recordChange } from '../change-log/index.js';
import type { Principal } from '../identity/index.js';
import { allOf } from '../../platform/db/list-queries.js';
import {
  activeColumns,
  activeConditions,
  archivedColumns,
  countActive,
  toActiveRecord,
} from '../pathways/index.js';
import type { ActiveRow, ArchivedRow, RecordRow } from '../pathways/index.js';
import { procedureName } from '../library/index.js';
import { routeOf, streamedAccess } from '../access-log/index.js';
import { csvReport } from './report-csv.js';
import { showDate, type ReportColumn, type ReportContent } from './report-format.js';
import type { ReportCells, ReportDocumentInput } from './report.document.js';

/** Rows read per statement: large enough for few round trips, small enough for memory. */
export const reportChunk = 2000;

type ArchivedExportRow = ArchivedRow & { sort_key: string | null };

interface ActiveExportRow extends ActiveRow {
  priority: string | null;
  probability: number | null;
  adjusted_prediction: string | null;
  model_version: number | string | null;
  sort_key: string | null;
}

/** A report column but for its key and label, which come from the field it shows. */
type ColumnSpec<Row> = Omit<ReportColumn<Row>, 'key' | 'label'>;

/** The fields an active and an archived record share, shown alike in either report (in the archive's order). */
const recordReportColumns = {
  nhsNumber: { kind: 'nhsNumber', width: 12, value: (row) => row.nhs_number },
  hospitalNumber: { kind: 'text', width: 14, value: (row) => row.local_patient_identifier },
  firstName: { kind: 'text', width: 14, value: (row) => row.first_name },
  lastName: { kind: 'text', width: 14, value: (row) => row.last_name },
  dateOfBirth: { kind: 'date', width: 12, value: (row) => row.date_of_birth },
  operationType: { kind: 'text', width: 20, value: (row) => row.operation_type },
  referralDate: { kind: 'date', width: 12, value: (row) => row.referral_date },
  tciDate: { kind: 'date', width: 12, value: (row) => row.tci_date },
  surgeonName: { kind: 'text', width: 18, value: (row) => row.surgeon_name },
} satisfies Partial<Record<ReportFieldKey, ColumnSpec<RecordRow>>>;

/** The active record's fields as report columns (docs/requirements.md §5 waiting-list fields). */
const activeReportColumns: Record<ReportFieldKey, ColumnSpec<ActiveExportRow>> = {
  ...recordReportColumns,
  priority: { kind: 'text', width: 9, value: (row) => row.priority },
  surgery: {
    kind: 'text',
    width: 15,
    value: (row) => readinessLabels[row.surgery as keyof typeof readinessLabels] ?? row.surgery,
  },
  social: {
    kind: 'text',
    width: 18,
    value: (row) => socialLabels[row.social as keyof typeof socialLabels] ?? row.social,
  },
  status: { kind: 'text', width: 13, value: (row) => recordStatusLabels[toActiveRecord(row).status] },
  prediction: {
    kind: 'text',
    width: 13,
    // Decision 0057: where an incomplete or excluded record would have its band, why it has none.
    value: (row) => {
      const record = toActiveRecord(row);
      if (record.prediction) return riskLabels[record.prediction];
      return record.status === 'incomplete' || record.status === 'excluded' || record.status === 'suspended'
        ? recordStatusText(record)
        : null;
    },
  },
  probability: {
    kind: 'number',
    width: 11,
    value: (row) => (row.status === 'processed' && row.probability !== null ? Number(row.probability) : null),
  },
  defaultedInputs: {
    kind: 'text',
    width: 18,
    value: (row) => toActiveRecord(row).defaultedInputs?.join(', ') || null,
  },
  modelVersion: {
    kind: 'integer',
    width: 8,
    value: (row) =>
      row.status === 'processed' && row.model_version !== null ? Number(row.model_version) : null,
  },
  adjustedPrediction: {
    kind: 'text',
    width: 13,
    value: (row) => {
      const band = predictionOf(row.adjusted_prediction);
      return band === null ? null : riskLabels[band];
    },
  },
};

function chosenFields(fields: readonly string[]): ReportFieldKey[] {
  const keys = [...new Set(fields)];
  if (keys.length === 0)
    throw badRequest('The request is not valid', { fields: [reportMessages.fieldsRequired] });
  const unknown = keys.filter((key) => !(reportFieldKeys as readonly string[]).includes(key));
  if (unknown.length > 0)
    throw badRequest('The request is not valid', { fields: [reportMessages.unknownField] });
  return keys as ReportFieldKey[];
}

/** The column of a field, labelled as the report-field list labels it. */
const labelled = <Row, Key extends ReportFieldKey>(
  specs: Record<Key, ColumnSpec<Row>>,
  key: Key,
): ReportColumn<Row> => ({ key, label: reportFieldLabels[key], ...specs[key] });

const columnsOf = (keys: readonly ReportFieldKey[]): ReportColumn<ActiveExportRow>[] =>
  keys.map((key) => labelled(activeReportColumns, key));

/**
 * Rows in (key, id) order, `reportChunk` at a time, each statement starting after the last row
 * read (a keyset: every chunk costs the same however deep, unlike an offset). Rows without a key
 * come last, in id order, as the lists show them.
 */
async function* keysetRows<Row extends { id: string; sort_key: string | null }>(
  db: Db,
  select: SQL,
  conditions: SQL[],
  key: { column: SQL; type: 'date' | 'timestamptz'; descending: boolean },
): AsyncGenerator<Row[]> {
  const direction = sql.raw(key.descending ? 'desc' : 'asc');
  const after = sql.raw(key.descending ? '<' : '>');
  const read = (where: SQL[]) =>
    queryRows<Row & Record<string, unknown>>(
      db,
      sql`select ${select}, ${key.column}::text as sort_key from pathways p where ${allOf(where)}
        order by ${key.column} ${direction} nulls last, p.id ${direction} nulls last limit ${reportChunk}`,
    );
  let last: { key: string; id: string } | undefined;
  for (;;) {
    const rows = await read([
      ...conditions,
      sql`${key.column} is not null`,
      ...(last
        ? [sql`(${key.column}, p.id) ${after} (${last.key}::${sql.raw(key.type)}, ${last.id}::uuid)`]
        : []),
    ]);
    if (rows.length > 0) yield rows;
    if (rows.length < reportChunk) break;
    last = { key: rows[rows.length - 1]!.sort_key!, id: rows[rows.length - 1]!.id };
  }
  let lastId: string | undefined;
  for (;;) {
    const rows = await read([
      ...conditions,
      sql`${key.column} is null`,
      ...(lastId ? [sql`p.id ${after} ${lastId}::uuid`] : []),
    ]);
    if (rows.length > 0) yield rows;
    if (rows.length < reportChunk) break;
    lastId = rows[rows.length - 1]!.id;
  }
}

/** The active pathways that match, in the list's order. */
const activeRows = (db: Db, trustCode: string, procedureCode: string, filter: ActiveRecordsFilter) =>
  keysetRows<ActiveExportRow>(
    db,
    sql`${activeColumns}, p.priority, p.probability, p.adjusted_prediction,
      (select e.model_version from evaluations e where e.id = p.current_evaluation_id) as model_version`,
    activeConditions(trustCode, procedureCode, filter),
    { column: sql`p.referral_date`, type: 'date', descending: false },
  );

/** The archived pathways, most recently removed first. */
const archivedRows = (db: Db, trustCode: string) =>
  keysetRows<ArchivedExportRow>(
    db,
    archivedColumns,
    [sql`p.trust_code = ${trustCode}`, sql`not p.is_active`],
    { column: sql`p.date_removed`, type: 'timestamptz', descending: true },
  );

/** The filters in words, as the PDF prints them and the change log keeps them. */
function filtersInWords(filter: ActiveRecordsFilter): { label: string; value: string }[] {
  const words: { label: string; value: string }[] = [];
  const add = (label: string, value: string | undefined) => {
    if (value !== undefined && value.trim() !== '') words.push({ label, value: value.trim() });
  };
  add('NHS number', filter.nhsNumber);
  add('Local patient identifier', filter.hospitalNumber);
  add('TCI date', filter.tciDate && showDate(filter.tciDate));
  add('Referral date', filter.referralDate && showDate(filter.referralDate));
  add('Consultant surgeon', filter.surgeonName);
  add('Status', filter.status && recordStatusLabels[filter.status]);
  add('Prediction', filter.prediction && riskLabels[filter.prediction]);
  add('Social aspects', filter.social && socialLabels[filter.social]);
  add('Readiness for surgery', filter.surgery && readinessLabels[filter.surgery]);
  add('Missing inputs', filter.missingInputs && missingInputsLabels[filter.missingInputs]);
  add('TCI date passed', filter.tciPassed && tciPassedLabels[filter.tciPassed]);
  return words;
}

/**
 * The filters an export used, named without their values: the change log is read by trust admins,
 * who may not read patients, and an NHS number typed as a filter identifies one.
 */
const filtersOf = (filter: ActiveRecordsFilter) => filtersInWords(filter).map(({ label }) => label);

/** docs/requirements.md §2: predictions of a demonstration model say so wherever they are shown. */
async function isDemonstration(db: Db, trustCode: string, procedureCode: string): Promise<boolean> {
  const [row] = await queryRows<{ demonstration: boolean | null }>(
    db,
    sql`select (card->>'demonstration')::boolean as demonstration from ml_models
      where trust_code = ${trustCode} and procedure_code = ${procedureCode} and is_active`,
  );
  return row?.demonstration === true;
}

const reportDocument = documentKind('report', new URL('./report.document.js', import.meta.url));

/** Each row as its columns' values: what a document thread is handed (report.document.ts). */
async function* cellsOf<Row>(content: ReportContent<Row>): AsyncGenerator<ReportCells[]> {
  for await (const rows of content.pages)
    yield rows.map((row) => content.columns.map((column) => column.value(row)));
}

/**
 * The CSV is written here, as the rows are read (it costs about as much as reading them); the PDF
 * and the workbook are laid out on a document thread (decision 0041).
 */
function write<Row>(fileType: ReportFileType, content: ReportContent<Row>): Readable {
  if (fileType === 'csv') return csvReport(content);
  const { pages: _pages, columns, ...rest } = content;
  const input: ReportDocumentInput = {
    ...rest,
    fileType,
    columns: columns.map(({ key, label, kind, width }) => ({ key, label, kind, width })),
  };
  return documentPool().render(reportDocument, input, cellsOf(content));
}

/** A report of patients' rows: who asks, what it shows, and the rows (the worklist's export builds one too). */
export interface ReportRequest<Row extends { id: string }> {
  principal: Principal;
  /** The export's route, for the access log. */
  endpoint: { method: string; path: string };
  trustCode: string;
  /** What the change log says was exported, e.g. "the Knee replacement active list". */
  what: string;
  name: string;
  fileType: ReportFileType;
  now: Date;
  audit: Record<string, unknown>;
  content: Omit<ReportContent<Row>, 'trustName' | 'generatedAt' | 'title'>;
}

/**
 * security baseline "Audit and logging": who exported which report, with which filters and how
 * many rows, is committed before the first byte is sent, so a download cut short is still on record.
 */
export async function startReport<Row extends { id: string }>(
  db: Db,
  request: ReportRequest<Row>,
): Promise<ReportFile> {
  const fileName = reportFileName(request.name, request.fileType, request.now);
  const rows = request.content.rowCount;
  // One access entry listing every pathway the export carried (decision 0042): the ids are kept as
  // the rows are read here, on the main thread, whichever format writes them.
  const access = streamedAccess(db, request.principal, {
    trustCode: request.trustCode,
    route: routeOf(request.endpoint),
    action: 'export',
    detail: fileName,
  });
  // Started first: a service too busy to make the document refuses it before anything is recorded.
  const stream = write(request.fileType, {
    ...request.content,
    pages: access.rows(request.content.pages, (page) => page.map((row) => row.id)),
    trustName: request.principal.trustName,
    title: request.name,
    generatedAt: request.now,
  });
  try {
    await recordChange(db, {
      principal: request.principal,
      trustCode: request.trustCode,
      trustName: request.principal.trustName,
      action: `Exported ${request.what} as ${request.fileType.toUpperCase()} (${rows.toLocaleString('en-GB')} ${rows === 1 ? 'row' : 'rows'}): ${fileName}`,
      entityType: 'report',
      entityId: fileName,
      after: { ...request.audit, fileType: request.fileType, fileName, rows },
    });
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return {
    fileName,
    contentType: reportContentTypes[request.fileType],
    contentDisposition: contentDisposition(fileName),
    stream,
    accessRecorded: access.writtenWhenClosed(stream),
  };
}

/** GET …/procedures/{type}/manage/records/active/export (docs/requirements.md §2 generate report, §5). */
export async function exportActiveRecords(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  query: ActiveExportQuery,
  now = new Date(),
): Promise<ReportFile> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const { fileName, fileType, fields, ...filter } = query;
  const keys = chosenFields(fields);
  const procedure = await procedureName(db, procedureCode);
  const rowCount = await countActive(db, trustCode, procedureCode, filter);
  return startReport(db, {
    principal,
    endpoint: endpoints.openPathways.activeExport,
    trustCode,
    what: `report "${fileName}" of the ${procedure} active list`,
    name: fileName,
    fileType,
    now,
    audit: { report: 'active records', procedureCode, fields: keys, filters: filtersOf(filter) },
    content: {
      filters: [{ label: 'Type of operation', value: procedure }, ...filtersInWords(filter)],
      demonstration: fileType === 'pdf' && (await isDemonstration(db, trustCode, procedureCode)),
      dataAsAt: await listDataAsAt(db, trustCode, procedureCode),
      columns: columnsOf(keys),
      rowCount,
      pages: activeRows(db, trustCode, procedureCode, filter),
    },
  });
}

/** GET …/procedures/{type}/manage/records/processed/export (docs/requirements.md §2 processed screen's Download CSV). */
export async function exportProcessedRecords(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  query: ProcessedExportQuery,
  now = new Date(),
): Promise<ReportFile> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const procedure = await procedureName(db, procedureCode);
  const filter: ActiveRecordsFilter = { status: 'processed', prediction: query.prediction };
  const band = query.prediction ? riskLabels[query.prediction] : 'all';
  return startReport(db, {
    principal,
    endpoint: endpoints.openPathways.processedExport,
    trustCode,
    what: `the ${procedure} processed list (${band})`,
    name: `${procedure} processed ${band}`,
    fileType: query.fileType,
    now,
    audit: { report: 'processed records', procedureCode, filters: filtersOf(filter) },
    content: {
      filters: [{ label: 'Type of operation', value: procedure }, ...filtersInWords(filter)],
      demonstration: false,
      dataAsAt: await listDataAsAt(db, trustCode, procedureCode),
      columns: columnsOf(defaultReportFields),
      rowCount: await countActive(db, trustCode, procedureCode, filter),
      pages: activeRows(db, trustCode, procedureCode, filter),
    },
  });
}

/**
 * The archived report: the fields it shares with the active one, in their order (the TCI date as
 * the date of operation), then the archive's own.
 */
const archivedReportColumns: ReportColumn<ArchivedExportRow>[] = [
  ...(Object.keys(recordReportColumns) as (keyof typeof recordReportColumns)[]).map((key) => {
    const column = labelled(recordReportColumns, key);
    return key === 'tciDate' ? { ...column, key: 'dateOfOperation', label: 'Date of operation' } : column;
  }),
  {
    key: 'dateRemoved',
    label: 'Date removed',
    kind: 'timestamp',
    width: 18,
    value: (row) => row.date_removed,
  },
  {
    key: 'lastWaitingListId',
    label: 'Last upload',
    kind: 'text',
    width: 20,
    value: (row) => row.last_batch_id,
  },
];

/** GET /api/trusts/{trust}/waiting-list/manage/records/archived/export (docs/requirements.md §2 archive's Export data). */
export async function exportArchivedRecords(
  db: Db,
  principal: Principal,
  trustCode: string,
  query: ArchivedExportQuery,
  now = new Date(),
): Promise<ReportFile> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  const [counted] = await queryRows<{ total: unknown }>(
    db,
    sql`select count(*) as total from pathways p where p.trust_code = ${trustCode} and not p.is_active`,
  );
  return startReport(db, {
    principal,
    endpoint: endpoints.openPathways.archivedExport,
    trustCode,
    what: 'the archived records',
    name: 'Archived records',
    fileType: query.fileType,
    now,
    audit: { report: 'archived records' },
    content: {
      filters: [],
      demonstration: false,
      columns: archivedReportColumns,
      rowCount: Number(counted?.total ?? 0),
      pages: archivedRows(db, trustCode),
    },
  });
}
