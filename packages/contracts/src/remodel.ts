import { z } from 'zod';
import { isCalendarDate } from './calendar.js';
import { dateYears, plainDecimal, singleLine } from './text-rules.js';

/**
 * The remodel record (docs/requirements.md §3) and its rules (docs/requirements.md §5): what a clinician may correct before the
 * model is run again. Numbers travel as strings, yes/no as '1'/'0', unknown as ''. The screen and
 * the server check it with the same functions, so their messages never disagree.
 */

export const comorbidityFields = [
  'hypt',
  'af',
  'ihd',
  'ang',
  'valv',
  'hfl',
  'pvd',
  'copd',
  'dem',
  'alz',
  'pa',
  'ps',
  'idd',
  'nidd',
  'hypo',
  'hype',
  'ra',
  'foa',
] as const;
export type ComorbidityField = (typeof comorbidityFields)[number];

export const labFields = [
  'haemoglobin',
  'whiteBloodCount',
  'plateletCount',
  'urea',
  'creatinine',
  'egfr',
  'sodium',
  'albumin',
  'crp',
] as const;
export type LabField = (typeof labFields)[number];

export const patientDetailFields = [
  'height',
  'weight',
  'sex',
  'ethnicGroup',
  'smoking',
  'dobDay',
  'dobMonth',
  'dobYear',
] as const;

export const remodelFields = [...patientDetailFields, ...comorbidityFields, ...labFields] as const;
export type RemodelField = (typeof remodelFields)[number];
export type RemodelValues = Record<RemodelField, string>;

/** The comorbidities as the questions name them (docs/import-format.md: pa, ps and foa). */
export const comorbidityLabels: Record<ComorbidityField, string> = {
  hypt: 'Hypertension',
  af: 'Atrial fibrillation',
  ihd: 'Ischaemic heart disease',
  ang: 'Angina',
  valv: 'Heart valve disease',
  hfl: 'Heart failure',
  pvd: 'Peripheral vascular disease',
  copd: 'Chronic obstructive pulmonary disease (COPD)',
  dem: 'Dementia',
  alz: "Alzheimer's disease",
  pa: "Parkinson's disease",
  ps: 'Psoriasis',
  idd: 'Insulin-dependent diabetes',
  nidd: 'Non-insulin-dependent diabetes',
  hypo: 'Hypothyroidism',
  hype: 'Hyperthyroidism',
  ra: 'Rheumatoid arthritis',
  foa: 'Other osteoarthritis',
};

export interface LabRule {
  label: string;
  unit: string;
  /** Hard range (docs/requirements.md §5): outside it the value is refused. */
  min: number;
  max: number;
  /** Reference range (docs/requirements.md §5): outside it the units are queried, not refused. */
  reference: { min: number; max: number } | null;
}

export const labRules: Record<LabField, LabRule> = {
  haemoglobin: { label: 'Haemoglobin', unit: 'g/L', min: 50, max: 200, reference: { min: 115, max: 180 } },
  whiteBloodCount: {
    label: 'White blood cell count',
    unit: '10⁹/L',
    min: 0.5,
    max: 30,
    reference: { min: 4, max: 11 },
  },
  plateletCount: {
    label: 'Platelet count',
    unit: '10⁹/L',
    min: 50,
    max: 600,
    reference: { min: 150, max: 300 },
  },
  urea: { label: 'Urea', unit: 'mmol/L', min: 1, max: 15, reference: { min: 2.5, max: 7.8 } },
  creatinine: { label: 'Creatinine', unit: 'µmol/L', min: 10, max: 200, reference: { min: 45, max: 104 } },
  egfr: { label: 'eGFR', unit: 'ml/min', min: 15, max: 150, reference: { min: 60, max: 120 } },
  sodium: { label: 'Sodium', unit: 'mmol/L', min: 100, max: 160, reference: { min: 135, max: 146 } },
  albumin: { label: 'Albumin', unit: 'g/L', min: 5, max: 100, reference: { min: 35, max: 50 } },
  crp: { label: 'CRP', unit: 'mg/L', min: 0.01, max: 100, reference: null },
};

