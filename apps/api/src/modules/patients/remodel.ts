/**
 * docs/requirements.md §3 remodel record and §7 remodel: the form's values from the record the model
 * reads, and a remodel scored in the request and written with its evaluation (decision 0025).
 */
import { labCodes } from '@esr/import-files/types';
import { patientMessages, type RiskSummary } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import {
  comorbidityFields,
  errorKeyOf,
  labFields,
  remodelErrors,
  remodelFields,
  type RemodelRecord,
  type RemodelValues,
} from '@esr/contracts/remodel';
import { type Db } from '../../platform/db/client.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { requireAccess } from '../identity/index.js';
import { recordChange } from '../change-log/index.js';
import type { Principal } from '../identity/index.js';
import {
  activeModelVersion,
  bloodResultMaxAgeDays,
  evaluationDay,
  fieldsAtFault,
  recordEvaluation,
  scoreForWriting,
  type LabDates,
} from '../evaluations/index.js';
import type { ClinicalRecord } from '../waiting-list/index.js';
import { noteClericalChange } from './clerical-changes.js';
import { writeClinicalRecord } from '../pathways/index.js';
import { patientReads, recordRead } from './patient-reads.js';
import { identityOf, type PathwayRow, patientPathway, requireActive } from './patient-rows.js';
import { riskSummary } from './risk-summary.js';

/** The remodel record's values (docs/requirements.md §3: strings, '1'/'0', '' unknown) of a model record. */
export function remodelValuesOf(clinical: ClinicalRecord): RemodelValues {
  const text = (value: unknown) =>
    value === null || value === undefined
      ? ''
      : typeof value === 'number'
        ? String(value)
        : String(value).trim();
  const values = Object.fromEntries(remodelFields.map((field) => [field, ''])) as RemodelValues;
  for (const field of ['height', 'weight', 'sex', 'ethnicGroup', 'smoking', ...labFields] as const)
    values[field] = text(clinical[field]);
  for (const code of comorbidityFields) {
    const flag = text(clinical[code]);
    values[code] = flag === '1' || flag === '0' ? flag : '';
  }
  const dob = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text(clinical.dateOfBirth));
  if (dob) {
    values.dobYear = dob[1]!;
    values.dobMonth = String(Number(dob[2]));
    values.dobDay = String(Number(dob[3]));
  }
  return values;
}

/** The model record of remodel values: numbers as numbers, flags as 1 or 0, unknown as null. */
export function clinicalRecordOf(values: RemodelValues): ClinicalRecord {
  const number = (text: string) => (text === '' ? null : Number(text));
  const clinical: ClinicalRecord = {
    height: number(values.height),
    weight: number(values.weight),
    sex: values.sex || null,
    ethnicGroup: values.ethnicGroup || null,
    smoking: values.smoking || null,
    dateOfBirth:
      values.dobYear && values.dobMonth && values.dobDay
        ? `${values.dobYear.padStart(4, '0')}-${values.dobMonth.padStart(2, '0')}-${values.dobDay.padStart(2, '0')}`
        : null,
  };
  for (const code of comorbidityFields) clinical[code] = number(values[code]);
  for (const field of labFields) clinical[field] = number(values[field]);
  return clinical;
}

/** docs/requirements.md §7 GET patients/{id}: the remodel record. */
export async function remodelRecord(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
): Promise<RemodelRecord> {
  requireAccess(principal, 'patients:read', trustCode);
  const pathway = await patientPathway(db, trustCode, procedureCode, id);
  await recordRead(db, principal, trustCode, patientReads.record, [id]);
  return {
    ...remodelValuesOf(pathway.clinical),
    ...identityOf(pathway),
    operationType: pathway.procedure_code,
    isActive: pathway.is_active,
  };
}

/**
 * The pathway's blood result dates after a remodel: a value the remodel changed or added is dated
 * the day it was typed, as a clinician enters a result they have now; one it removed has no date.
 */
