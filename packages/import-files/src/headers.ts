import { outcomeFieldLabels } from './messages.js';
import { squash } from './values.js';
import type { ComorbidityCode, LabCode } from './types.js';

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

export interface LabSpec {
  key: LabCode;
  label: string;
  /**
   * docs/requirements.md §5 units and hard ranges: the range the model accepts, the data it was
   * developed on (outside it is a warning on import and a flag on the risk summary).
   */
  unit: string;
  min: number;
  max: number;
  /**
   * The values a living patient's result can have (docs/import-format.md "Possible values"): outside
   * them the result is an error of the laboratory system or of the extract, never applied.
   */
  possibleMin: number;
  possibleMax: number;
  aliases: string[];
}

// docs/requirements.md §5 (remodel lab hard ranges); aliases from import-data.md, including SNOMED CT and LOINC codes.
export const labSpecs: LabSpec[] = [
  {
    key: 'haemoglobin',
    label: 'Haemoglobin',
    unit: 'g/L',
    min: 50,
    max: 200,
    possibleMin: 30,
    possibleMax: 250,
    aliases: [
      'Haemoglobin',
      'Hemoglobin',
      'Hb',
      'HGB',
      'Haemoglobin (Hb)',
      'Hb Haemoglobin',
      '1022431000000105',
      '718-7',
    ],
  },
  {
    key: 'whiteBloodCount',
    label: 'White cell count',
    unit: '10^9/L',
    min: 0.5,
    max: 30,
    possibleMin: 0,
    possibleMax: 1000,
    aliases: [
      'WBC',
      'WCC',
      'White cell count',
      'White blood count',
      'White blood cell count',
      'White blood cells',
      'Total white cell count',
      'Leucocytes',
      'Leukocytes',
      'White count',
      '1022541000000102',
      '6690-2',
    ],
  },
  {
    key: 'plateletCount',
    label: 'Platelet count',
    unit: '10^9/L',
    min: 50,
    max: 600,
    possibleMin: 0,
    possibleMax: 5000,
    aliases: ['PLT', 'Platelets', 'Platelet count', 'Plat', 'Plt count', '1022651000000100', '777-3'],
  },
  {
    key: 'urea',
    label: 'Urea',
    unit: 'mmol/L',
    min: 1,
    max: 15,
    possibleMin: 0.1,
    possibleMax: 200,
    aliases: ['Urea', 'Serum urea', 'Plasma urea', 'Ur', '1000951000000103', '22664-7'],
  },
  {
    key: 'creatinine',
    label: 'Creatinine',
    unit: 'µmol/L',
    min: 10,
    max: 200,
    possibleMin: 5,
    possibleMax: 3000,
    aliases: [
      'Creatinine',
      'Creat',
      'Crea',
      'Cr',
      'Serum creatinine',
      'Plasma creatinine',
      '1000731000000107',
      '14682-9',
      '2160-0',
    ],
  },
  {
    key: 'egfr',
    label: 'eGFR',
    unit: 'ml/min',
    min: 15,
    max: 150,
    possibleMin: 1,
    possibleMax: 250,
    aliases: [
      'eGFR',
      'GFR',
      'Estimated GFR',
      'eGFR CKD-EPI',
      'eGFR (CKD-EPI)',
      'eGFR MDRD',
      'Estimated glomerular filtration rate',
      '1011481000000105',
      '33914-3',
      '62238-1',
      '98979-8',
    ],
  },
  {
    key: 'sodium',
    label: 'Sodium',
    unit: 'mmol/L',
    min: 100,
    max: 160,
    possibleMin: 80,
    possibleMax: 250,
    aliases: ['Sodium', 'Na', 'Na+', 'Serum sodium', 'Plasma sodium', '1000661000000107', '2951-2'],
  },
  {
    key: 'albumin',
    label: 'Albumin',
    unit: 'g/L',
    min: 5,
    max: 100,
    possibleMin: 1,
    possibleMax: 100,
    aliases: ['Albumin', 'Alb', 'Serum albumin', 'Plasma albumin', '1000821000000103', '1751-7'],
  },
  {
    key: 'crp',
    label: 'CRP',
    unit: 'mg/L',
    min: 0.01,
    max: 100,
    possibleMin: 0,
    possibleMax: 1000,
    aliases: [
      'CRP',
      'C-reactive protein',
      'C reactive protein',
      'Serum CRP',
      'hs-CRP',
      '1001371000000100',
      '1988-5',
    ],
  },
];

