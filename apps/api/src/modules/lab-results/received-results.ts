/**
 * Blood results sent by a trust's systems, applied to the pathways of the list (decision 0047): a
 * result updates a pathway's latest result for its test when it is at least as recent as the one
 * the pathway holds (the import's rule: on the same day, the later report wins), and the pathway is
 * scored again through the one writer of evaluations with the reason "results". Every result is
 * kept for 90 days, so that a patient who joins the list later, or whose list is re-imported
 * without it, has it applied then.
 */
import { sql, type SQL } from 'drizzle-orm';
import { labFields, type LabField } from '@esr/contracts/remodel';
import type { PatientRecord } from '@esr/risk-engine/evaluate';
import { queryRows, type Db } from '../../platform/db/client.js';
import { timeOrderedUuid } from '../../platform/db/time-ordered-ids.js';
import { recordChange, type PathwayOfChange } from '../change-log/index.js';
import {
  activeModelVersion,
  bloodResultMaxAgeDays,
  evaluationDay,
  recordEvaluation,
  scoreForWriting,
  type ModelVersion,
} from '../evaluations/index.js';
import { integrationPrincipal, principalName, type Principal } from '../identity/index.js';
import { setWaiting, writeClinicalRecord } from '../pathways/index.js';
import { refreshPathwayFactors } from '../optimisation/index.js';

/** How long a result waits for its patient to be on a list. */
export const resultKeepingDays = 90;

/** A result as kept: the patient it is for, the test, its value in the input's unit and its day. */
export interface KeptResult {
  nhsNumber: string | null;
  localPatientIdentifier: string | null;
  lab: LabField;
  value: number;
  /** ISO instant the sample was taken. */
  takenAt: string;
  /** Its London day, YYYY-MM-DD. */
  takenOn: string;
  status: 'final' | 'amended' | 'corrected';
  /** The patient's date of birth as the message gave it, YYYY-MM-DD; null when it gave none (decision 0055). */
  birthDate: string | null;
}

/** A pathway the results may be for; it names its patient in the change log's entry. */
interface PathwayRow extends PathwayOfChange, Record<string, unknown> {
  trust_code: string;
  clinical: Record<string, unknown>;
  lab_dates: Record<string, string> | null;
  operation: string | null;
  date_of_birth: string | null;
  accepted_date_of_birth: string | null;
}

/** Whether a result's key names a pathway: by NHS number where both have one, else by local identifier. */
function sameKey(
  result: Pick<KeptResult, 'nhsNumber' | 'localPatientIdentifier'>,
  pathway: { nhs_number: string | null; local_patient_identifier: string | null },
): boolean {
  if (result.nhsNumber !== null && pathway.nhs_number !== null)
    return result.nhsNumber === pathway.nhs_number;
  return (
    result.localPatientIdentifier !== null &&
    pathway.local_patient_identifier !== null &&
    result.localPatientIdentifier === pathway.local_patient_identifier
  );
}

/**
 * Whether the result's date of birth is the pathway's (decision 0055): the same date, or the one a
 * clinician confirmed as corrected; or no date on one side, when the key alone decides.
 */
const bornAlike = (
  result: { birthDate: string | null },
  pathway: { date_of_birth?: string | null; accepted_date_of_birth?: string | null },
) =>
  result.birthDate === null ||
  (pathway.date_of_birth ?? null) === null ||
  result.birthDate === pathway.date_of_birth ||
  result.birthDate === pathway.accepted_date_of_birth;

/**
 * Whether a result belongs to a pathway: by NHS number where both have one, else by local
 * identifier, and born on the same day. A kept result of a patient born on another day is never
 * applied, even where no message was refused for it (a list confirmed since, say).
 */
export function resultMeetsPathway(
  result: Pick<KeptResult, 'nhsNumber' | 'localPatientIdentifier'> & { birthDate?: string | null },
  pathway: {
    nhs_number: string | null;
    local_patient_identifier: string | null;
    date_of_birth?: string | null;
    accepted_date_of_birth?: string | null;
  },
): boolean {
  return sameKey(result, pathway) && bornAlike({ birthDate: result.birthDate ?? null }, pathway);
}

/** Why a message's results cannot be taken: one with no date of birth, or one born on another day. */
export interface BirthDateRefusal {
  /** The result (its index in the message's results) the refusal names. */
  result: number;
  problem: 'missing' | 'mismatch';
}

