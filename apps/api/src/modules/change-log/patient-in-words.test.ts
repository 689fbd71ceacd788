import { describe, expect, it } from 'vitest';
import { pathwayChangeAction, patientInWords, type PathwayOfChange } from './patient-in-words.js';

const pathway = (values: Partial<PathwayOfChange>): PathwayOfChange => ({
  id: '01a24a92-5c1e-7f00-8e2b-3a4c5d6e7f80',
  procedure_code: 'knee',
  nhs_number: '9990000026',
  local_patient_identifier: 'RAN200001',
  first_name: 'Siobhán',
  last_name: "O'Brien",
  ...values,
});

describe('the patient a change log entry names (decision 0051)', () => {
  it('gives the initials and the last four digits of the NHS number, never the name or the number', () => {
    const words = patientInWords(pathway({}));
    expect(words).toBe('patient S O, NHS number ending 0026');
    expect(words).not.toMatch(/Siobh|Brien|999000/);
    expect(pathwayChangeAction('Remodelled', pathway({ procedure_code: 'hip' }))).toBe(
      'Remodelled for patient S O, NHS number ending 0026 (hip)',
    );
  });

  it('takes the first letter of each name, whatever comes before it, accents and all', () => {
    expect(patientInWords(pathway({ first_name: 'łukasz', last_name: '  Nowak' }))).toBe(
      'patient Ł N, NHS number ending 0026',
    );
    expect(patientInWords(pathway({ first_name: '"Jo"', last_name: "'t Hooft" }))).toBe(
      'patient J T, NHS number ending 0026',
    );
    expect(patientInWords(pathway({ first_name: 'Zoë', last_name: null }))).toBe(
      'patient Z, NHS number ending 0026',
    );
  });

  it('falls back to the end of a hospital number of 8 or more characters when there is no NHS number', () => {
    expect(patientInWords(pathway({ nhs_number: null }))).toBe('patient S O, hospital number ending 0001');
    expect(patientInWords(pathway({ nhs_number: '', local_patient_identifier: ' K12345 ' }))).toBe(
      'patient S O',
    );
    // A number that is not 10 digits is not read as an NHS number.
    expect(patientInWords(pathway({ nhs_number: '99900000', local_patient_identifier: null }))).toBe(
      'patient S O',
    );
  });

  it('says what it has when a name or every identifier is missing', () => {
    expect(patientInWords(pathway({ first_name: null, last_name: ' ' }))).toBe(
      'patient with NHS number ending 0026',
    );
    expect(
      patientInWords(
        pathway({ first_name: null, last_name: null, nhs_number: null, local_patient_identifier: null }),
      ),
    ).toBe('a patient with no name or number recorded');
  });
});
