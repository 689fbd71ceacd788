/**
 * Waiting well (docs/optimisation.md, decision 0071): the modifiable risk factors found from a
 * pathway's current values, what is asked for each, and the dated entries that follow one from
 * found to met. One definition for the API, the screens and the letters.
 */
import { z } from 'zod';
import {
  optimisationFactorLabels,
  optimisationFactors,
  type OptimisationFactor,
} from './optimisation-factors.js';
import { showCalendarDate } from './london-dates.js';
import { addDays } from './prioritisation-rules.js';
import { labRules } from './remodel.js';
import { bidiControlMessage, hasBidiControls } from './text-direction.js';
import { multiLine, singleLine } from './text-rules.js';

export { optimisationFactors, type OptimisationFactor } from './optimisation-factors.js';
export const optimisationFactorSchema = z.enum(optimisationFactors);

/**
 * identified (found, nothing done yet) → referred → in_progress → met / declined (by the patient) /
 * not_possible (a clinical reason). The last three close the factor.
 */
export const optimisationStatuses = [
  'identified',
  'referred',
  'in_progress',
  'met',
  'declined',
  'not_possible',
] as const;
export type OptimisationStatus = (typeof optimisationStatuses)[number];
export const closedStatuses: readonly OptimisationStatus[] = ['met', 'declined', 'not_possible'];
export const isClosed = (status: OptimisationStatus) => closedStatuses.includes(status);

/** What a person records: every status but identified, which only finding a factor gives. */
export const recordedStatuses = ['referred', 'in_progress', 'met', 'declined', 'not_possible'] as const;
export type RecordedStatus = (typeof recordedStatuses)[number];
/** Decision 0071: a waiting list admin records the administrative steps; a clinician records every one. */
export const administrativeStatuses: readonly RecordedStatus[] = ['referred', 'in_progress', 'declined'];

export const optimisationStatusLabels: Record<OptimisationStatus, string> = {
  identified: 'Identified',
  referred: 'Referred',
  in_progress: 'In progress',
  met: 'Met',
  declined: 'Declined by the patient',
  not_possible: 'Not possible',
};

/** The thresholds a trust may set; the defaults cite their sources in docs/optimisation.md. */
export interface OptimisationRules {
  /** Anaemia below this haemoglobin, g/L (WHO; UK perioperative anaemia guidance: 130 for everyone). */
  haemoglobinBelow: number;
  /** Nutrition screening below this albumin, g/L. */
  albuminBelow: number;
  /** A renal review below this eGFR, ml/min. */
  egfrBelow: number;
  /** Weight management offered from this body mass index. */
  bmiFrom: number;
  /** Weeks from identification to the due date when the pathway has no TCI date. */
  dueWeeks: number;
}

export const defaultOptimisationRules: OptimisationRules = {
  haemoglobinBelow: 130,
  albuminBelow: 35,
  egfrBelow: 30,
  bmiFrom: 40,
  dueWeeks: 12,
};

export interface FactorDefinition {
  label: string;
  /** What is asked, for the clinical team and the GP letter. */
  ask: string;
  /** The guidance the rule follows (docs/optimisation.md). */
  guidance: string;
  /** The services a trust offers for it until it sets its own. */
  defaultServices: readonly string[];
}

