/**
 * What a confirm does to the active list, found before it runs (decision 0037): the staged rows
 * matched to the list's active pathways exactly as the confirm matches them (the one statement
 * below, which the confirm runs too), so that the validation summary's counts and the list of the
 * pathways to be archived are what the confirm then does.
 */
import { getTableColumns } from 'drizzle-orm';
import type { ImportChanges, ToBeArchivedRecord } from '@esr/contracts/waiting-list';
import type { Database } from '../../../platform/db/client.js';
import { waitingListColumns } from '../../../platform/db/schema/column-types.js';
import { stagedPathways } from '../../../platform/db/schema.js';
import { offsetOf, pageTotal } from '../../../platform/db/list-queries.js';
import { inputsHashOf, type PatientIdentityColumns } from '../../pathways/index.js';

/** The staged row's columns a pathway takes as they are, each into its column of the same name. */
export const copiedColumns = [
  ...Object.keys(waitingListColumns()).map(
    (key) => getTableColumns(stagedPathways)[key as keyof typeof stagedPathways.$inferSelect].name,
  ),
  'clinical',
  'lab_dates',
];

/**
 * Whether a pathway `p` is the staged row `s`'s patient by date of birth (decision 0055): the same
 * date, or the one a clinician confirmed as corrected, or no date on one side (matched by the NHS
 * number or local identifier alone, with a warning). A row whose key is on the list with another
 * date of birth is refused at validation (`stage/identity-check.ts`), so it never reaches a confirm;
 * should it, it would match nothing rather than another patient's pathway.
 */
export const bornAlike = `(s.date_of_birth is null or p.date_of_birth is null
  or p.date_of_birth = s.date_of_birth or p.accepted_date_of_birth is not distinct from s.date_of_birth)`;

/**
 * Decision 0044: a matched pathway keeps the priority a clinician set here (`priority_set_on`) when
 * they set it on or after the day the extract says its priority was set, or when the extract gives
 * no such day; a later priority date in the extract replaces it.
 */
const keepsPrioritySetHere = `(p.priority_set_on is not null and (s.priority_date is null or p.priority_set_on >= s.priority_date))`;

/**
 * The value a matched pathway (`p`) takes for a column copied from its staged row (`s`): the staged
 * value, but for the priority and its date, kept when set here more recently (`keepsPrioritySetHere`),
 * and the last validation, which never goes back to an older extract's. The records' JSON text is
 * checked as JSON.
 */
export function matchedValue(column: string): string {
  switch (column) {
    case 'clinical':
    case 'lab_dates':
      return `s.${column}::json`;
    case 'priority':
    case 'priority_date':
      return `case when ${keepsPrioritySetHere} then p.${column} else s.${column} end`;
    case 'last_validated_on':
      return `greatest(p.last_validated_on, s.last_validated_on)`;
    case 'date_of_birth':
      // A row without one leaves the pathway's: it is what tells its patient from another (decision 0055).
      return `coalesce(s.date_of_birth, p.date_of_birth)`;
    default:
      return `s.${column}`;
  }
}

/** Who set a matched pathway's priority here, and when: kept with the priority, else cleared. */
export const prioritySetColumns = ['priority_set_by', 'priority_set_on'].map((column) => ({
  column,
  value: `case when ${keepsPrioritySetHere} then p.${column} end`,
}));

/** The staged record's hash, as every writer of a pathway's record makes it. */
const inputsHash = inputsHashOf('s');

/**
 * Whether what decides the pathway's prediction is unchanged: the record the model reads, when its
 * blood results were taken (a result of the same value taken again replaces one too old to use),
 * and the operation, which decides whether the model may score the pathway at all (decision 0057).
 */
const unchangedInputs = `(p.inputs_hash = ${inputsHash} and p.lab_dates::text is not distinct from s.lab_dates
  and p.operation is not distinct from s.operation)`;

/**
 * Whether the confirm would write the matched pathway as it is: every column it copies from the
 * staged row holds the value it would take already (the model's record by its hash, the blood
 * results' dates as their JSON text; the priority, its date and the last validation by the rules of
 * `matchedValue`), a priority set here is neither kept nor cleared, and the local identifier, which
 * a row without one leaves as it is, is the same.
 */
const sameRow = [
  `p.inputs_hash = ${inputsHash}`,
  `p.lab_dates::text is not distinct from s.lab_dates`,
  `coalesce(s.local_patient_identifier, p.local_patient_identifier) is not distinct from p.local_patient_identifier`,
  ...copiedColumns
    .filter((column) => column !== 'clinical' && column !== 'lab_dates')
    .map((column) => `p.${column} is not distinct from ${matchedValue(column)}`),
  ...prioritySetColumns.map(({ column, value }) => `p.${column} is not distinct from ${value}`),
].join(' and ');

/**
 * Each staged row of a batch ($1) with the active pathway of the trust ($2) and procedure ($3) it
 * is matched to: by NHS number, else by local identifier for a row without one, and by date of
 * birth (`bornAlike`). `unchanged`: the
 * model reads the same record; `same`: the confirm would change nothing of the pathway. Each row's
 * pathway is looked up through an index (a lateral query with a limit): as a join, a list
 * re-imported before the database had statistics of it was matched by comparing every staged row
 * with every pathway (10 minutes for 100,000 rows).
 */