const camelCase = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * A model factor's name: the remodel form's words for a comorbidity or a blood result (a model
 * names them by code, af or white_blood_count), else the name given.
 */
export function factorLabel(feature: string, displayName: string): string {
  const key = camelCase(feature);
  if (Object.hasOwn(comorbidityLabels, key)) return comorbidityLabels[key as ComorbidityField];
  const lab = labFieldOf(feature);
  if (lab) return labRules[lab].label;
  return displayName;
}

/**
 * The blood result a model's factor is, when the model names it as the product's models do
 * (haemoglobin, white_blood_count): the rule by which the risk summary labels it, so that what is
 * said of a factor elsewhere (its standard codes) agrees with its label. Null for any other factor.
 */
export function labFieldOf(feature: string): LabField | null {
  const key = camelCase(feature);
  return Object.hasOwn(labRules, key) ? (key as LabField) : null;
}

export const sexOptions = [
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
] as const;

/** NHS Data Dictionary ethnic category (first character), as the import accepts it. */
export const ethnicGroupOptions = [
  { value: 'A', label: 'White: British' },
  { value: 'B', label: 'White: Irish' },
  { value: 'C', label: 'White: any other White background' },
  { value: 'D', label: 'Mixed: White and Black Caribbean' },
  { value: 'E', label: 'Mixed: White and Black African' },
  { value: 'F', label: 'Mixed: White and Asian' },
  { value: 'G', label: 'Mixed: any other mixed background' },
  { value: 'H', label: 'Asian or Asian British: Indian' },
  { value: 'J', label: 'Asian or Asian British: Pakistani' },
  { value: 'K', label: 'Asian or Asian British: Bangladeshi' },
  { value: 'L', label: 'Asian or Asian British: any other Asian background' },
  { value: 'M', label: 'Black or Black British: Caribbean' },
  { value: 'N', label: 'Black or Black British: African' },
  { value: 'P', label: 'Black or Black British: any other Black background' },
  { value: 'R', label: 'Other ethnic groups: Chinese' },
  { value: 'S', label: 'Other ethnic groups: any other ethnic group' },
  { value: 'Z', label: 'Not stated' },
  { value: '99', label: 'Not known' },
] as const;

/** NHS Data Dictionary tobacco smoking status. */
export const smokingOptions = [
  { value: '1', label: 'Current smoker' },
  { value: '2', label: 'Ex-smoker' },
  { value: '3', label: 'Non-smoker, history not known' },
  { value: '4', label: 'Never smoked' },
  { value: 'Z', label: 'Not stated' },
  { value: '9', label: 'Unknown' },
] as const;

export const yesNoOptions = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
] as const;

/** A question of the remodel form: one answer, or the three parts of the date of birth. */
export interface RemodelQuestion {
  id: string;
  label: string;
  fields: readonly RemodelField[];
}

export interface RemodelTab {
  id: string;
  title: string;
  questions: readonly RemodelQuestion[];
}

const comorbidityQuestions = (codes: readonly ComorbidityField[]): RemodelQuestion[] =>
  codes.map((code) => ({ id: code, label: comorbidityLabels[code], fields: [code] }));

