import { describe, expect, it } from 'vitest';
import {
  bloodLongHeaderTable,
  comorbidityColumns,
  headerKindScores,
  labHeaderTable,
  mapHeader,
  scoreHeaderRow,
  waitingListHeaderTable,
} from '../src/headers.js';

const key = (table: typeof waitingListHeaderTable, header: string) =>
  mapHeader([header], [table]).columns.keys().next().value ?? null;

describe('waiting-list header aliases', () => {
  it.each([
    [
      'nhsNumber',
      ['NHS Number', 'NHS No', 'NHS No.', 'NHSNumber', 'nhs_number', 'nhs number ', 'NHS-Number'],
    ],
    [
      'localPatientIdentifier',
      [
        'Hospital Number',
        'MRN',
        'Hospital No',
        'Local Patient Identifier',
        'local_patient_identifier',
        'PAS Number',
        'Case Note Number',
      ],
    ],
    ['firstName', ['Forename', 'First Name', 'Given Name', 'FORENAME']],
    ['lastName', ['Surname', 'Last Name', 'Family Name']],
    ['dateOfBirth', ['Date of Birth', 'DOB', 'D.O.B.', 'Birth Date']],
    ['sex', ['Sex', 'Gender', 'person_stated_gender_code']],
    ['ethnicGroup', ['Ethnic Category', 'Ethnicity', 'ethnic_category']],
    ['height', ['Height (cm)', 'Height', 'Height [cm]']],
    ['weight', ['Weight (kg)', 'Weight']],
    ['smoking', ['Smoking', 'Smoking Status']],
    ['operationType', ['Operation Type', 'Procedure', 'proposed_procedure_opcs_code']],
    ['referralDate', ['Referral Date', 'referral_request_received_date', 'Referral Received Date']],
    // Decision 0044: the RTT clock start's names, the referral date's until then.
    [
      'clockStart',
      [
        'RTT Clock Start',
        'Clock Start',
        'Clock Start Date',
        'RTT Period Start Date',
        'RTT Period Start',
        'RTT Start',
        'RTT Start Date',
        'RTT_START_DATE',
        'referral_to_treatment_period_start_date',
        'Clock Start Date (RTT)',
      ],
    ],
    ['tciDate', ['TCI Date', 'TCI', 'tci_date', 'To Come In Date']],
    ['surgeonName', ['Consultant', 'Consultant Surgeon', 'Surgeon', 'Surgeon Name']],
    ['priority', ['Priority', 'procedure_priority_code', 'Clinical Priority', 'Priority Code']],
    [
      'priorityDate',
      [
        'Priority Date',
        'Priority Set Date',
        'Date Priority Set',
        'Priority Assigned Date',
        'Clinical Priority Date',
        'procedure_priority_date',
        'PRIORITY_DATE',
      ],
    ],
    [
      'lastValidatedOn',
      [
        'Last Validated Date',
        'Last Validated',
        'Date Last Validated',
        'Last Validation Date',
        'Validation Date',
        'Date of Last Validation',
        'Last Validated (dd/mm/yyyy)',
      ],
    ],
    ['surgery', ['Surgery Readiness', 'Readiness for Surgery']],
    ['social', ['Social', 'Social Aspects']],
  ])('%s', (field, names) => {
    for (const name of names) expect(key(waitingListHeaderTable, name), name).toBe(field);
  });

  it.each([
    ['hypt', ['Hypertension', 'hypt']],
    ['af', ['Atrial Fibrillation', 'AF', 'af']],
    ['ihd', ['Ischaemic Heart Disease', 'IHD']],
    ['ang', ['Angina']],
    ['valv', ['Valvular Heart Disease', 'Valve Disease']],
    ['hfl', ['Heart Failure', 'hfl']],
    ['pvd', ['Peripheral Vascular Disease', 'PVD']],
    ['copd', ['COPD', 'Chronic Obstructive Pulmonary Disease']],
    ['dem', ['Dementia']],
    ['alz', ["Alzheimer's", "Alzheimer's Disease", 'Alzheimers']],
    ['pa', ["Parkinson's Disease", 'pa']],
    ['ps', ['Psoriasis', 'ps']],
    ['idd', ['Insulin-dependent diabetes', 'IDD', 'Type 1 diabetes']],
    ['nidd', ['Non-insulin-dependent diabetes', 'NIDD', 'Type 2 diabetes']],
    ['hypo', ['Hypothyroidism']],
    ['hype', ['Hyperthyroidism']],
    ['ra', ['Rheumatoid Arthritis', 'RA']],
    ['foa', ['Other Osteoarthritis', 'foa']],
  ])('comorbidity %s', (field, names) => {
    for (const name of names) expect(key(waitingListHeaderTable, name), name).toBe(field);
  });

  it('covers all 18 comorbidities of docs/requirements.md §3', () => {
    expect(comorbidityColumns.map((c) => c.key)).toEqual([
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
    ]);
  });

  it('prefers a strong name to a weak one, and reports the column left out', () => {
    const mapping = mapHeader(['decision_to_admit_date', 'TCI Date', 'Ward'], [waitingListHeaderTable]);
    expect(mapping.columns.get('tciDate')).toBe(1);
    expect(mapping.duplicates).toEqual([{ used: 'TCI Date', ignored: 'decision_to_admit_date' }]);
    expect(mapping.unexpected).toEqual(['Ward']);
  });

  it('keeps the unit written in a header', () => {
    expect(mapHeader(['Hb (g/dL)'], [labHeaderTable]).units.get('haemoglobin')).toBe('g/dL');
  });

  it('strips a byte order mark stuck to the first header', () => {
    expect(key(waitingListHeaderTable, '\uFEFFNHS Number')).toBe('nhsNumber');
  });
});