export const matchedRows = `select s.row_number, p.id, ${unchangedInputs} as unchanged, p.same,
    p.status, p.scored_model_id
  from staged_pathways s cross join lateral (
    select p.id, p.inputs_hash, p.lab_dates, p.operation, p.status, p.scored_model_id, ${sameRow} as same
    from pathways p
    where p.trust_code = $2 and p.procedure_code = $3 and p.is_active and p.nhs_number = s.nhs_number
      and ${bornAlike}
    limit 1) p
  where s.batch_id = $1 and s.nhs_number is not null
union all
select s.row_number, p.id, ${unchangedInputs}, p.same, p.status, p.scored_model_id
  from staged_pathways s cross join lateral (
    select p.id, p.inputs_hash, p.lab_dates, p.operation, p.status, p.scored_model_id, ${sameRow} as same
    from pathways p
    where p.trust_code = $2 and p.local_patient_identifier = s.local_patient_identifier
      and p.procedure_code = $3 and p.is_active and p.nhs_number is null and ${bornAlike}
    order by p.created_at
    limit 1) p
  where s.batch_id = $1 and s.nhs_number is null`;

/** A staged row's match, as `matchedRows` gives it. */
export interface MatchRow extends Record<string, unknown> {
  row_number: number;
  id: string;
  unchanged: boolean;
  same: boolean;
  status: string;
  scored_model_id: string | null;
}

export interface StagedBatch {
  id: string;
  trustCode: string;
  procedureCode: string;
}

const params = (batch: StagedBatch) => [batch.id, batch.trustCode, batch.procedureCode];
const number = (value: unknown) => Number(value ?? 0);

/** What a confirm would do, and the active list it would do it to (decision 0053 weighs one by the other). */
export interface PlannedChanges extends ImportChanges {
  /** The list's active pathways now. */
  active: number;
}

/**
 * What confirming the batch would do now: its staged rows added or matched (updated, or unchanged),
 * and the active pathways no row matches archived. The confirm archives every active pathway it did
 * not write, which are those no staged row matched.
 */
export async function plannedChanges(
  database: Pick<Database, 'executeSql'>,
  batch: StagedBatch,
): Promise<PlannedChanges> {
  const { rows } = await database.executeSql(
    `with m as materialized (${matchedRows})
    select (select count(*) from staged_pathways s where s.batch_id = $1) as staged,
      (select count(*) from m) as matched,
      (select count(*) from m where m.same) as same,
      (select count(distinct m.id) from m) as matched_pathways,
      (select count(*) from pathways p
        where p.trust_code = $2 and p.procedure_code = $3 and p.is_active) as active`,
    params(batch),
  );
  const [counts] = rows;
  const matched = number(counts?.matched);
  const same = number(counts?.same);
  return {
    added: number(counts?.staged) - matched,
    updated: matched - same,
    unchanged: same,
    archived: number(counts?.active) - number(counts?.matched_pathways),
    active: number(counts?.active),
  };
}

interface ArchivedRow extends PatientIdentityColumns {
  id: string;
  referral_date: string | null;
  tci_date: string | null;
  surgeon_name: string | null;
  total: number | string;
}

/**
 * A page of the active pathways no staged row of the batch matches: those its confirm would
 * archive, by surname, forename and NHS number.
 */
export async function toBeArchivedPage(
  database: Pick<Database, 'executeSql'>,
  batch: StagedBatch,
  page: { pageNumber: number; pageSize: number },
): Promise<{ items: ToBeArchivedRecord[]; totalCount: number }> {
  const { rows } = await database.executeSql(
    `with m as materialized (${matchedRows})
    select p.id, p.nhs_number, p.local_patient_identifier, p.first_name, p.last_name,
      p.date_of_birth::text as date_of_birth, p.referral_date::text as referral_date,
      p.tci_date::text as tci_date, p.surgeon_name, count(*) over () as total
    from pathways p
    where p.trust_code = $2 and p.procedure_code = $3 and p.is_active
      and not exists (select 1 from m where m.id = p.id)
    order by p.last_name, p.first_name, p.nhs_number, p.id
    limit $4 offset $5`,
    [...params(batch), page.pageSize, offsetOf(page.pageNumber, page.pageSize)],
  );
  const found = rows as ArchivedRow[];
  const totalCount = await pageTotal(
    found,
    page.pageNumber,
    async () => (await plannedChanges(database, batch)).archived,
  );
  return {
    items: found.map((row) => ({
      id: row.id,
      nhsNumber: row.nhs_number,
      hospitalNumber: row.local_patient_identifier,
      firstName: row.first_name,
      lastName: row.last_name,
      dateOfBirth: row.date_of_birth,
      referralDate: row.referral_date,
      tciDate: row.tci_date,
      surgeonName: row.surgeon_name,
    })),
    totalCount,
  };
}