/**
 * Decision 0055, before anything of a message is kept or applied: a result whose patient has no date
 * of birth, unless the trust says its systems never send one, or whose date of birth is not that of
 * an active pathway its NHS number (or local identifier) names, refuses the whole message. The first
 * such result, in the message's order; null when every result may be taken.
 */
export async function birthDateRefusal(
  tx: Db,
  trustCode: string,
  results: readonly KeptResult[],
): Promise<BirthDateRefusal | null> {
  if (results.length === 0) return null;
  if (results.some((result) => result.birthDate === null)) {
    const [trust] = await queryRows<{ without: boolean }>(
      tx,
      sql`select lab_messages_without_birth_date as without from trusts where trust_code = ${trustCode}`,
    );
    if (!trust?.without)
      return { result: results.findIndex((r) => r.birthDate === null), problem: 'missing' };
  }
  const pathways = await activePathwaysOf(tx, trustCode, results, false);
  const index = results.findIndex((result) =>
    pathways.some((pathway) => sameKey(result, pathway) && !bornAlike(result, pathway)),
  );
  return index < 0 ? null : { result: index, problem: 'mismatch' };
}

/** The day a pathway's result for a test was taken, as the import keeps it (decision 0032). */
const labDateOf = (labDates: Record<string, string> | null, lab: LabField): string | null =>
  labDates?.[lab] ?? labDates?.sampled ?? null;

export interface PathwayUpdate {
  clinical: Record<string, unknown>;
  labDates: Record<string, string>;
  /** The tests whose value changed, with their values before and after. */
  changed: Array<{ lab: LabField; before: unknown; after: number }>;
}

/**
 * A pathway's record with the results applied, or null when none changes it. Results are applied
 * oldest first, so the latest of a test wins; a result older than the pathway's is left, and one of
 * the same day replaces it (an amended report, or the later report of the day). The record keeps
 * the key order an import writes (labs last, in the inputs' order) so its hash stays comparable.
 */
export function withResults(
  pathway: Pick<PathwayRow, 'clinical' | 'lab_dates'>,
  results: readonly KeptResult[],
): PathwayUpdate | null {
  const values = new Map<LabField, number>();
  const days = new Map<LabField, string>();
  for (const lab of labFields) {
    const value = pathway.clinical[lab];
    if (typeof value === 'number') values.set(lab, value);
    const day = labDateOf(pathway.lab_dates, lab);
    if (day !== null && value !== undefined && value !== null) days.set(lab, day);
  }
  const heldDays = new Map(days);
  const ordered = [...results].sort((a, b) => (a.takenAt < b.takenAt ? -1 : a.takenAt > b.takenAt ? 1 : 0));
  const changed = new Map<LabField, { before: unknown; after: number }>();
  for (const result of ordered) {
    const held = days.get(result.lab);
    if (held !== undefined && result.takenOn < held) continue;
    const before = values.get(result.lab);
    days.set(result.lab, result.takenOn);
    if (before === result.value) continue;
    values.set(result.lab, result.value);
    const first = changed.get(result.lab);
    changed.set(result.lab, { before: first ? first.before : (before ?? null), after: result.value });
  }
  const dayChanged = labFields.some((lab) => days.get(lab) !== heldDays.get(lab));
  if (changed.size === 0 && !dayChanged) return null;

  const clinical: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(pathway.clinical))
    if (!labFields.includes(key as LabField)) clinical[key] = value;
  for (const lab of labFields) if (values.has(lab)) clinical[lab] = values.get(lab);

  const labDates: Record<string, string> = {};
  let sampled: string | undefined;
  for (const day of days.values()) if (sampled === undefined || day > sampled) sampled = day;
  if (sampled !== undefined) {
    labDates.sampled = sampled;
    for (const lab of labFields) {
      const day = days.get(lab);
      if (day !== undefined && day !== sampled) labDates[lab] = day;
    }
  }
  return {
    clinical,
    labDates,
    changed: [...changed].map(([lab, change]) => ({ lab, ...change })),
  };
}

const pathwayColumns = sql`p.id, p.trust_code, p.procedure_code, p.nhs_number, p.local_patient_identifier,
  p.first_name, p.last_name, p.clinical, p.lab_dates, p.operation, p.date_of_birth::text as date_of_birth,
  p.accepted_date_of_birth::text as accepted_date_of_birth`;