/** Long-format pathology columns (one row per result). */
export const bloodLongColumns: ColumnSpec[] = [
  ...identifierColumns,
  dateOfBirthColumn,
  {
    key: 'testName',
    header: 'Test Name',
    label: 'Test name',
    aliases: [
      'Test Name',
      'Test',
      'Test Description',
      'Analyte',
      'Analyte Name',
      'Investigation',
      'Observation',
      'Observation Name',
      'Test Type',
      'Result Name',
      'Component',
      'Examination',
    ],
  },
  {
    key: 'testCode',
    header: 'Test Code',
    label: 'Test code',
    aliases: [
      'Test Code',
      'Analyte Code',
      'Observation Code',
      'SNOMED Code',
      'SNOMED',
      'SNOMED CT Code',
      'Read Code',
      'LOINC',
      'LOINC Code',
      '~Code',
    ],
  },
  {
    key: 'result',
    header: 'Result',
    label: 'Result',
    aliases: [
      'Result',
      'Value',
      'Result Value',
      'Observation Value',
      'Numeric Result',
      'Result Text',
      'Reading',
    ],
  },
  {
    key: 'unit',
    header: 'Unit',
    label: 'Unit',
    aliases: ['Unit', 'Units', 'Result Unit', 'Result Units', 'UOM', 'Unit of Measure'],
  },
  {
    key: 'sampleDate',
    header: 'Sample Date',
    label: 'Sample date',
    aliases: [
      'Sample Date',
      'Collected Date',
      'Collection Date',
      'Date Collected',
      'Sample Taken Date',
      'Sample Taken',
      'Specimen Date',
      'Collection Date Time',
      'Collected Date Time',
      'Sample Date Time',
      'Sample Collected',
      'Specimen Collected Date',
      'Date Taken',
      'Test Date',
      '~Observation Date',
      '~Result Date',
      '~Reported Date',
      '~Date',
    ],
  },
];

/**
 * The outcomes file's columns (docs/import-format.md "Outcomes file"), in the template's order: what
 * happened after each operation, one row per operation, the same columns for every procedure.
 */
export const outcomesColumns: ColumnSpec[] = [
  ...identifierColumns,
  {
    key: 'dateOfOperation',
    header: 'Date of Operation',
    label: outcomeFieldLabels.dateOfOperation,
    aliases: [
      'Date of Operation',
      'Operation Date',
      'Date of Surgery',
      'Surgery Date',
      'Procedure Date',
      'Admission Date (Operation)',
      'OPDATE',
      'Date Operated',
      'Operated On',
      'Theatre Date',
      'Date of Procedure',
    ],
  },
  {
    key: 'complication90Days',
    header: 'Complication within 90 days',
    label: outcomeFieldLabels.complication90Days,
    aliases: [
      'Complication within 90 days',
      'Complication',
      'Complication (90 days)',
      'Any Complication',
      'Post-op Complication',
      'Postoperative Complication',
      'Adverse Event',
      '90 Day Complication',
    ],
  },
  {
    key: 'complicationType',
    header: 'Complication Type',
    label: outcomeFieldLabels.complicationType,
    aliases: [
      'Complication Type',
      'Type of Complication',
      'Complication Details',
      'Complication Description',
      'Complication Detail',
      'Adverse Event Type',
      'Adverse Event Details',
    ],
  },
  {
    key: 'readmission30Days',
    header: 'Readmission within 30 days',
    label: outcomeFieldLabels.readmission30Days,
    aliases: [
      'Readmission within 30 days',
      'Readmission',
      'Readmission (30 days)',
      'Readmitted',
      'Readmitted within 30 days',
      'Readmitted 30 Days',
      '30 Day Readmission',
      'Emergency Readmission',
    ],
  },
  {
    key: 'lengthOfStayDays',
    header: 'Length of Stay (days)',
    label: outcomeFieldLabels.lengthOfStayDays,
    aliases: [
      'Length of Stay (days)',
      'Length of Stay',
      'LOS',
      'LOS Days',
      'Spell LOS',
      'Inpatient Days',
      'Bed Days',
    ],
  },
  {
    key: 'death90Days',
    header: 'Death within 90 days',
    label: outcomeFieldLabels.death90Days,
    aliases: [
      'Death within 90 days',
      'Death',
      'Death (90 days)',
      'Died',
      'Died within 90 days',
      'Died 90 Days',
      '90 Day Mortality',
      'Mortality (90 days)',
      'Deceased',
    ],
  },
];

export interface HeaderMatch {
  key: string;
  /** 2 for a name, 1 for a weaker alias. */
  strength: number;
}

function buildTable(columns: ColumnSpec[]): Map<string, HeaderMatch> {
  const table = new Map<string, HeaderMatch>();
  for (const column of columns) {
    for (const alias of [column.header, column.key, ...column.aliases]) {
      const weak = alias.startsWith('~');
      const name = squash(weak ? alias.slice(1) : alias);
      if (!table.has(name)) table.set(name, { key: column.key, strength: weak ? 1 : 2 });
    }
  }
  return table;
}

export const waitingListHeaderTable = buildTable(waitingListColumns);
export const bloodLongHeaderTable = buildTable(bloodLongColumns);
export const outcomesHeaderTable = buildTable(outcomesColumns);
export const labHeaderTable = buildTable(
  labSpecs.map((lab) => ({ key: lab.key, header: lab.label, label: lab.label, aliases: lab.aliases })),
);
/** Test names and codes as they appear in a long file's rows. */
export const labNameTable = new Map<string, LabCode>(
  [...labHeaderTable].map(([name, match]) => [name, match.key as LabCode]),
);