/** The nine tabs in the spec's order (docs/requirements.md §2), with the questions each holds (decision 0025). */
export const remodelTabs: readonly RemodelTab[] = [
  {
    id: 'patient-details',
    title: 'Patient details',
    questions: [
      { id: 'height', label: 'Height (cm)', fields: ['height'] },
      { id: 'weight', label: 'Weight (kg)', fields: ['weight'] },
      { id: 'sex', label: 'Sex', fields: ['sex'] },
      { id: 'ethnicGroup', label: 'Ethnic group', fields: ['ethnicGroup'] },
      { id: 'dateOfBirth', label: 'Date of birth', fields: ['dobDay', 'dobMonth', 'dobYear'] },
    ],
  },
  {
    id: 'circulatory',
    title: 'Diseases of the circulatory system',
    questions: comorbidityQuestions(['hypt', 'af', 'ihd', 'ang', 'valv', 'hfl', 'pvd']),
  },
  {
    id: 'respiratory',
    title: 'Diseases of the respiratory system',
    questions: comorbidityQuestions(['copd']),
  },
  {
    id: 'nervous',
    title: 'Diseases of the nervous system',
    questions: comorbidityQuestions(['dem', 'alz', 'pa']),
  },
  {
    id: 'skin',
    title: 'Diseases of the skin and subcutaneous tissue',
    questions: comorbidityQuestions(['ps']),
  },
  {
    id: 'endocrine',
    title: 'Endocrine, nutritional and metabolic diseases',
    questions: comorbidityQuestions(['idd', 'nidd', 'hypo', 'hype']),
  },
  {
    id: 'musculoskeletal',
    title: 'Diseases of the musculoskeletal system and connective tissue',
    questions: comorbidityQuestions(['ra', 'foa']),
  },
  {
    id: 'other-findings',
    title: 'Other clinical findings',
    questions: [{ id: 'smoking', label: 'Smoking status', fields: ['smoking'] }],
  },
  {
    id: 'laboratory',
    title: 'Laboratory results',
    questions: labFields.map((field) => ({
      id: field,
      label: `${labRules[field].label} (${labRules[field].unit})`,
      fields: [field],
    })),
  },
];

export const laboratoryTabIndex = remodelTabs.length - 1;

export type TabCompletion = 'empty' | 'half' | 'full';

/**
 * Recorded codes that say the answer is not known (smoking 9 unknown and Z not stated, ethnic group 99
 * not known and Z not stated): the models read them as missing and use their default
 * (docs/model-artifacts.md), so the tab status counts them as unanswered (decision 0035, Remodel).
 */
export const notKnownCodes: Partial<Record<RemodelField, readonly string[]>> = {
  smoking: ['9', 'Z'],
  ethnicGroup: ['99', 'Z'],
};

/** Whether a field holds an answer the model can use: not blank, and not a code for not known. */
export function isAnswered(field: RemodelField, values: Partial<RemodelValues>): boolean {
  const value = (values[field] ?? '').trim();
  return value !== '' && !(notKnownCodes[field] ?? []).includes(value);
}

/**
 * docs/requirements.md §4: empty when every question is unknown, full when every one is answered, else
 * half. An answer the model replaces with its default counts as unanswered (decision 0035, Remodel).
 */
export function tabCompletion(tab: RemodelTab, values: Partial<RemodelValues>): TabCompletion {
  const answered = tab.questions.filter((question) =>
    question.fields.every((field) => isAnswered(field, values)),
  ).length;
  if (answered === 0) return 'empty';
  return answered === tab.questions.length ? 'full' : 'half';
}

/** docs/requirements.md §5 messages, word for word. */
export const remodelMessages = {
  height: 'Please enter the height between a valid range in centimeter from 1 to 250',
  weight: 'Please enter the weight between a valid range in kg from 1 to 300',
  dateOfBirth: 'Please enter date of birth correctly.',
  labRange: (rule: LabRule) => `${rule.label} must be between ${rule.min} and ${rule.max}.`,
  labNumber: (rule: LabRule) => `${rule.label} must be a number.`,
  /** Our wording for the reference-range warning, whose text the spec does not give. */
  labUnits: (rule: LabRule) =>
    `${rule.label} is outside the usual range of ${rule.reference?.min ?? ''} to ${rule.reference?.max ?? ''} ${rule.unit}. Check that it was entered in ${rule.unit}.`,
  choose: (label: string) => `Select ${label.toLowerCase()}, or tick 'I do not know this information'`,
} as const;

// Plain decimal only (text-rules.ts), as the outcome's length of stay: "0x10" is not 16.
const numberOf = (text: string): number | null => plainDecimal(text) ?? null;

export type RemodelErrors = Partial<Record<RemodelField | 'dateOfBirth', string>>;