export const factorDefinitions: Record<OptimisationFactor, FactorDefinition> = {
  anaemia: {
    label: optimisationFactorLabels.anaemia,
    ask: 'Investigate and treat the anaemia before surgery (iron studies, vitamin B12 and folate; anaemia clinic).',
    guidance: 'CPOC guidance on preoperative assessment and optimisation (2021); NICE NG24 blood transfusion',
    defaultServices: ['Pre-operative anaemia clinic', 'GP practice'],
  },
  smoking: {
    label: optimisationFactorLabels.smoking,
    ask: 'Refer to the stop-smoking service.',
    guidance: 'NICE NG209 tobacco: preventing uptake, promoting quitting and treating dependence',
    defaultServices: ['Local Stop Smoking Service', 'GP practice'],
  },
  diabetes: {
    label: optimisationFactorLabels.diabetes,
    ask: 'Check HbA1c within 3 months of surgery, with a target of 69 mmol/mol or less.',
    guidance: 'CPOC guideline for perioperative care for people with diabetes (2021)',
    defaultServices: ['GP practice', 'Diabetes specialist nurse'],
  },
  nutrition: {
    label: optimisationFactorLabels.nutrition,
    ask: 'Screen for malnutrition (MUST) and refer to a dietitian where needed.',
    guidance: 'NICE CG32 nutrition support for adults',
    defaultServices: ['Dietetics'],
  },
  kidney: {
    label: optimisationFactorLabels.kidney,
    ask: 'Renal review before surgery, with a review of medicines.',
    guidance: 'NICE NG148 acute kidney injury: prevention, detection and management',
    defaultServices: ['Renal team', 'GP practice'],
  },
  blood_pressure: {
    label: optimisationFactorLabels.blood_pressure,
    ask: 'Bring blood pressure below 160/100 mmHg in primary care.',
    guidance:
      'AAGBI and British Hypertension Society guidance on blood pressure before elective surgery (2016)',
    defaultServices: ['GP practice'],
  },
  weight: {
    label: optimisationFactorLabels.weight,
    ask: 'Offer weight management support.',
    guidance: 'NICE NG226 osteoarthritis in over 16s',
    defaultServices: ['Weight management service', 'GP practice'],
  },
};

/** NICE NG226: shown wherever weight is (decision 0071). */
export const weightNeverDelays =
  'Weight is never a reason to delay surgery by itself (NICE NG226): offer support alongside the listing.';

/** A value the rule read, with its day (the sample date of a blood result), or a recorded condition. */
export interface FoundFactor {
  code: OptimisationFactor;
  /** In words, with its unit: "Haemoglobin 118 g/L", "Current smoker", "Body mass index 41.2". */
  finding: string;
  /** The number the rule compared, for the lists' columns; null for a recorded condition. */
  value: number | null;
  /** The day the value was taken (a blood result's sample day); null when the record does not say. */
  valueDate: string | null;
}

export interface FactorInput {
  /** The pathway's record: the remodel record fields (decision 0057). */
  record: Readonly<Record<string, unknown>>;
  /** When each blood result was taken: a test by its own name, else `sampled`. */
  labDates: Readonly<Record<string, string>> | null;
  /** The day the factors are found on (London), YYYY-MM-DD. */
  day: string;
  /** Blood results older than this many days are not used (the trust's limit, decision 0057). */
  maxAgeDays: number;
  rules: OptimisationRules;
}

const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
};

const isYes = (value: unknown) => value === '1' || value === 1 || value === true;

type LabFactorField = 'haemoglobin' | 'albumin' | 'egfr';

/** A blood result the rules may use: present, and not older than the trust's limit. */
function freshResult(
  input: FactorInput,
  field: LabFactorField,
): { value: number; date: string | null } | null {
  const value = numberOf(input.record[field]);
  if (value === null) return null;
  const date = input.labDates?.[field] ?? input.labDates?.sampled ?? null;
  if (date !== null && date < addDays(input.day, -input.maxAgeDays)) return null;
  return { value, date };
}

const labFinding = (field: LabFactorField, value: number) =>
  `${labRules[field].label} ${value} ${labRules[field].unit}`;

/**
 * The body mass index of the record's height (cm) and weight (kg) to one decimal place, as it is
 * reported and as the rule reads it (39.9 is below 40); null without both.
 */
export function bodyMassIndex(record: Readonly<Record<string, unknown>>): number | null {
  const height = numberOf(record.height);
  const weight = numberOf(record.weight);
  if (height === null || weight === null || height <= 0) return null;
  return Math.round((weight / (height / 100) ** 2) * 10) / 10;
}

const bmiFinding = (bmi: number) => `Body mass index ${bmi.toFixed(1)}`;

/**
 * The factors the pathway's current values show (decision 0071): a blood result only when fresh,
 * a condition only when recorded as Yes, smoking only for a current smoker.
 */
