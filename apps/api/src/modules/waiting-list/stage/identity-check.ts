/**
 * Who each staged row is, checked against the active list once the rows are staged (decision 0055):
 * a pathway is one patient, known by the NHS number (else the local identifier) and the date of
 * birth. A row whose NHS number is on the list for a patient born on another day is refused, so
 * that a confirm can never give one patient's pathway, with its history, to another. One
 * set-based statement finds the rows worth a word, each through the index its match uses.
 */
import { sql } from 'drizzle-orm';
import type { InvalidRow, RowWarning, WarningGroup } from '@esr/import-files/types';
import { showDate } from '@esr/import-files/dates';
import { identityMessages, identityOf, showNhsNumber, warningGroupMessage } from '@esr/import-files/messages';
import { queryRows, type Db } from '../../../platform/db/client.js';
import type { PatientIdentityColumns } from '../../pathways/index.js';
import { bornAlike } from '../confirm/list-changes.js';

/** The rows of a batch whose identity says something, with the pathway of the list their key meets. */
interface IdentityRow extends PatientIdentityColumns {
  row_number: number;
  pathway_id: string;
  list_birth: string | null;
  list_local: string | null;
  list_last: string | null;
  /** The pathway is the row's patient by date of birth (`bornAlike`); false: an identity conflict. */
  born_alike: boolean | null;
}

const details = (side: 'p' | 's') => `${side}.local_patient_identifier, ${side}.last_name`;

/**
 * Rows whose key is on the list with another date of birth, with no date of birth on one side, or
 * with the same date of birth but another local identifier or surname. By NHS number (one active
 * pathway a number, a unique index), else by local identifier among the pathways without an NHS
 * number (the one born alike first, as the confirm takes it).
 */
const identityRows = (batchId: string, trustCode: string, procedureCode: string) => {
  const worthAWord = sql.raw(`(s.date_of_birth is null) <> (p.date_of_birth is null)
      or not p.born_alike
      or (p.local_patient_identifier is not null and s.local_patient_identifier is not null
        and upper(p.local_patient_identifier) <> upper(s.local_patient_identifier))
      or (p.last_name is not null and s.last_name is not null and lower(p.last_name) <> lower(s.last_name))`);
  const lookup = (condition: ReturnType<typeof sql>, order: ReturnType<typeof sql>) => sql`
    select s.row_number, s.nhs_number, s.local_patient_identifier, s.first_name, s.last_name,
      s.date_of_birth::text as date_of_birth, p.id as pathway_id, p.date_of_birth::text as list_birth,
      p.local_patient_identifier as list_local, p.last_name as list_last, p.born_alike
    from staged_pathways s cross join lateral (
      select p.id, p.date_of_birth, ${sql.raw(details('p'))},
        ${sql.raw(bornAlike)} as born_alike
      from pathways p
      where p.trust_code = ${trustCode} and p.procedure_code = ${procedureCode} and p.is_active and ${condition}
      ${order}
      limit 1) p
    where s.batch_id = ${batchId} and (${worthAWord})`;
  return sql`${lookup(sql`p.nhs_number = s.nhs_number`, sql``)} and s.nhs_number is not null
    union all
    ${lookup(
      sql`p.local_patient_identifier = s.local_patient_identifier and p.nhs_number is null`,
      sql.raw(`order by ${bornAlike} desc, p.created_at`),
    )} and s.nhs_number is null
    order by row_number`;
};

/** What the check found, for the list file's outcome. */
export interface IdentityFindings {
  refused: number;
  warnings: RowWarning[];
  groups: WarningGroup[];
}

const noFindings: IdentityFindings = { refused: 0, warnings: [], groups: [] };

/** The row's cells as a refused row keeps them (the staged values, the date as the file writes one). */
function cellsOf(row: IdentityRow): Record<string, string> {
  const cells: Record<string, string> = {};
  if (row.nhs_number !== null) cells.nhsNumber = showNhsNumber(row.nhs_number);
  if (row.local_patient_identifier !== null) cells.localPatientIdentifier = row.local_patient_identifier;
  if (row.first_name !== null) cells.firstName = row.first_name;
  if (row.last_name !== null) cells.lastName = row.last_name;
  if (row.date_of_birth !== null) cells.dateOfBirth = showDate(row.date_of_birth);
  return cells;
}

