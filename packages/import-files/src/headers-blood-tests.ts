import type { ColumnSpec } from './headers-waiting-list.js';
import { dateOfBirthColumn, identifierColumns } from './headers-waiting-list.js';
import type { LabCode } from './types.js';

// The blood-test file's columns and the names pathology extracts give them, with each test's units
// and ranges (docs/import-format.md): a table of data.

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