function remodelledLabDates(pathway: PathwayRow, clinical: ClinicalRecord, day: string): LabDates | null {
  const before = pathway.lab_dates ?? {};
  const dates: LabDates = {};
  for (const lab of labCodes) {
    const value = clinical[lab];
    if (value === null || value === undefined || value === '') continue;
    const kept = pathway.clinical[lab] === value ? (before[lab] ?? before.sampled) : undefined;
    dates[lab] = kept ?? day;
  }
  const days = Object.values(dates);
  if (days.length === 0) return null;
  const sampled = days.reduce((latest, date) => (date > latest ? date : latest));
  // As the import writes them: the latest as `sampled`, a test taken on another day by its own name.
  return Object.fromEntries([
    ['sampled', sampled],
    ...Object.entries(dates).filter(([, date]) => date !== sampled),
  ]);
}

/**
 * docs/requirements.md §7 PUT patients/{id}: stores the corrected record and scores it with the active model in
 * the request (a remodel takes milliseconds, so the clinician sees the new result at once). A
 * corrected date of birth also corrects the pathway's; an unknown one leaves the pathway's as it is,
 * since it identifies the patient on the list.
 */
export async function remodel(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  changes: { readonly [field: string]: unknown },
  now: () => Date = () => new Date(),
): Promise<RiskSummary> {
  requireAccess(principal, 'patients:write', trustCode);
  // One transaction from the model's version to the access log: on the embedded database each
  // statement outside it would queue behind a batch-scoring write, and a remodel must stay quick
  // while a list is scored.
  return db.transaction(async (tx) => {
    const model = await activeModelVersion(tx, trustCode, procedureCode);
    const pathway = await patientPathway(tx, trustCode, procedureCode, id, true);
    requireActive(pathway);
    const values = remodelValuesOf(pathway.clinical);
    for (const field of remodelFields) {
      const value = changes[field];
      if (typeof value === 'string') values[field] = value;
    }
    const problems = remodelErrors(values, now());
    if (Object.keys(problems).length > 0)
      throw badRequest(
        'The details are not valid',
        Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])),
      );
    if (!model) throw conflict(patientMessages.noModel);
    const clinical = clinicalRecordOf(values);
    const evaluationDate = evaluationDay(now());
    // A blood value typed in a remodel counts as taken on the day it is typed (decision 0057).
    const labDates = remodelledLabDates(pathway, clinical, evaluationDate);
    const [state] = await scoreForWriting(
      {
        trustCode,
        procedureCode,
        model,
        bloodResultMaxAgeDays: await bloodResultMaxAgeDays(tx, trustCode),
      },
      [{ clinical, labDates, operation: pathway.operation, reason: 'remodel' }],
      evaluationDate,
    );
    if (state!.status === 'failed') {
      const fields = fieldsAtFault(model.model, clinical);
      throw badRequest(
        patientMessages.remodelFailed,
        Object.fromEntries(
          (fields.length ? fields : ['height']).map((field) => [
            remodelFields.includes(field as never) ? errorKeyOf(field as never) : 'dateOfBirth',
            [`${patientMessages.remodelFailed} ${state!.failureReason ?? ''}`.trim()],
          ]),
        ),
      );
    }
    const evaluationId = state!.evaluationId;
    // The record is stored as written, and its hash is of that text: clinicalRecordOf puts the keys
    // in the order an import writes them, so the same record gives the same hash either way.
    const clinicalJson = JSON.stringify(clinical);
    await writeClinicalRecord(tx, id, {
      clinicalJson,
      labDatesJson: labDates === null ? null : JSON.stringify(labDates),
      dateOfBirth: typeof clinical.dateOfBirth === 'string' ? clinical.dateOfBirth : null,
    });
    await recordEvaluation(tx, {
      pathwayId: id,
      trustCode,
      procedureCode,
      model,
      reason: 'remodel',
      actor: { ...principal, trustName: principal.trustName },
      createdBy: `${principal.firstName} ${principal.lastName}`,
      state: state!,
      evaluationDate,
      inputsJson: clinicalJson,
    });
    if (evaluationId !== null) await noteClericalChange(tx, principal, id, evaluationId);
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: 'Remodelled',
      entityType: 'patient',
      pathway,
      before: pathway.clinical,
      after: clinical,
    });
    // The summary as the clinician will see it, read in the same transaction.
    return riskSummary(tx, principal, trustCode, procedureCode, id, patientReads.remodel);
  });
}