/** A header cell's unit in brackets, `Haemoglobin (g/L)`, kept for the values under it. */
export interface HeaderCell {
  squashed: string;
  /** The text without a trailing `(…)`, squashed; null when there was none. */
  base: string | null;
  unit: string | null;
}

/**
 * A trimmed header's trailing bracket, `(…)` or `[…]` with no bracket inside, and the text before it,
 * found by looking back from the end (an expression would look again from each of many brackets).
 * Text before the bracket that runs over more than one line is not a name with a unit.
 */
function trailingBracket(text: string): { base: string; unit: string } | null {
  const last = text.charCodeAt(text.length - 1);
  if (last !== 41 && last !== 93) return null;
  for (let i = text.length - 2; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 41 || c === 93) return null;
    if (c === 40 || c === 91) {
      const base = text.slice(0, i).trimEnd();
      return /[\n\r\u2028\u2029]/.test(base) ? null : { base, unit: text.slice(i + 1, -1) };
    }
  }
  return null;
}

export function readHeaderCell(raw: string): HeaderCell {
  const text = raw.replace(/^\uFEFF/, '').trim();
  const bracket = trailingBracket(text);
  return {
    squashed: squash(text),
    base: bracket ? squash(bracket.base) : null,
    unit: bracket ? bracket.unit.trim() : null,
  };
}

export function matchHeader(table: Map<string, HeaderMatch>, cell: HeaderCell): HeaderMatch | undefined {
  if (cell.squashed.length === 0) return undefined;
  return table.get(cell.squashed) ?? (cell.base ? table.get(cell.base) : undefined);
}

export interface ColumnMapping {
  /** Column index for each field key used. */
  columns: Map<string, number>;
  /** Unit written in the header of a field's column, if any. */
  units: Map<string, string>;
  unexpected: string[];
  duplicates: { used: string; ignored: string }[];
}

/**
 * Maps header cells to field keys with the given tables (earlier tables win a name both know). Two
 * columns for one field: the stronger name wins, then the first.
 */
export function mapHeader(cells: string[], tables: Map<string, HeaderMatch>[]): ColumnMapping {
  const best = new Map<string, { index: number; strength: number }>();
  const all: { index: number; key: string; strength: number }[] = [];
  const unexpected: string[] = [];
  cells.forEach((raw, index) => {
    const cell = readHeaderCell(raw);
    if (cell.squashed.length === 0) return;
    let match: HeaderMatch | undefined;
    for (const table of tables) {
      match = matchHeader(table, cell);
      if (match) break;
    }
    if (!match) {
      unexpected.push(raw.replace(/^\uFEFF/, '').trim());
      return;
    }
    all.push({ index, key: match.key, strength: match.strength });
    const current = best.get(match.key);
    if (!current || match.strength > current.strength)
      best.set(match.key, { index, strength: match.strength });
  });
  const columns = new Map<string, number>();
  const units = new Map<string, string>();
  for (const [key, { index }] of best) {
    columns.set(key, index);
    const unit = readHeaderCell(cells[index]!).unit;
    if (unit) units.set(key, unit);
  }
  const duplicates = all
    .filter((c) => columns.get(c.key) !== c.index)
    .map((c) => ({ used: cells[columns.get(c.key)!]!.trim(), ignored: cells[c.index]!.trim() }));
  return { columns, units, unexpected, duplicates };
}

// The outcomes table last: a name the others know keeps its meaning, and an outcomes file's header
// (an identifier, the date of operation, the complication) still scores its columns.
const everyTable = [waitingListHeaderTable, bloodLongHeaderTable, labHeaderTable, outcomesHeaderTable];

/** How many distinct known fields a row names: the header is the row that names most. */
export function scoreHeaderRow(cells: string[]): number {
  const seen = new Set<string>();
  for (const raw of cells) {
    if (raw.length === 0 || raw.length > 100) continue;
    const cell = readHeaderCell(raw);
    for (const table of everyTable) {
      const match = matchHeader(table, cell);
      if (match) {
        seen.add(match.key);
        break;
      }
    }
  }
  return seen.size;
}

const waitingListOnly = new Set(
  waitingListColumns.map((c) => c.key).filter((k) => k !== 'nhsNumber' && k !== 'localPatientIdentifier'),
);
const bloodOnly = new Set([...bloodLongColumns.map((c) => c.key), ...labSpecs.map((l) => l.key)]);
bloodOnly.delete('nhsNumber');
bloodOnly.delete('localPatientIdentifier');
bloodOnly.delete('dateOfBirth');

/** Which kind of file a header belongs to, by how many of each kind's own columns it names. */
export function headerKindScores(cells: string[]): { waitingList: number; blood: number } {
  let waitingList = 0;
  let blood = 0;
  for (const raw of cells) {
    const cell = readHeaderCell(raw);
    const wl = matchHeader(waitingListHeaderTable, cell);
    if (wl && waitingListOnly.has(wl.key)) waitingList++;
    const bl = matchHeader(bloodLongHeaderTable, cell) ?? matchHeader(labHeaderTable, cell);
    if (bl && bloodOnly.has(bl.key)) blood++;
  }
  return { waitingList, blood };
}
