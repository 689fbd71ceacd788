/**
 * The risk × wait matrix of the prioritisation worklist (decision 0044): counted per list version,
 * London day, thresholds and filters, and kept, with the conditions a page of it is read with.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  prioritisationFlags,
  riskBands,
  waitBands,
  type Matrix,
  type PrioritisationFlag,
  type RiskBand,
  type WaitBand,
  type WorklistFilter,
} from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { todayInLondon } from '@esr/contracts/london-dates';
import { VersionedCache, type Versioned } from '../../platform/db/versioned-cache.js';
import { queryRows, type Db } from '../../platform/db/client.js';
import { allOf } from '../../platform/db/list-queries.js';
import { requireAccess, type Principal } from '../identity/index.js';
import {
  flagColumnsSql,
  riskBandSql,
  surgeonNamesContaining,
  surgeonNamesSql,
  surgeonPart,
  waitBandSql,
  worklistConditions,
} from './worklist-sql.js';
import { listStateOf, present, filtersOnly, versionSql, versionOf } from './worklist-settings.js';

/** Matrices, per list, London day, thresholds and filters. */
export const matrixCacheSize = 200;
const matrices = new VersionedCache<Matrix>(matrixCacheSize);
/** Each list's surgeon names, for the surgeon filter of a worklist page. */
const surgeonNameLists = new VersionedCache<string[]>(matrixCacheSize);

/** Counts the matrix of the matching pathways, with the list's version read in the same statement. */
async function countMatrix(
  db: Db,
  list: { trustCode: string; procedureCode: ProcedureCode; suspendedOn: string | null },
  conditions: SQL[],
  today: string,
  thresholds: readonly number[],
): Promise<Versioned<Matrix>> {
  const { trustCode, procedureCode, suspendedOn } = list;
  // The version comes back even when nothing matches (the left join's row of nulls).
  const rows = await queryRows<{
    version: string | number | null;
    risk: RiskBand | null;
    wait: WaitBand | null;
    count: number | string | null;
    priority_breached: number | string | null;
    validation_due: number | string | null;
    harm_review_due: number | string | null;
    clinician_review_due: number | string | null;
    clerical_change_unreviewed: number | string | null;
    missing_inputs: number | string | null;
    tci_passed: number | string | null;
    optimisation_open: number | string | null;
  }>(
    db,
    sql`select ${versionSql(trustCode, procedureCode)} as version, m.*
      from (select 1) one left join (select risk, wait, count(*) as count,
          count(*) filter (where priority_breached) as priority_breached,
          count(*) filter (where validation_due) as validation_due,
          count(*) filter (where harm_review_due) as harm_review_due,
          count(*) filter (where clinician_review_due) as clinician_review_due,
          count(*) filter (where clerical_change_unreviewed) as clerical_change_unreviewed,
          count(*) filter (where missing_inputs) as missing_inputs,
          count(*) filter (where tci_passed) as tci_passed,
          count(*) filter (where optimisation_open) as optimisation_open
        from (select ${riskBandSql(suspendedOn !== null)} as risk, ${waitBandSql(today)} as wait,
            ${flagColumnsSql(today, thresholds)}
          from pathways p where ${allOf(conditions)}) w
        group by risk, wait) m on true`,
  );
  const counts = new Map<string, number>();
  const flags = Object.fromEntries(prioritisationFlags.map((flag) => [flag, 0])) as Record<
    PrioritisationFlag,
    number
  >;
  let total = 0;
  let withoutClockStart = 0;
  for (const row of rows) {
    if (row.risk === null) continue;
    const count = Number(row.count);
    total += count;
    if (row.wait === null) withoutClockStart += count;
    else counts.set(`${row.risk}|${row.wait}`, count);
    for (const flag of prioritisationFlags) flags[flag] += Number(row[flag]);
  }
  return {
    version: versionOf(rows[0]?.version),
    value: {
      cells: riskBands.flatMap((risk) =>
        waitBands.map((wait) => ({ risk, wait, count: counts.get(`${risk}|${wait}`) ?? 0 })),
      ),
      flags,
      total,
      withoutClockStart,
      today,
      suspendedOn,
    },
  };
}

/** The list's distinct surgeon names in lower case, with the list's version. */
async function readSurgeonNames(
  db: Db,
  trustCode: string,
  procedureCode: ProcedureCode,
): Promise<Versioned<string[]>> {
  const [row] = await queryRows<{ version: string | number | null; names: string[] | null }>(
    db,
    sql`select ${versionSql(trustCode, procedureCode)} as version,
      array(${surgeonNamesSql(trustCode, procedureCode)} where names.name is not null) as names`,
  );
  return { version: versionOf(row?.version), value: row?.names ?? [] };
}

/**
 * A key of what is kept, as a digest: the filters hold what a user typed (an NHS number), which
 * is not kept in memory as written.
 */
const cacheKey = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64');

/** The filters as a key: what each is compared with (trimmed; the surgeon in lower case). */
function filterKey(filter: WorklistFilter) {
  const text = (value: string | undefined) => (present(value) ? value.trim() : null);
  return [
    filter.risk ?? null,
    filter.wait ?? null,
    filter.flag ?? null,
    filter.priority ?? null,
    present(filter.surgeonName) ? surgeonPart(filter.surgeonName) : null,
    text(filter.nhsNumber),
  ];
}

/**
 * The matrix of the matching pathways, kept or counted, and the conditions and thresholds a page
 * of them is read with. The matrix is counted with the surgeon names found in the same statement,
 * so that what is kept under a version is exactly that version's; a page reads the names kept.
 */
export async function listAnswer(
  db: Db,
  trustCode: string,
  procedureCode: ProcedureCode,
  filter: WorklistFilter,
  today: string,
  options: { page?: boolean } = {},
) {
  const { thresholds, version, suspendedOn } = await listStateOf(db, trustCode, procedureCode);
  const list = { trustCode, procedureCode, suspendedOn, suspended: suspendedOn !== null };
  const matrix = matrices.get(
    db,
    cacheKey([trustCode, procedureCode, today, thresholds, suspendedOn, filterKey(filter)]),
    version,
    () => countMatrix(db, list, worklistConditions(list, filter, today, thresholds), today, thresholds),
  );
  const [counted, listNames] = await Promise.all([
    matrix,
    options.page && present(filter.surgeonName)
      ? surgeonNameLists.get(db, cacheKey([trustCode, procedureCode]), version, () =>
          readSurgeonNames(db, trustCode, procedureCode),
        )
      : undefined,
  ]);
  const surgeonNames =
    listNames && present(filter.surgeonName)
      ? surgeonNamesContaining(listNames, filter.surgeonName)
      : undefined;
  return {
    matrix: counted,
    thresholds,
    conditions: worklistConditions(list, filter, today, thresholds, surgeonNames),
  };
}

/** GET …/prioritisation/matrix: counts by risk band × wait band, and the flag counts, of the matching pathways. */
export async function worklistMatrix(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  filter: WorklistFilter,
  today = todayInLondon(),
): Promise<Matrix> {
  requireAccess(principal, 'prioritisation:read', trustCode);
  const { matrix } = await listAnswer(db, trustCode, procedureCode, filtersOnly(filter), today);
  return structuredClone(matrix);
}
