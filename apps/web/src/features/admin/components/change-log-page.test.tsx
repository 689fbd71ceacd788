import { describe, expect, it } from 'vitest';
import type { ChangeLogEntry } from '@esr/contracts/change-log';
import { patientRecordPath } from './change-log-page';

const entry = (values: Partial<ChangeLogEntry>): ChangeLogEntry => ({
  id: 4182,
  createdOn: '2026-11-27T09:15:00.000Z',
  createdBy: 'Nia Rees',
  trustCode: 'RAN',
  trustName: 'Royal National Orthopaedic Hospital NHS Trust',
  action: 'Changed the priority from P4 to P3 for patient S O, NHS number ending 0026 (knee)',
  changes: { priorityCode: { before: 'P4', after: 'P3' } },
  pathway: { id: '01a24a92-5c1e-7f00-8e2b-3a4c5d6e7f80', procedureCode: 'knee' },
  ...values,
});

describe('the change log’s link to the patient’s record (decision 0051)', () => {
  it('leads a trust admin who is also a clerical user or clinician of the trust to the patient', () => {
    for (const role of ['ClericalUser', 'Clinician'] as const)
      expect(patientRecordPath(entry({}), { roles: ['TrustAdmin', role], trustCode: 'RAN' })).toBe(
        '/patient-lookup/01a24a92-5c1e-7f00-8e2b-3a4c5d6e7f80?type=knee',
      );
    expect(
      patientRecordPath(
        entry({ pathway: { id: '01a24a92-5c1e-7f00-8e2b-3a4c5d6e7f81', procedureCode: 'hip' } }),
        {
          roles: ['Clinician', 'SuperAdmin'],
          trustCode: 'RAN',
        },
      ),
    ).toBe('/patient-lookup/01a24a92-5c1e-7f00-8e2b-3a4c5d6e7f81?type=hip');
  });

  it('offers nothing to an admin who cannot read patients, or to one of another trust', () => {
    expect(patientRecordPath(entry({}), { roles: ['TrustAdmin'], trustCode: 'RAN' })).toBeNull();
    expect(
      patientRecordPath(entry({}), { roles: ['SuperAdmin', 'WaitingListAdmin'], trustCode: 'RAN' }),
    ).toBeNull();
    expect(patientRecordPath(entry({}), { roles: ['SuperAdmin', 'Clinician'], trustCode: 'RL1' })).toBeNull();
  });

  it('offers nothing for a change that concerns no pathway, or a pathway no longer held', () => {
    const viewer = { roles: ['TrustAdmin', 'ClericalUser'] as const, trustCode: 'RAN' };
    expect(patientRecordPath(entry({ pathway: null, action: 'Updated user Lena Ortiz' }), viewer)).toBeNull();
    expect(
      patientRecordPath(
        entry({ pathway: { id: '01a24a92-5c1e-7f00-8e2b-3a4c5d6e7f80', procedureCode: null } }),
        viewer,
      ),
    ).toBeNull();
  });
});