/** The key an error of a field is shown (and answered by the server) under. */
export const errorKeyOf = (field: RemodelField): RemodelField | 'dateOfBirth' =>
  field === 'dobDay' || field === 'dobMonth' || field === 'dobYear' ? 'dateOfBirth' : field;

function optionError(
  value: string,
  options: readonly { value: string }[],
  label: string,
): string | undefined {
  return value === '' || options.some((option) => option.value === value)
    ? undefined
    : remodelMessages.choose(label);
}

/**
 * Every blocking problem of a remodel record (docs/requirements.md §5), by field; `today` bounds the date of birth.
 * Blank is always allowed: it means 'I do not know this information'.
 */
export function remodelErrors(values: Partial<RemodelValues>, today = new Date()): RemodelErrors {
  const value = (field: RemodelField) => (values[field] ?? '').trim();
  const errors: RemodelErrors = {};
  const measure = (field: 'height' | 'weight', max: number) => {
    if (value(field) === '') return;
    const n = numberOf(value(field));
    if (n === null || n < 1 || n > max) errors[field] = remodelMessages[field];
  };
  measure('height', 250);
  measure('weight', 300);
  const sex = optionError(value('sex'), sexOptions, 'Sex');
  if (sex) errors.sex = sex;
  const ethnicGroup = optionError(value('ethnicGroup'), ethnicGroupOptions, 'Ethnic group');
  if (ethnicGroup) errors.ethnicGroup = ethnicGroup;
  const smoking = optionError(value('smoking'), smokingOptions, 'Smoking status');
  if (smoking) errors.smoking = smoking;
  for (const code of comorbidityFields) {
    const problem = optionError(value(code), yesNoOptions, comorbidityLabels[code]);
    if (problem) errors[code] = problem;
  }
  const [day, month, year] = [value('dobDay'), value('dobMonth'), value('dobYear')];
  if (day !== '' || month !== '' || year !== '') {
    const [d, m, y] = [day, month, year].map((part) => (/^\d{1,4}$/.test(part) ? Number(part) : NaN)) as [
      number,
      number,
      number,
    ];
    const inRange = d >= 1 && d <= 31 && m >= 1 && m <= 12 && y >= dateYears.min && y <= dateYears.max;
    const born = Date.UTC(y, m - 1, d);
    const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
    if (!inRange || !isCalendarDate(y, m, d) || born > todayUtc)
      errors.dateOfBirth = remodelMessages.dateOfBirth;
  }
  for (const field of labFields) {
    if (value(field) === '') continue;
    const rule = labRules[field];
    const n = numberOf(value(field));
    if (n === null) errors[field] = remodelMessages.labNumber(rule);
    else if (n < rule.min || n > rule.max) errors[field] = remodelMessages.labRange(rule);
  }
  return errors;
}

/** Lab values inside the hard range but outside the reference range: the units are queried. */
export function remodelWarnings(values: Partial<RemodelValues>): Partial<Record<LabField, string>> {
  const warnings: Partial<Record<LabField, string>> = {};
  for (const field of labFields) {
    const rule = labRules[field];
    const n = numberOf((values[field] ?? '').trim());
    if (n === null || !rule.reference || n < rule.min || n > rule.max) continue;
    if (n < rule.reference.min || n > rule.reference.max) warnings[field] = remodelMessages.labUnits(rule);
  }
  return warnings;
}

const asksFor = (question: RemodelQuestion, key: string) =>
  question.id === key || question.fields.some((field) => field === key);

/** The question that asks for a field (or for the date of birth), if any. */
export function questionOf(key: string): RemodelQuestion | undefined {
  for (const tab of remodelTabs) {
    const question = tab.questions.find((candidate) => asksFor(candidate, key));
    if (question) return question;
  }
  return undefined;
}

/** The tab a field's question is on. */
export function tabIndexOf(key: RemodelField | 'dateOfBirth'): number {
  return remodelTabs.findIndex((tab) => tab.questions.some((question) => asksFor(question, key)));
}

// Trimmed as it is kept: a line break or tab inside a value is refused, one around it is not.
const remodelValue = z.string().max(20).trim().check(singleLine);