describe('blood-test header aliases', () => {
  it.each([
    ['testName', ['Test Name', 'Test', 'Analyte', 'Investigation', 'Test Description']],
    ['testCode', ['Test Code', 'SNOMED Code', 'Analyte Code']],
    ['result', ['Result', 'Value', 'Result Value']],
    ['unit', ['Unit', 'Units', 'UOM']],
    ['sampleDate', ['Sample Date', 'Collected Date', 'Collection Date', 'Specimen Date', 'Date Collected']],
  ])('%s', (field, names) => {
    for (const name of names) expect(key(bloodLongHeaderTable, name), name).toBe(field);
  });

  it.each([
    ['haemoglobin', ['Hb', 'HGB', 'Haemoglobin', 'Hemoglobin', '1022431000000105']],
    ['whiteBloodCount', ['WBC', 'White cell count', 'White blood count', 'WCC', '1022541000000102']],
    ['plateletCount', ['PLT', 'Platelets', 'Platelet count', '1022651000000100']],
    ['urea', ['Urea', '1000951000000103']],
    ['creatinine', ['Creat', 'Creatinine', '1000731000000107']],
    ['egfr', ['eGFR', 'GFR', '1011481000000105']],
    ['sodium', ['Na', 'Sodium', '1000661000000107']],
    ['albumin', ['Alb', 'Albumin', '1000821000000103']],
    ['crp', ['CRP', 'C-reactive protein', '1001371000000100']],
  ])('test %s', (field, names) => {
    for (const name of names) expect(key(labHeaderTable, name), name).toBe(field);
  });
});

describe('finding the header row', () => {
  it('scores a row by the distinct fields it names', () => {
    expect(scoreHeaderRow(['ORTHOPAEDIC PTL', '', ''])).toBe(0);
    expect(scoreHeaderRow(['NHS No', 'Surname', 'DOB', 'Notes'])).toBe(3);
    expect(scoreHeaderRow(['NHS No', 'NHS Number'])).toBe(1);
  });

  it("tells a waiting list's header from a blood file's", () => {
    expect(headerKindScores(['NHS Number', 'Test Name', 'Result', 'Sample Date'])).toEqual({
      waitingList: 0,
      blood: 3,
    });
    expect(headerKindScores(['NHS Number', 'Forename', 'Surname', 'DOB'])).toEqual({
      waitingList: 3,
      blood: 0,
    });
  });
});
