import { describe, expect, it } from 'vitest';
import { patientPathFor } from './patient-link';

describe('a worklist row’s patient link (decision 0044)', () => {
  it('opens the risk summary for the roles that may see it', () => {
    expect(patientPathFor('ClericalUser', 'p1', 'knee')).toBe('/patient-lookup/p1?type=knee');
    expect(patientPathFor('Clinician', 'p 2', 'knee-hip')).toBe('/patient-lookup/p%202?type=knee-hip');
  });

  it('opens the record validation for a waiting list admin', () => {
    expect(patientPathFor('WaitingListAdmin', 'p1', 'hip')).toBe(
      '/patient-lookup/p1/record-validation?type=hip',
    );
  });
});