export function findFactors(input: FactorInput): FoundFactor[] {
  const { record, rules } = input;
  const found: FoundFactor[] = [];
  const lab = (code: OptimisationFactor, field: LabFactorField, below: number) => {
    const result = freshResult(input, field);
    if (result && result.value < below)
      found.push({
        code,
        finding: labFinding(field, result.value),
        value: result.value,
        valueDate: result.date,
      });
  };
  lab('anaemia', 'haemoglobin', rules.haemoglobinBelow);
  if (record.smoking === '1')
    found.push({ code: 'smoking', finding: 'Current smoker', value: null, valueDate: null });
  if (isYes(record.idd) || isYes(record.nidd))
    found.push({ code: 'diabetes', finding: 'Diabetes recorded', value: null, valueDate: null });
  lab('nutrition', 'albumin', rules.albuminBelow);
  lab('kidney', 'egfr', rules.egfrBelow);
  if (isYes(record.hypt))
    found.push({ code: 'blood_pressure', finding: 'Hypertension recorded', value: null, valueDate: null });
  const bmi = bodyMassIndex(record);
  if (bmi !== null && bmi >= rules.bmiFrom)
    found.push({
      code: 'weight',
      finding: bmiFinding(bmi),
      value: bmi,
      valueDate: null,
    });
  return found;
}

/**
 * The value that shows a factor met by itself, when a new value no longer finds it: a fresh blood
 * result at or past the threshold, a smoker recorded as an ex-smoker, a body mass index below the
 * threshold. Recorded conditions (diabetes, hypertension) are met only when a person records it.
 */
export function metBy(code: OptimisationFactor, input: FactorInput): Omit<FoundFactor, 'code'> | null {
  const { record, rules } = input;
  const lab = (field: LabFactorField, below: number) => {
    const result = freshResult(input, field);
    return result && result.value >= below
      ? { finding: labFinding(field, result.value), value: result.value, valueDate: result.date }
      : null;
  };
  switch (code) {
    case 'anaemia':
      return lab('haemoglobin', rules.haemoglobinBelow);
    case 'nutrition':
      return lab('albumin', rules.albuminBelow);
    case 'kidney':
      return lab('egfr', rules.egfrBelow);
    case 'smoking':
      return record.smoking === '2' ? { finding: 'Ex-smoker', value: null, valueDate: null } : null;
    case 'weight': {
      const bmi = bodyMassIndex(record);
      return bmi !== null && bmi < rules.bmiFrom
        ? {
            finding: bmiFinding(bmi),
            value: bmi,
            valueDate: null,
          }
        : null;
    }
    default:
      return null;
  }
}

/** "Haemoglobin 134 g/L on 12-Jan-2027", or the finding alone when it has no day. */
export const findingWithDate = (finding: string, valueDate: string | null) =>
  valueDate ? `${finding} on ${showCalendarDate(valueDate)}` : finding;

/** Who a factor met by a new value was recorded by, in its entry and on the screens. */
export const automaticRecorder = 'Automatic: a new result met the target';

export const maxOptimisationTextLength = 500;

const freeText = z
  .string()
  .max(5_000)
  .refine((value) => !hasBidiControls(value), bidiControlMessage)
  .check(multiLine);
/** A service's name, as the trust's list names it: on one line. */
const serviceText = z
  .string()
  .max(5_000)
  .refine((value) => !hasBidiControls(value), bidiControlMessage)
  .check(singleLine);

export const optimisationMessages = {
  factorRequired: 'Select the risk factor',
  statusRequired: 'Select what happened',
  serviceRequired: 'Select the service the patient is referred to',
  serviceUnknown: 'Select one of the trust’s services',
  reasonRequired: 'Enter the reason',
  metReasonRequired: 'Enter how the target was met, with the value and its date',
  reasonTooLong: `The reason must be ${maxOptimisationTextLength} characters or fewer`,
  noteTooLong: `The note must be ${maxOptimisationTextLength} characters or fewer`,
  notFound: 'This risk factor was not found for this patient',
  closed: 'This risk factor is already closed',
  clinicalOnly: 'Only a clinician can record this',
  archived: 'This pathway is no longer on the waiting list',
} as const;

