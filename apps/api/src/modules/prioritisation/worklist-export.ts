/** The prioritisation worklist's export (decision 0044): the whole matching list as CSV or XLSX, audited. */
import { sql } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import {
  flagLabels,
  harmLevelLabels,
  nextValidationDueOn,
  prioritisationFlags,
  riskBandLabels,
  waitBandLabels,
  type HarmLevel,
  type WaitBand,
  type WorklistExportQuery,
  type WorklistFilter,
} from '@esr/contracts/prioritisation';
import { recordStatusText, riskLabels } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { todayInLondon } from '@esr/contracts/london-dates';
import { queryRows, type Db } from '../../platform/db/client.js';
import { allOf } from '../../platform/db/list-queries.js';
import { listDataAsAt } from '../data-freshness/index.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { scoringStateOf } from '../pathways/index.js';
import { bandOfStored, predictionOf } from '@esr/contracts/risk-band';
import { suspendedText } from '@esr/contracts/prediction-suspension';
import { startReport, type ReportColumn } from '../reports/index.js';
import type { ReportFile } from '../../platform/http/downloads.js';
import { worklistColumns, worklistConditions, worklistOrder } from './worklist-sql.js';
import { filtersOnly, listStateOf, sortWhile, usedFilters } from './worklist-settings.js';
import type { WorklistRow } from './worklist-page.js';

const exportChunk = 2000;

const flagWords = (row: WorklistRow) =>
  prioritisationFlags
    .filter((flag) => row[flag] === true)
    .map((flag) => flagLabels[flag])
    .join('; ') || null;

/** The row's own text fields (not its index signature's): a column may show one as it is. */
type TextField = keyof {
  [
    Field in keyof WorklistRow as string extends Field
      ? never
      : WorklistRow[Field] extends string | null
        ? Field
        : never
  ]: true;
};

/** A column that shows one of the row's text fields as it is. */
const fieldColumn = (
  key: string,
  label: string,
  kind: ReportColumn<WorklistRow>['kind'],
  width: number,
  field: TextField,
): ReportColumn<WorklistRow> => ({ key, label, kind, width, value: (row) => row[field] });

const worklistReportColumns: ReportColumn<WorklistRow>[] = [
  fieldColumn('nhsNumber', 'NHS number', 'nhsNumber', 12, 'nhs_number'),
  // Pathways without an NHS number are told apart by the hospital's own number.
  fieldColumn('hospitalNumber', 'Local patient identifier', 'text', 12, 'local_patient_identifier'),
  fieldColumn('firstName', 'First name', 'text', 14, 'first_name'),
  fieldColumn('lastName', 'Last name', 'text', 14, 'last_name'),
  fieldColumn('priority', 'Priority', 'text', 9, 'priority'),
  fieldColumn('priorityDate', 'Priority date', 'date', 12, 'priority_date'),
  fieldColumn('clockStart', 'RTT clock start', 'date', 12, 'clock_start'),
  {
    key: 'daysWaited',
    label: 'Days waited',
    kind: 'integer',
    width: 8,
    value: (row) => (row.days_waited === null ? null : Number(row.days_waited)),
  },
  {
    key: 'waitBand',
    label: 'Wait',
    kind: 'text',
    width: 14,
    value: (row) => (row.wait_band ? waitBandLabels[row.wait_band as WaitBand] : null),
  },
  fieldColumn('tciDate', 'TCI date', 'date', 12, 'tci_date'),
  fieldColumn('surgeonName', 'Consultant surgeon', 'text', 18, 'surgeon_name'),
  {
    key: 'prediction',
    label: 'Model risk',
    kind: 'text',
    width: 13,
    // Where there is no band, why (decision 0057): "Incomplete: haemoglobin not recorded".
    value: (row) => {
      const band = row.status === 'processed' ? bandOfStored(row.prediction) : null;
      return band ? riskLabels[band] : recordStatusText(scoringStateOf(row));
    },
  },
  {
    key: 'probability',
    label: 'Model probability (%)',
    kind: 'percent',
    width: 10,
    value: (row) =>
      row.status === 'processed' && row.probability !== null
        ? Math.round(Number(row.probability) * 1000) / 10
        : null,
  },
  {
    key: 'defaultedInputs',
    label: 'Defaulted inputs',
    kind: 'text',
    width: 18,
    value: (row) => scoringStateOf(row).defaultedInputs.join(', ') || null,
  },
  {
    key: 'adjustedPrediction',
    label: 'Clinician’s risk',
    kind: 'text',
    width: 13,
    value: (row) => {
      const band = predictionOf(row.adjusted_prediction);
      return band ? riskLabels[band] : null;
    },
  },
  { key: 'flags', label: 'Flags', kind: 'text', width: 24, value: flagWords },
  fieldColumn('lastValidatedOn', 'Last validated', 'date', 12, 'last_validated_on'),
  {
    key: 'nextValidationDue',
    label: 'Next validation due',
    kind: 'date',
    width: 12,
    value: (row) => nextValidationDueOn(row.clock_start, row.last_validated_on),
  },
  {
    key: 'lastHarmReview',
    label: 'Last harm review',
    kind: 'text',
    width: 16,
    value: (row) =>
      row.last_harm_review_level ? harmLevelLabels[row.last_harm_review_level as HarmLevel] : null,
  },
  fieldColumn('lastHarmReviewOn', 'Harm reviewed on', 'date', 12, 'last_harm_review_on'),
];

