import type { ComorbidityCode } from './types.js';

// The waiting list's columns and the names extracts give them (docs/import-format.md), with the
// identifier and date of birth columns that the other files share.

/**
 * A column we read. `header` is the template's name for it (docs/import-format.md), `label` how
 * messages name it, `aliases` what PAS, WLMDS and pathology extracts call it. An alias marked with a
 * leading `~` is a weaker name: it is used only when no column has a stronger one.
 */
export interface ColumnSpec {
  key: string;
  header: string;
  label: string;
  aliases: string[];
}

/** How diff_headers names a missing identifier: either column will do. */
export const identifierEither = 'NHS Number or Local Patient Identifier';

export const identifierColumns: ColumnSpec[] = [
  {
    key: 'nhsNumber',
    header: 'NHS Number',
    label: 'NHS number',
    aliases: [
      'NHS Number',
      'NHS No',
      'NHSNumber',
      'nhs_number',
      'NHS',
      'NHS Num',
      'Patient NHS Number',
      'New NHS Number',
    ],
  },
  {
    key: 'localPatientIdentifier',
    header: 'Local Patient Identifier',
    label: 'Local patient identifier',
    aliases: [
      'Local Patient Identifier',
      'local_patient_identifier',
      'Hospital Number',
      'Hospital No',
      'MRN',
      'Medical Record Number',
      'PAS Number',
      'PAS No',
      'PAS ID',
      'Hospital ID',
      'Case Note Number',
      'Case Note No',
      'Casenote Number',
      'CRN',
      'Unit Number',
      'District Number',
      'Local ID',
      'Local Identifier',
      'Local Patient ID',
      '~Patient ID',
      '~Patient Number',
    ],
  },
];

export const comorbidityColumns: (ColumnSpec & { key: ComorbidityCode })[] = [
  {
    key: 'hypt',
    header: 'Hypertension',
    label: 'Hypertension',
    aliases: ['Hypertension', 'hypt', 'High Blood Pressure', 'HTN'],
  },
  {
    key: 'af',
    header: 'Atrial Fibrillation',
    label: 'Atrial fibrillation',
    aliases: ['Atrial Fibrillation', 'AF'],
  },
  {
    key: 'ihd',
    header: 'Ischaemic Heart Disease',
    label: 'Ischaemic heart disease',
    aliases: ['Ischaemic Heart Disease', 'Ischemic Heart Disease', 'IHD', 'Coronary Heart Disease'],
  },
  { key: 'ang', header: 'Angina', label: 'Angina', aliases: ['Angina', 'ang'] },
  {
    key: 'valv',
    header: 'Valvular Heart Disease',
    label: 'Valvular heart disease',
    aliases: ['Valvular Heart Disease', 'Valve Disease', 'Heart Valve Disease', 'valv'],
  },
  {
    key: 'hfl',
    header: 'Heart Failure',
    label: 'Heart failure',
    aliases: ['Heart Failure', 'hfl', 'HF', 'Cardiac Failure'],
  },
  {
    key: 'pvd',
    header: 'Peripheral Vascular Disease',
    label: 'Peripheral vascular disease',
    aliases: ['Peripheral Vascular Disease', 'PVD', 'Peripheral Arterial Disease', 'PAD'],
  },
  {
    key: 'copd',
    header: 'COPD',
    label: 'COPD',
    aliases: ['COPD', 'Chronic Obstructive Pulmonary Disease'],
  },
  { key: 'dem', header: 'Dementia', label: 'Dementia', aliases: ['Dementia', 'dem'] },
  {
    key: 'alz',
    header: "Alzheimer's Disease",
    label: "Alzheimer's disease",
    aliases: ["Alzheimer's Disease", "Alzheimer's", 'Alzheimers', 'alz'],
  },
  {
    key: 'pa',
    header: "Parkinson's Disease",
    label: "Parkinson's disease",
    aliases: ["Parkinson's Disease", "Parkinson's", 'Parkinsons', 'pa'],
  },
  { key: 'ps', header: 'Psoriasis', label: 'Psoriasis', aliases: ['Psoriasis', 'ps'] },
  {
    key: 'idd',
    header: 'Insulin-Dependent Diabetes',
    label: 'Insulin-dependent diabetes',
    aliases: [
      'Insulin-Dependent Diabetes',
      'Insulin Dependent Diabetes',
      'Insulin-Dependent Diabetes Mellitus',
      'IDD',
      'IDDM',
      'Type 1 Diabetes',
      'Diabetes Type 1',
      'T1DM',
    ],
  },
  {
    key: 'nidd',
    header: 'Non-Insulin-Dependent Diabetes',
    label: 'Non-insulin-dependent diabetes',
    aliases: [
      'Non-Insulin-Dependent Diabetes',
      'Non Insulin Dependent Diabetes',
      'Non-Insulin-Dependent Diabetes Mellitus',
      'NIDD',
      'NIDDM',
      'Type 2 Diabetes',
      'Diabetes Type 2',
      'T2DM',
    ],
  },
  {
    key: 'hypo',
    header: 'Hypothyroidism',
    label: 'Hypothyroidism',
    aliases: ['Hypothyroidism', 'hypo', 'Underactive Thyroid'],
  },
  {
    key: 'hype',
    header: 'Hyperthyroidism',
    label: 'Hyperthyroidism',
    aliases: ['Hyperthyroidism', 'hype', 'Overactive Thyroid'],
  },
  {
    key: 'ra',
    header: 'Rheumatoid Arthritis',
    label: 'Rheumatoid arthritis',
    aliases: ['Rheumatoid Arthritis', 'RA'],
  },
  {
    key: 'foa',
    header: 'Other Osteoarthritis',
    label: 'Other osteoarthritis',
    aliases: ['Other Osteoarthritis', 'foa', 'Osteoarthritis Other', 'Other OA'],
  },
];