export const optimisationRequestSchema = z.object({
  factor: optimisationFactorSchema.optional().meta({
    description: `Required: ${optimisationFactors.join(', ')}`,
    example: 'anaemia',
  }),
  status: z.enum(recordedStatuses).optional().meta({
    description:
      'Required: referred (with service), in_progress, met, declined (by the patient) or not_possible (a clinical reason); met, declined and not_possible need a reason',
    example: 'referred',
  }),
  service: serviceText.optional().meta({
    description: 'With referred, required: one of the trust’s services for the factor',
    example: 'Pre-operative anaemia clinic',
  }),
  note: freeText.optional().meta({ description: 'Optional, up to 500 characters' }),
  reason: freeText.optional().meta({ description: 'With met, declined or not_possible, required' }),
});
export type OptimisationRequest = z.infer<typeof optimisationRequestSchema>;

export const optimisationEntrySchema = z.object({
  status: z
    .enum(optimisationStatuses)
    .describe('What was recorded: referred, in_progress, met, declined or not_possible'),
  service: z.string().nullable().describe('The service the patient was referred to (referred only)'),
  note: z.string().nullable().describe('The note typed with the entry'),
  reason: z.string().nullable().describe('Why it was met, declined or not possible'),
  finding: z
    .string()
    .nullable()
    .describe(
      'A referral’s reason as it was then ("Haemoglobin 118 g/L"), or the value that met the target by itself ("Haemoglobin 134 g/L"); null otherwise',
    ),
  findingDate: z.string().nullable().describe('The day that value was taken, when known'),
  riskBefore: z
    .number()
    .nullable()
    .describe('The model’s probability before that value was scored (a target met by a new value)'),
  riskAfter: z.number().nullable().describe('The model’s probability once that value was scored'),
  recordedBy: z
    .string()
    .describe('Who recorded it; "Automatic: a new result met the target" for a new value'),
  recordedAt: z.string().describe('When it was recorded (ISO 8601)'),
});
export type OptimisationEntry = z.infer<typeof optimisationEntrySchema>;

export const pathwayFactorSchema = z.object({
  code: optimisationFactorSchema.describe('The factor’s code'),
  label: z.string().describe('The factor’s name ("Anaemia")'),
  status: z
    .enum(optimisationStatuses)
    .describe('identified (found, nothing recorded), or the latest entry’s status'),
  finding: z
    .string()
    .nullable()
    .describe('What the current values show ("Haemoglobin 118 g/L"); null once they no longer show it'),
  value: z.number().nullable().describe('The number the rule compared; null for a recorded condition'),
  valueDate: z.string().nullable().describe('The day the value was taken (a blood result’s sample day)'),
  ask: z.string().describe('What is asked'),
  guidance: z.string().describe('The guidance the rule follows'),
  identifiedOn: z.string().describe('The day the factor was first shown (YYYY-MM-DD)'),
  dueOn: z
    .string()
    .describe('The day before the TCI date when there is one, else the trust’s weeks from identification'),
  overdue: z.boolean().describe('Not closed and past its due day'),
  services: z.array(z.string()).describe('The trust’s services for the factor, to refer to'),
  entries: z.array(optimisationEntrySchema).describe('What was recorded, newest first'),
});
export type PathwayFactor = z.infer<typeof pathwayFactorSchema>;

export const pathwayOptimisationSchema = z.object({
  factors: z.array(pathwayFactorSchema).describe('Each factor found or with entries, in the rules’ order'),
  isActive: z.boolean().describe('False once the pathway has left the active list: nothing more is recorded'),
  weightNote: z.string().describe('NICE NG226: weight alone never delays surgery, shown wherever weight is'),
});
export type PathwayOptimisation = z.infer<typeof pathwayOptimisationSchema>;

/** The history's line for a factor a new value met: "Optimisation: anaemia met (Haemoglobin 134 g/L); risk 14.1% → 9.8%". */
export function metHistoryLine(
  code: OptimisationFactor,
  finding: string,
  riskBefore: number | null,
  riskAfter: number | null,
): string {
  const percent = (p: number) => `${(p * 100).toFixed(1)}%`;
  const risk =
    riskBefore !== null && riskAfter !== null ? `; risk ${percent(riskBefore)} → ${percent(riskAfter)}` : '';
  return `Optimisation: ${factorDefinitions[code].label.toLowerCase()} met (${finding})${risk}`;
}