/**
 * The time the list was uploaded, on every row (decision 0068): a spreadsheet's rows are sorted,
 * filtered and copied elsewhere, and each keeps the date of the data it came from.
 */
const dataAsAtColumn = (dataAsAt: Date | null): ReportColumn<WorklistRow> => ({
  key: 'dataAsAt',
  label: 'Data as at',
  kind: 'timestamp',
  width: 18,
  value: () => dataAsAt?.toISOString() ?? null,
});

function filtersInWords(filter: WorklistFilter): { label: string; value: string }[] {
  const words: { label: string; value: string }[] = [];
  const add = (label: string, value: string | undefined) => {
    if (value !== undefined && value.trim() !== '') words.push({ label, value: value.trim() });
  };
  add('Risk', filter.risk && riskBandLabels[filter.risk]);
  add('Wait', filter.wait && waitBandLabels[filter.wait]);
  add('Flag', filter.flag && flagLabels[filter.flag]);
  add('Priority', filter.priority === 'none' ? 'No priority' : filter.priority);
  add('Consultant surgeon', filter.surgeonName);
  add('NHS number', filter.nhsNumber);
  return words;
}

/**
 * The export's rows in the worklist's order: the matching ids are read once, in order, then their
 * rows a chunk at a time, so that a pathway changed while the file is written neither moves nor
 * repeats.
 */
async function* exportRows(
  db: Db,
  ids: string[],
  today: string,
  thresholds: readonly number[],
): AsyncGenerator<WorklistRow[]> {
  for (let start = 0; start < ids.length; start += exportChunk) {
    const chunk = ids.slice(start, start + exportChunk);
    const rows = await queryRows<WorklistRow>(
      db,
      sql`select ${worklistColumns(today, thresholds)} from pathways p
        where p.id = any(${`{${chunk.join(',')}}`}::uuid[])`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = chunk.map((id) => byId.get(id)).filter((row): row is WorklistRow => row !== undefined);
    if (ordered.length > 0) yield ordered;
  }
}

/** GET …/prioritisation/worklist/export: the whole matching worklist as csv or xlsx, audited. */
export async function exportWorklist(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  query: WorklistExportQuery,
  now = new Date(),
): Promise<ReportFile> {
  requireAccess(principal, 'prioritisation:read', trustCode);
  const today = todayInLondon(now);
  const { thresholds, suspendedOn } = await listStateOf(db, trustCode, procedureCode);
  const filter = filtersOnly(query);
  const list = { trustCode, procedureCode, suspended: suspendedOn !== null };
  const sort = sortWhile(query.sort, suspendedOn);
  const ids = (
    await queryRows<{ id: string }>(
      db,
      sql`select p.id from pathways p
        where ${allOf(worklistConditions(list, filter, today, thresholds))}
        order by ${worklistOrder[sort]}`,
    )
  ).map((row) => row.id);
  const procedure = await procedureName(db, procedureCode);
  const dataAsAt = await listDataAsAt(db, trustCode, procedureCode);
  return startReport(db, {
    principal,
    endpoint: endpoints.prioritisation.worklistExport,
    trustCode,
    what: `the ${procedure} prioritisation worklist`,
    name: `${procedure} worklist`,
    fileType: query.fileType,
    now,
    audit: {
      report: 'prioritisation worklist',
      procedureCode,
      sort,
      filters: usedFilters(filter),
    },
    content: {
      filters: [
        { label: 'Type of operation', value: procedure },
        { label: 'Waits counted to', value: today },
        ...(suspendedOn ? [{ label: 'Model risk', value: suspendedText(suspendedOn) }] : []),
        ...filtersInWords(filter),
      ],
      demonstration: false,
      columns: [...worklistReportColumns, dataAsAtColumn(dataAsAt)],
      rowCount: ids.length,
      pages: exportRows(db, ids, today, thresholds),
    },
  });
}