const unknownWords = 'empty when not known';
const yesNoText = (label: string) => `${label}: 1 yes, 0 no, ${unknownWords}`;

/** What each remodel field holds, for the OpenAPI document, with a value it might hold. */
export const remodelFieldText: Record<RemodelField, { description: string; example: string }> = {
  height: { description: `Height in centimetres, 1 to 250; ${unknownWords}`, example: '165' },
  weight: { description: `Weight in kilograms, 1 to 300; ${unknownWords}`, example: '80.5' },
  sex: { description: `Sex: M or F; ${unknownWords}`, example: 'F' },
  ethnicGroup: {
    description: `NHS Data Dictionary ethnic category: A to S, Z not stated, 99 not known; ${unknownWords}`,
    example: 'A',
  },
  smoking: {
    description: `Smoking status: 1 current, 2 ex-smoker, 3 non-smoker (history not known), 4 never, Z not stated, 9 unknown; ${unknownWords}`,
    example: '4',
  },
  dobDay: {
    description: 'Day of the date of birth, 1 to 31 (the three parts are checked together)',
    example: '14',
  },
  dobMonth: { description: 'Month of the date of birth, 1 to 12', example: '3' },
  dobYear: { description: 'Year of the date of birth, four digits', example: '1951' },
  ...(Object.fromEntries(
    comorbidityFields.map((field) => [
      field,
      { description: yesNoText(comorbidityLabels[field]), example: '0' },
    ]),
  ) as Record<ComorbidityField, { description: string; example: string }>),
  ...(Object.fromEntries(
    labFields.map((field) => {
      const rule = labRules[field];
      return [
        field,
        {
          description: `${rule.label} in ${rule.unit}, ${rule.min} to ${rule.max}; ${unknownWords}`,
          example: String(rule.reference?.min ?? rule.min),
        },
      ];
    }),
  ) as Record<LabField, { description: string; example: string }>),
};

/**
 * The remodel record as GET answers it and PUT takes it (docs/requirements.md §3): the fields, all strings, and the
 * read-only facts about the pathway, which PUT accepts and ignores.
 */
export const remodelRecordSchema = z.object({
  id: z.string().describe('The pathway’s id (read-only)'),
  nhsNumber: z.string().nullable().describe('The patient’s NHS number (read-only)'),
  medicalRecordNumber: z.string().nullable().describe('The local patient identifier (read-only)'),
  firstName: z.string().nullable().describe('The patient’s first name (read-only)'),
  lastName: z.string().nullable().describe('The patient’s last name (read-only)'),
  operationType: z.string().describe('The procedure: knee, hip or knee-hip (read-only)'),
  isActive: z.boolean().describe('True while the pathway is on the active list (read-only)'),
  ...(Object.fromEntries(
    remodelFields.map((field) => [field, z.string().describe(remodelFieldText[field].description)]),
  ) as Record<RemodelField, z.ZodString>),
});
export type RemodelRecord = z.infer<typeof remodelRecordSchema>;

/**
 * What PUT reads: the remodel fields (a field left out keeps its stored value; '' or null means
 * unknown; numbers may also come as numbers, yes/no as booleans) and anything else GET returned,
 * which is ignored.
 */
const remodelRequestValue = z
  .union([remodelValue, z.number(), z.boolean(), z.null()])
  .optional()
  .transform((value) =>
    value === undefined
      ? undefined
      : value === null
        ? ''
        : typeof value === 'boolean'
          ? value
            ? '1'
            : '0'
          : String(value).trim(),
  );

export const remodelRequestSchema = z
  .object(
    Object.fromEntries(
      remodelFields.map((field) => [
        field,
        remodelRequestValue.meta({
          description: `${remodelFieldText[field].description}; left out: keeps its value`,
          example: remodelFieldText[field].example,
        }),
      ]),
    ) as Record<RemodelField, typeof remodelRequestValue>,
  )
  .loose();
export type RemodelRequest = z.input<typeof remodelRequestSchema>;