/** The trust's active pathways of the patients the results are for, locked for the update unless said. */
async function activePathwaysOf(
  tx: Db,
  trustCode: string,
  results: readonly KeptResult[],
  lock = true,
): Promise<PathwayRow[]> {
  const forUpdate = lock ? sql`for update` : sql``;
  const nhsNumbers = [...new Set(results.map((r) => r.nhsNumber).filter((n): n is string => n !== null))];
  const locals = [
    ...new Set(results.map((r) => r.localPatientIdentifier).filter((n): n is string => n !== null)),
  ];
  if (nhsNumbers.length === 0 && locals.length === 0) return [];
  const pathwaysWhere = (match: SQL) =>
    queryRows<PathwayRow>(
      tx,
      sql`select ${pathwayColumns} from pathways p
          where p.trust_code = ${trustCode} and p.is_active and ${match}
          order by p.id ${forUpdate}`,
    );
  // NHS numbers are ten digits, safe in an array literal; local identifiers are free text, sent as JSON.
  const rows =
    nhsNumbers.length === 0
      ? []
      : await pathwaysWhere(sql`p.nhs_number = any(${`{${nhsNumbers.join(',')}}`}::text[])`);
  const byLocal =
    locals.length === 0
      ? []
      : await pathwaysWhere(
          sql`p.local_patient_identifier in (select jsonb_array_elements_text(${JSON.stringify(locals)}::jsonb))`,
        );
  const seen = new Set(rows.map((row) => row.id));
  return [...rows, ...byLocal.filter((row) => !seen.has(row.id))];
}

export interface AppliedResults {
  /** Results that met at least one active pathway. */
  applied: number;
  /** Results kept for a patient not on a list. */
  held: number;
  /** The pathways whose record changed. */
  changedPathwayIds: string[];
}

/**
 * Applies results to the trust's active pathways of their patients, re-scoring each pathway they
 * change with the procedure's active model (or leaving it waiting for one), and writes the change
 * log entry of each. Runs in the caller's transaction.
 */
export async function applyResults(
  tx: Db,
  actor: Principal,
  trustCode: string,
  results: readonly KeptResult[],
  now: Date,
): Promise<AppliedResults> {
  const pathways = await activePathwaysOf(tx, trustCode, results);
  const met = new Set<KeptResult>();
  const changedPathwayIds: string[] = [];
  const models = new Map<string, ModelVersion | null>();
  for (const pathway of pathways) {
    const mine = results.filter((result) => resultMeetsPathway(result, pathway));
    for (const result of mine) met.add(result);
    const update = withResults(pathway, mine);
    if (!update) continue;
    if (!models.has(pathway.procedure_code))
      models.set(pathway.procedure_code, await activeModelVersion(tx, trustCode, pathway.procedure_code));
    await rescore(tx, actor, pathway, update, models.get(pathway.procedure_code) ?? null, now);
    if (update.changed.length > 0) changedPathwayIds.push(pathway.id);
  }
  return { applied: met.size, held: results.length - met.size, changedPathwayIds };
}

async function rescore(
  tx: Db,
  actor: Principal,
  pathway: PathwayRow,
  update: PathwayUpdate,
  model: ModelVersion | null,
  now: Date,
): Promise<void> {
  const clinicalJson = JSON.stringify(update.clinical);
  await writeClinicalRecord(tx, pathway.id, {
    clinicalJson,
    labDatesJson: JSON.stringify(update.labDates),
  });
  if (update.changed.length === 0) return;
  if (!model) {
    // Scored when the procedure has a model again, as a list waiting for one is; the factors its
    // new values show are written now (decision 0072).
    await setWaiting(tx, pathway.id);
    await refreshPathwayFactors(
      tx,
      { trustCode: pathway.trust_code, procedureCode: pathway.procedure_code },
      [pathway.id],
    );
  } else {
    const evaluationDate = evaluationDay(now);
    const [state] = await scoreForWriting(
      {
        trustCode: pathway.trust_code,
        procedureCode: pathway.procedure_code,
        model,
        bloodResultMaxAgeDays: await bloodResultMaxAgeDays(tx, pathway.trust_code),
      },
      [
        {
          clinical: update.clinical as PatientRecord,
          labDates: update.labDates,
          operation: pathway.operation,
          reason: 'results',
        },
      ],
      evaluationDate,
    );
    await recordEvaluation(tx, {
      pathwayId: pathway.id,
      trustCode: pathway.trust_code,
      procedureCode: pathway.procedure_code,
      model,
      reason: 'results',
      actor: { ...actor, trustName: actor.trustName },
      createdBy: principalName(actor),
      state: state!,
      evaluationDate,
      inputsJson: clinicalJson,
    });
  }
  await recordChange(tx, {
    principal: actor,
    trustCode: pathway.trust_code,
    trustName: actor.trustName,
    action: 'New blood results',
    entityType: 'patient',
    pathway,
    before: Object.fromEntries(update.changed.map((change) => [change.lab, change.before])),
    after: Object.fromEntries(update.changed.map((change) => [change.lab, change.after])),
  });
}