/**
 * The date of birth, in the waiting list and, optionally, the blood-test file: a blood row whose date
 * of birth is not the list's for its NHS number is refused (decision 0055).
 */
export const dateOfBirthColumn: ColumnSpec = {
  key: 'dateOfBirth',
  header: 'Date of Birth',
  label: 'Date of birth',
  aliases: ['Date of Birth', 'DOB', 'Birth Date', 'Birthdate', 'Patient DOB', 'person_birth_date', 'D.O.B.'],
};

/** docs/requirements.md §5 waiting-list columns, in the template's order. */
export const waitingListColumns: ColumnSpec[] = [
  ...identifierColumns,
  {
    key: 'firstName',
    header: 'Forename',
    label: 'Forename',
    aliases: [
      'Forename',
      'Forenames',
      'First Name',
      'First Names',
      'Given Name',
      'Given Names',
      'Patient Forename',
    ],
  },
  {
    key: 'lastName',
    header: 'Surname',
    label: 'Surname',
    aliases: ['Surname', 'Last Name', 'Family Name', 'Patient Surname'],
  },
  dateOfBirthColumn,
  {
    key: 'sex',
    header: 'Sex',
    label: 'Sex',
    aliases: ['Sex', 'Gender', 'person_stated_gender_code', 'Sex Code', 'Gender Code', 'Person Gender Code'],
  },
  {
    key: 'ethnicGroup',
    header: 'Ethnic Category',
    label: 'Ethnic category',
    aliases: [
      'Ethnic Category',
      'Ethnicity',
      'ethnic_category',
      'Ethnic Group',
      'Ethnic Category Code',
      'Ethnic Origin',
    ],
  },
  {
    key: 'height',
    header: 'Height (cm)',
    label: 'Height',
    aliases: ['Height (cm)', 'Height', 'Height in cm', 'Patient Height'],
  },
  {
    key: 'weight',
    header: 'Weight (kg)',
    label: 'Weight',
    aliases: ['Weight (kg)', 'Weight', 'Weight in kg', 'Patient Weight'],
  },
  {
    key: 'smoking',
    header: 'Smoking',
    label: 'Smoking',
    aliases: ['Smoking', 'Smoking Status', 'Smoker', 'Smoking Status Code', 'Tobacco Use'],
  },
  {
    key: 'operationType',
    header: 'Operation Type',
    label: 'Operation type',
    aliases: [
      'Operation Type',
      'Procedure',
      'proposed_procedure_opcs_code',
      'OPCS Code',
      'Planned Procedure',
      'Intended Procedure',
      'Proposed Procedure',
      'Operation',
      'Procedure Code',
      'Primary Procedure',
    ],
  },
  {
    key: 'referralDate',
    header: 'Referral Date',
    label: 'Referral date',
    aliases: [
      'Referral Date',
      'referral_request_received_date',
      'Referral Received Date',
      'Referral Received',
      'Date Referral Received',
      'Referral Request Received Date',
      'Date of Referral',
    ],
  },
  {
    // Decision 0044: the wait is counted from it. A file with a clock start and no referral date
    // column takes the clock start as the referral date too (waiting-list.ts).
    key: 'clockStart',
    header: 'RTT Clock Start',
    label: 'RTT clock start',
    aliases: [
      'RTT Clock Start',
      'RTT Clock Start Date',
      'Clock Start',
      'Clock Start Date',
      'RTT Period Start',
      'RTT Period Start Date',
      'RTT Start',
      'RTT Start Date',
      'referral_to_treatment_period_start_date',
    ],
  },
  {
    key: 'tciDate',
    header: 'TCI Date',
    label: 'TCI date',
    aliases: [
      'TCI Date',
      'TCI',
      'tci_date',
      'To Come In Date',
      'TCI Dt',
      'Admission Date',
      '~decision_to_admit_date',
    ],
  },
  {
    key: 'surgeonName',
    header: 'Consultant Surgeon',
    label: 'Consultant surgeon',
    aliases: [
      'Consultant Surgeon',
      'Consultant',
      'Surgeon',
      'Surgeon Name',
      'Consultant Name',
      'Responsible Consultant',
      '~consultant_code',
    ],
  },
  {
    key: 'priority',
    header: 'Priority',
    label: 'Priority',
    aliases: [
      'Priority',
      'procedure_priority_code',
      'Priority Code',
      'Clinical Priority',
      'Procedure Priority',
      'Urgency',
    ],
  },
  {
    key: 'priorityDate',
    header: 'Priority Date',
    label: 'Priority date',
    aliases: [
      'Priority Date',
      'Priority Set Date',
      'Date Priority Set',
      'Priority Assigned Date',
      'Date Priority Assigned',
      'Clinical Priority Date',
      'Priority Code Date',
      'procedure_priority_date',
    ],
  },
  {
    key: 'lastValidatedOn',
    header: 'Last Validated Date',
    label: 'Last validated date',
    aliases: [
      'Last Validated Date',
      'Last Validated',
      'Last Validated On',
      'Date Last Validated',
      'Last Validation Date',
      'Last Validation',
      'Validation Date',
      'Date of Last Validation',
      'last_validation_date',
    ],
  },
  {
    key: 'surgery',
    header: 'Surgery Readiness',
    label: 'Surgery readiness',
    aliases: ['Surgery Readiness', 'Readiness for Surgery', 'Surgery', 'Readiness', 'Surgical Readiness'],
  },
  {
    key: 'social',
    header: 'Social',
    label: 'Social',
    aliases: ['Social', 'Social Aspects', 'Social Concerns', 'Social Factors'],
  },
  ...comorbidityColumns,
];
