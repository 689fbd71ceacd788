import { describe, expect, it } from 'vitest';
import { resultMeetsPathway, withResults, type KeptResult } from './received-results.js';

const result = (overrides: Partial<KeptResult>): KeptResult => ({
  nhsNumber: '9990000026',
  localPatientIdentifier: 'ZZP000001',
  lab: 'haemoglobin',
  value: 120,
  takenAt: '2026-11-19T08:30:00.000Z',
  takenOn: '2026-11-19',
  status: 'final',
  birthDate: '1951-03-14',
  ...overrides,
});

// As an import writes it: the record's fields, then the labs in the inputs' order.
const imported = {
  clinical: { height: 160, weight: 72, sex: 'F', haemoglobin: 128, albumin: 41, egfr: 70 },
  lab_dates: { sampled: '2026-10-12', egfr: '2026-09-01' },
};

describe('withResults', () => {
  it('takes a newer result and moves the sample dates as the import writes them', () => {
    const update = withResults(imported, [result({ value: 102 })])!;
    expect(update.changed).toEqual([{ lab: 'haemoglobin', before: 128, after: 102 }]);
    expect(Object.keys(update.clinical)).toEqual([
      'height',
      'weight',
      'sex',
      'haemoglobin',
      'egfr',
      'albumin',
    ]);
    expect(update.clinical.haemoglobin).toBe(102);
    expect(update.labDates).toEqual({ sampled: '2026-11-19', egfr: '2026-09-01', albumin: '2026-10-12' });
  });

  it('leaves a result older than the pathway’s', () => {
    expect(
      withResults(imported, [result({ takenAt: '2026-10-01T09:00:00Z', takenOn: '2026-10-01' })]),
    ).toBeNull();
  });

  it('takes a result of the same day (an amended report, or the later one of the day)', () => {
    const update = withResults(imported, [
      result({ value: 125, takenAt: '2026-10-12T13:00:00Z', takenOn: '2026-10-12', status: 'amended' }),
    ]);
    expect(update?.changed).toEqual([{ lab: 'haemoglobin', before: 128, after: 125 }]);
  });

  it('applies a message’s results oldest first, so the latest of a test wins', () => {
    const update = withResults(imported, [
      result({ value: 110, takenAt: '2026-11-20T08:00:00Z', takenOn: '2026-11-20' }),
      result({ value: 100, takenAt: '2026-11-19T08:00:00Z', takenOn: '2026-11-19' }),
    ])!;
    expect(update.clinical.haemoglobin).toBe(110);
    expect(update.changed).toEqual([{ lab: 'haemoglobin', before: 128, after: 110 }]);
  });

  it('changes nothing when the value and day are the ones held', () => {
    expect(
      withResults(imported, [result({ value: 128, takenAt: '2026-10-12T12:59:00Z', takenOn: '2026-10-12' })]),
    ).toBeNull();
  });

  it('records a newer day with the same value without counting it as a change', () => {
    const update = withResults(imported, [result({ value: 128 })])!;
    expect(update.changed).toEqual([]);
    expect(update.labDates.sampled).toBe('2026-11-19');
  });

  it('gives a record without bloods its first result', () => {
    const update = withResults({ clinical: { height: 170 }, lab_dates: null }, [
      result({ lab: 'crp', value: 4 }),
    ])!;
    expect(update.clinical).toEqual({ height: 170, crp: 4 });
    expect(update.labDates).toEqual({ sampled: '2026-11-19' });
    expect(update.changed).toEqual([{ lab: 'crp', before: null, after: 4 }]);
  });
});

describe('resultMeetsPathway', () => {
  const pathway = { nhs_number: '9990000026', local_patient_identifier: 'ZZP000001' };
  it('meets on the NHS number where both have one, whatever the local identifier', () => {
    expect(resultMeetsPathway(result({ localPatientIdentifier: 'OTHER' }), pathway)).toBe(true);
    expect(resultMeetsPathway(result({ nhsNumber: '9990000034' }), pathway)).toBe(false);
  });
  it('meets on the local identifier when either has no NHS number', () => {
    expect(resultMeetsPathway(result({ nhsNumber: null }), pathway)).toBe(true);
    expect(resultMeetsPathway(result({}), { ...pathway, nhs_number: null })).toBe(true);
    expect(resultMeetsPathway(result({ nhsNumber: null, localPatientIdentifier: 'ZZP9' }), pathway)).toBe(
      false,
    );
    expect(
      resultMeetsPathway(result({ nhsNumber: null, localPatientIdentifier: null }), {
        nhs_number: null,
        local_patient_identifier: null,
      }),
    ).toBe(false);
  });
  it('meets only a pathway born on the same day, or on the day a clinician confirmed as corrected (decision 0055)', () => {
    const born = { ...pathway, date_of_birth: '1951-03-14', accepted_date_of_birth: null };
    expect(resultMeetsPathway(result({ birthDate: '1951-03-14' }), born)).toBe(true);
    expect(resultMeetsPathway(result({ birthDate: '1960-07-04' }), born)).toBe(false);
    expect(resultMeetsPathway(result({ birthDate: '1951-03-15' }), born)).toBe(false);
    expect(
      resultMeetsPathway(result({ birthDate: '1951-03-15' }), {
        ...born,
        accepted_date_of_birth: '1951-03-15',
      }),
    ).toBe(true);
    // No date on one side: the key alone (a message without one is refused before this, unless the
    // trust's setting lets it through).
    expect(resultMeetsPathway(result({ birthDate: null }), born)).toBe(true);
    expect(resultMeetsPathway(result({ birthDate: '1960-07-04' }), { ...born, date_of_birth: null })).toBe(
      true,
    );
  });
});