/** Keeps a message's results for 90 days, and forgets the trust's results older than that. */
export async function keepResults(
  tx: Db,
  trustCode: string,
  messageId: string,
  results: readonly KeptResult[],
): Promise<void> {
  await tx.execute(
    sql`delete from received_lab_results where trust_code = ${trustCode} and expires_at < now()`,
  );
  if (results.length === 0) return;
  await tx.execute(sql`insert into received_lab_results (id, message_id, trust_code, nhs_number,
      local_patient_identifier, birth_date, lab, value, taken_at, taken_on, status, expires_at)
    select r.id, ${messageId}::uuid, ${trustCode}, r.nhs_number, r.local_patient_identifier, r.birth_date,
      r.lab, r.value,
      r.taken_at, r.taken_on, r.status, now() + make_interval(days => ${resultKeepingDays})
    from json_to_recordset(${JSON.stringify(
      results.map((result) => ({
        id: timeOrderedUuid(),
        nhs_number: result.nhsNumber,
        local_patient_identifier: result.localPatientIdentifier,
        birth_date: result.birthDate,
        lab: result.lab,
        value: result.value,
        taken_at: result.takenAt,
        taken_on: result.takenOn,
        status: result.status,
      })),
    )}::json) as r(id uuid, nhs_number text, local_patient_identifier text, birth_date date, lab text, value float8,
      taken_at timestamptz, taken_on date, status text)`);
}

/**
 * After a list is confirmed: the kept results of the trust's patients on it, applied where newer
 * than what the list gave them. Acts for the client that sent each result's message.
 */
export async function applyKeptResults(db: Db, trustCode: string, procedureCode: string, now: Date) {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{
      client_id: string;
      client_name: string;
      trust_name: string;
      nhs_number: string | null;
      local_patient_identifier: string | null;
      birth_date: string | null;
      lab: LabField;
      value: number;
      taken_at: string | Date;
      taken_on: string;
      status: KeptResult['status'];
    }>(
      tx,
      sql`select c.id as client_id, c.name as client_name, t.trust_name, r.nhs_number,
            r.local_patient_identifier, r.birth_date::text as birth_date, r.lab, r.value, r.taken_at,
            r.taken_on::text as taken_on, r.status
          from received_lab_results r
          join integration_messages m on m.id = r.message_id
          join integration_clients c on c.id = m.integration_client_id
          join trusts t on t.trust_code = r.trust_code
          where r.trust_code = ${trustCode} and r.expires_at >= now()
            and exists (select 1 from pathways p where p.trust_code = r.trust_code
              and p.procedure_code = ${procedureCode} and p.is_active
              and ((r.nhs_number is not null and p.nhs_number = r.nhs_number)
                or ((r.nhs_number is null or p.nhs_number is null)
                  and p.local_patient_identifier = r.local_patient_identifier)))
          order by r.taken_at, r.id`,
    );
    let changed = 0;
    // The results of each client apply as that client: the change log names who sent them.
    const byClient = new Map<string, typeof rows>();
    for (const row of rows) {
      const mine = byClient.get(row.client_id);
      if (mine) mine.push(row);
      else byClient.set(row.client_id, [row]);
    }
    for (const clientRows of byClient.values()) {
      const first = clientRows[0]!;
      const actor = integrationPrincipal({
        id: first.client_id,
        name: first.client_name,
        trustCode,
        trustName: first.trust_name,
      });
      const results = clientRows.map((row) => ({
        nhsNumber: row.nhs_number,
        localPatientIdentifier: row.local_patient_identifier,
        birthDate: row.birth_date,
        lab: row.lab,
        value: row.value,
        takenAt: new Date(row.taken_at).toISOString(),
        takenOn: row.taken_on,
        status: row.status,
      }));
      const applied = await applyResults(tx, actor, trustCode, results, now);
      changed += applied.changedPathwayIds.length;
    }
    return { changed };
  });
}
