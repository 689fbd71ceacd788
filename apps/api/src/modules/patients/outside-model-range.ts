/**
 * The laboratory values an evaluation's model read that lie outside the data the model was
 * developed on (the range the model accepts: docs/import-format.md, Tests). A file import warns of
 * them and a message's answer flags them; the risk summary, its PDF and the FHIR RiskAssessment name
 * them wherever the prediction is shown, as the prediction is less certain there.
 */
import type { OutsideModelRange } from '@esr/contracts/patients';
import { labSpecs } from '@esr/import-files/headers';
import { outsideRange } from '@esr/import-files/lab-values';
import type { PatientRecord } from '@esr/risk-engine/evaluate';
import { ageOn } from '@esr/risk-engine/population';

/**
 * The record's values outside the data the model was developed on: its laboratory values, in the
 * order the forms list the tests, against the range the model accepts; then its age on the day of
 * the evaluation and its body mass index against the model's development ranges, when the model's
 * wrapper gives them (decision 0057).
 */
export function outsideModelRangeOf(
  inputs: PatientRecord | null | undefined,
  developmentRanges: Record<string, { min: number; max: number }> = {},
  evaluationDay?: string,
): OutsideModelRange[] {
  if (!inputs) return [];
  const record = inputs as Record<string, unknown>;
  const found: OutsideModelRange[] = [];
  for (const spec of labSpecs) {
    const value = numberOf(record[spec.key]);
    if (value === null || !outsideRange(spec, value)) continue;
    found.push({ field: spec.key, label: spec.label, value, unit: spec.unit, min: spec.min, max: spec.max });
  }
  const age = developmentRanges.age && evaluationDay ? ageOn(record.dateOfBirth, evaluationDay) : null;
  if (age !== null && (age < developmentRanges.age!.min || age > developmentRanges.age!.max))
    found.push({ field: 'age', label: 'Age', value: age, unit: 'years', ...developmentRanges.age! });
  const height = numberOf(record.height);
  const weight = numberOf(record.weight);
  if (developmentRanges.bmi && height !== null && weight !== null && height > 0) {
    const bmi = Math.round((weight / (height / 100) ** 2) * 10) / 10;
    if (bmi < developmentRanges.bmi.min || bmi > developmentRanges.bmi.max)
      found.push({
        field: 'bmi',
        label: 'Body mass index',
        value: bmi,
        unit: 'kg/m²',
        ...developmentRanges.bmi,
      });
  }
  return found;
}

function numberOf(raw: unknown): number | null {
  const value =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : null;
}
