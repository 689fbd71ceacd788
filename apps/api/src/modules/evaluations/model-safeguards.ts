/**
 * What a model is given, and when its band is withheld (decision 0057): one place for every way a
 * pathway is scored (a list's scoring run, a confirm, a remodel, results from the trust's systems).
 *
 * - A pathway outside the model's population (its operation or age) is not scored at all.
 * - A blood result older than the trust's limit, counted back from the day of scoring, is not
 *   given to the model: the input is missing, and named as too old.
 * - A pathway missing one of the model's required inputs is scored, but its band is withheld: it is
 *   "Incomplete", its probability shown only on its summary as made with default values.
 */
import type { PatientRecord } from '@esr/risk-engine/evaluate';
import type { RiskModel } from '@esr/risk-engine/model';
import { ageOn, ageOutside, operationOutside, opcs4Code, populationOf } from '@esr/risk-engine/population';
import { labCodes } from '@esr/import-files/types';

/** The oldest blood result a model may use when the trust has not set its own, in days (decision 0057). */
export { defaultBloodResultMaxAgeDays } from '@esr/contracts/scoring-settings';

/** When each blood result was taken: the latest as `sampled`, a test taken on another day by its own name. */
export type LabDates = Record<string, string>;

export interface ScoringFacts {
  clinical: PatientRecord;
  labDates: LabDates | null;
  /** The operation as the extract wrote it. */
  operation: string | null;
}

export interface PreparedRecord {
  /** What the model is given: the record without its results too old to use. */
  record: PatientRecord;
  /** The results left out for their age, `{field: sample day}`; null when none was. */
  unused: Record<string, string> | null;
  /** Why the pathway is outside the model's population, in words; null when it is inside. */
  exclusion: string | null;
}

const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The day `days` before a YYYY-MM-DD day. */
export function daysBefore(day: string, days: number): string {
  const at = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return new Date(at - days * 86_400_000).toISOString().slice(0, 10);
}

/** The record to score on `day`, and whether the pathway is one the model was made for. */
export function prepareRecord(
  model: RiskModel,
  facts: ScoringFacts,
  day: string,
  maxAgeDays: number,
): PreparedRecord {
  const population = model.wrapper ? populationOf(model.wrapper) : null;
  if (population) {
    const operation = operationOutside(population, {
      code: opcs4Code(facts.operation),
      text: facts.operation,
    });
    const age = operation === null ? ageOutside(population, ageOn(facts.clinical.dateOfBirth, day)) : null;
    const exclusion = operation ?? age;
    if (exclusion !== null) return { record: facts.clinical, unused: null, exclusion };
  }
  const oldest = daysBefore(day, maxAgeDays);
  let record: Record<string, unknown> = facts.clinical;
  let unused: Record<string, string> | null = null;
  for (const lab of labCodes) {
    if (isMissing(record[lab])) continue;
    const sampled = facts.labDates?.[lab] ?? facts.labDates?.sampled;
    if (sampled === undefined || sampled >= oldest) continue;
    if (record === facts.clinical) record = { ...facts.clinical };
    record[lab] = null;
    (unused ??= {})[lab] = sampled;
  }
  return { record, unused, exclusion: null };
}

/** The model's required inputs the record lacks (decision 0057), in the wrapper's order; empty when none. */
export function missingRequiredInputs(model: RiskModel, record: PatientRecord): string[] {
  return (model.wrapper?.requiredInputs ?? []).filter((field) => isMissing(record[field]));
}

/** The record fields the model reads, in the wrapper's order: each feature's field, and those age and BMI are made from. */
export function fieldsRead(model: RiskModel): string[] {
  const fields = new Set<string>();
  for (const feature of model.wrapper?.features ?? []) {
    const source = feature.source;
    if (source.kind === 'field') fields.add(source.field);
    else if (source.derivation === 'bmi') ['height', 'weight'].forEach((field) => fields.add(field));
    else fields.add('dateOfBirth');
  }
  return [...fields];
}

/** The fields the model reads that the record lacks (the model is given its default for each). */
export function missingInputs(model: RiskModel, record: PatientRecord): string[] {
  return fieldsRead(model).filter((field) => isMissing(record[field]));
}