/** The warning a row matched to its pathway gets, with its kind; null for none. */
function warningOf(row: IdentityRow, identity: string): { kind: string; message: string } | null {
  if (row.date_of_birth === null && row.list_birth !== null) {
    return {
      kind: 'identityByNumberOnly',
      message: identityMessages.noBirthDateInRow(identity, {
        dateOfBirth: row.list_birth,
        local: row.list_local,
      }),
    };
  }
  if (row.date_of_birth !== null && row.list_birth === null) {
    return {
      kind: 'identityByNumberOnly',
      message: identityMessages.noBirthDateOnList(identity, { dateOfBirth: row.date_of_birth }),
    };
  }
  if (row.date_of_birth === null) return null;
  const otherLocal =
    row.list_local !== null &&
    row.local_patient_identifier !== null &&
    row.list_local.toUpperCase() !== row.local_patient_identifier.toUpperCase();
  const otherSurname =
    row.list_last !== null &&
    row.last_name !== null &&
    row.list_last.toLowerCase() !== row.last_name.toLowerCase();
  if (!otherLocal && !otherSurname) return null;
  return {
    kind: 'identityDetails',
    message: identityMessages.otherDetails(
      identity,
      { local: otherLocal ? row.list_local : null, lastName: otherSurname ? row.list_last : null },
      {
        local: otherLocal ? row.local_patient_identifier : null,
        lastName: otherSurname ? row.last_name : null,
      },
    ),
  };
}

/**
 * Refuses the staged rows of the batch that another patient's pathway on the active list owns
 * (kept as rows with errors and as identity conflicts, and taken out of the staged rows), and warns
 * of those matched without comparing dates of birth or with another hospital number or surname.
 * Warnings are kept for the download; the counts are the caller's to add to the file's outcome.
 */
export async function checkIdentities(
  db: Db,
  batch: { id: string; trustCode: string; procedureCode: string },
  keep: {
    invalid: (rows: InvalidRow[]) => Promise<void>;
    warnings: (rows: RowWarning[]) => Promise<void>;
  },
): Promise<IdentityFindings> {
  // A list with no active pathway (a first import) has no one a row could be confused with: the
  // row-by-row lookup below would find nothing, at the cost of a probe per staged row.
  const [list] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists(select 1 from pathways where trust_code = ${batch.trustCode}
      and procedure_code = ${batch.procedureCode} and is_active) as any`,
  );
  if (!list?.any) return noFindings;
  const rows = await queryRows<IdentityRow>(db, identityRows(batch.id, batch.trustCode, batch.procedureCode));
  if (rows.length === 0) return noFindings;
  const refused: InvalidRow[] = [];
  const conflicts: { r: number; p: string; d: string; l: string | null }[] = [];
  const warnings: RowWarning[] = [];
  const counts = new Map<string, WarningGroup>();
  for (const row of rows) {
    const identity = identityOf(row.nhs_number, row.local_patient_identifier);
    if (row.born_alike === false) {
      refused.push({
        rowNumber: row.row_number,
        errors: [
          {
            field: 'dateOfBirth',
            message: identityMessages.listConflict(
              identity,
              { dateOfBirth: row.list_birth, local: row.list_local },
              { dateOfBirth: row.date_of_birth, local: row.local_patient_identifier },
            ),
          },
        ],
        values: cellsOf(row),
      });
      conflicts.push({
        r: row.row_number,
        p: row.pathway_id,
        d: row.date_of_birth!,
        l: row.local_patient_identifier,
      });
      continue;
    }
    const warning = warningOf(row, identity);
    if (warning === null) continue;
    warnings.push({ rowNumber: row.row_number, field: 'dateOfBirth', message: warning.message });
    const group = counts.get(warning.kind);
    if (group) group.count += 1;
    else
      counts.set(warning.kind, {
        kind: warning.kind,
        field: 'dateOfBirth',
        count: 1,
        message: warning.message,
      });
  }
  if (refused.length > 0) {
    await keep.invalid(refused);
    const json = JSON.stringify(conflicts);
    await db.execute(sql`insert into import_identity_conflicts
        (batch_id, row_number, pathway_id, date_of_birth, local_patient_identifier)
      select ${batch.id}, c.r, c.p, c.d, c.l from json_to_recordset(${json}::json)
        as c(r int, p uuid, d date, l text)
      on conflict do nothing`);
    await db.execute(sql`delete from staged_pathways s using json_to_recordset(${json}::json) as c(r int)
      where s.batch_id = ${batch.id} and s.row_number = c.r`);
  }
  if (warnings.length > 0) await keep.warnings(warnings);
  return {
    refused: refused.length,
    warnings,
    groups: [...counts.values()].map((group) => ({ ...group, message: warningGroupMessage(group) })),
  };
}
