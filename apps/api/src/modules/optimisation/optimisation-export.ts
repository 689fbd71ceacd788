/**
 * The optimisation worklist's export (decision 0072): one row per matching factor, in the worklist's
 * order, as csv or xlsx, audited as every report is.
 */
import { sql } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import { todayInLondon } from '@esr/contracts/london-dates';
import { riskLabels } from '@esr/contracts/open-pathways';
import {
  factorDefinitions,
  optimisationStatusLabels,
  type OptimisationFactor,
  type OptimisationStatus,
} from '@esr/contracts/optimisation';
import type { OptimisationWorklistExportQuery } from '@esr/contracts/optimisation-worklist';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { bandOfStored } from '@esr/contracts/risk-band';
import { queryRows, type Db } from '../../platform/db/client.js';
import type { ReportFile } from '../../platform/http/downloads.js';
import { listDataAsAt } from '../data-freshness/index.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { startReport, type ReportColumn } from '../reports/index.js';
import { ensureListFactors } from './factor-states.js';
import {
  factorOrderSql,
  filtersInWords,
  matchingFactorSql,
  riskShownSql,
  shownFactorsSql,
  type WorklistPathwayRow,
} from './optimisation-worklist.js';
import { shownStatusSql } from '../prediction-suspension/index.js';

const exportChunk = 2000;

interface FactorRow extends Record<string, unknown> {
  pathway_id: string;
  factor: OptimisationFactor;
  status: OptimisationStatus;
  value: number | null;
  value_date: string | null;
  due_on: string;
  overdue: boolean;
}

/** A factor row with its pathway; `id` is the pathway's, as the report's access entry reads it. */
type ExportRow = FactorRow & { id: string; pathway: WorklistPathwayRow };

const text = (
  key: string,
  label: string,
  kind: ReportColumn<ExportRow>['kind'],
  width: number,
  value: (row: ExportRow) => string | number | null,
): ReportColumn<ExportRow> => ({ key, label, kind, width, value });

const columns = (dataAsAt: Date | null): ReportColumn<ExportRow>[] => [
  text('nhsNumber', 'NHS number', 'nhsNumber', 12, (row) => row.pathway.nhs_number),
  text(
    'hospitalNumber',
    'Local patient identifier',
    'text',
    12,
    (row) => row.pathway.local_patient_identifier,
  ),
  text('firstName', 'First name', 'text', 14, (row) => row.pathway.first_name),
  text('lastName', 'Last name', 'text', 14, (row) => row.pathway.last_name),
  text('surgeonName', 'Consultant surgeon', 'text', 18, (row) => row.pathway.surgeon_name),
  text('tciDate', 'TCI date', 'date', 12, (row) => row.pathway.tci_date),
  text('prediction', 'Model risk', 'text', 13, (row) => {
    const band = row.pathway.status === 'processed' ? bandOfStored(row.pathway.prediction) : null;
    return band ? riskLabels[band] : null;
  }),
  text('probability', 'Model probability (%)', 'percent', 10, (row) =>
    row.pathway.status === 'processed' && row.pathway.probability !== null
      ? Math.round(Number(row.pathway.probability) * 1000) / 10
      : null,
  ),
  text('factor', 'Risk factor', 'text', 16, (row) => factorDefinitions[row.factor].label),
  text('status', 'Status', 'text', 14, (row) => optimisationStatusLabels[row.status]),
  text('value', 'Value', 'text', 8, (row) => (row.value === null ? null : String(Number(row.value)))),
  text('valueDate', 'Value date', 'date', 12, (row) => row.value_date),
  text('dueOn', 'Due date', 'date', 12, (row) => row.due_on),
  text('overdue', 'Overdue', 'text', 8, (row) => (row.overdue ? 'Yes' : 'No')),
  // Decision 0068: each row keeps the date of the list it came from.
  text('dataAsAt', 'Data as at', 'timestamp', 18, () => dataAsAt?.toISOString() ?? null),
];

/** The factor rows a chunk at a time, each with its pathway read then. */
async function* exportRows(db: Db, factors: FactorRow[]): AsyncGenerator<ExportRow[]> {
  for (let start = 0; start < factors.length; start += exportChunk) {
    const chunk = factors.slice(start, start + exportChunk);
    const ids = [...new Set(chunk.map((row) => row.pathway_id))];
    const pathways = await queryRows<WorklistPathwayRow>(
      db,
      sql`select p.id, p.nhs_number, p.local_patient_identifier, p.first_name, p.last_name, p.surgeon_name,
          p.tci_date::text as tci_date, ${shownStatusSql} as status, p.prediction, p.probability
        from pathways p where p.id = any(${`{${ids.join(',')}}`}::uuid[])`,
    );
    const byId = new Map(pathways.map((row) => [row.id, row]));
    const rows = chunk.flatMap((row) => {
      const pathway = byId.get(row.pathway_id);
      return pathway ? [{ ...row, id: row.pathway_id, pathway }] : [];
    });
    if (rows.length > 0) yield rows;
  }
}

/** GET …/waiting-list/procedures/{type}/optimisation/export. */
export async function exportOptimisationWorklist(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  query: OptimisationWorklistExportQuery,
  now = new Date(),
): Promise<ReportFile> {
  requireAccess(principal, 'optimisation:read', trustCode);
  const today = todayInLondon(now);
  const trust = await ensureListFactors(db, trustCode, procedureCode, today);
  const fs = shownFactorsSql({ trustCode, procedureCode }, query, today, trust.rules.dueWeeks);
  const factors = await queryRows<FactorRow>(
    db,
    sql`with fs as (${fs})
      select fs.pathway_id, fs.factor, fs.status, fs.value, fs.value_date, fs.due_on, fs.overdue
      from fs join pathways p on p.id = fs.pathway_id where ${matchingFactorSql(query)}
      order by p.tci_date asc nulls last, ${riskShownSql} desc nulls last, p.id, ${factorOrderSql(sql`fs.factor`)}`,
  );
  const procedure = await procedureName(db, procedureCode);
  const dataAsAt = await listDataAsAt(db, trustCode, procedureCode);
  const inWords = filtersInWords(query);
  return startReport(db, {
    principal,
    endpoint: endpoints.optimisation.worklistExport,
    trustCode,
    what: `the ${procedure} optimisation worklist`,
    name: `${procedure} optimisation worklist`,
    fileType: query.fileType,
    now,
    audit: { report: 'optimisation worklist', procedureCode, filters: inWords },
    content: {
      filters: [
        { label: 'Type of operation', value: procedure },
        { label: 'Due dates counted to', value: today },
        { label: 'Risk factors', value: inWords },
      ],
      demonstration: false,
      columns: columns(dataAsAt),
      rowCount: factors.length,
      pages: exportRows(db, factors),
    },
  });
}
