import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { WorklistItem } from '@esr/contracts/prioritisation';
import type { GuardRole } from '@esr/contracts/roles';
import { worklistColumns } from './worklist-columns';

const row: WorklistItem = {
  id: 'p1',
  nhsNumber: '9990845255',
  firstName: 'Ada',
  lastName: 'Lovelace',
  priority: 'P2',
  priorityDate: '2026-09-01',
  clockStart: '2025-10-23',
  daysWaited: 400,
  waitBand: '52-65',
  tciDate: null,
  status: 'processed',
  statusDetail: null,
  defaultedInputs: [],
  prediction: 'medium',
  probability: 0.1234,
  adjustedPrediction: 'high',
  flags: ['priority_breached', 'harm_review_due'],
  lastValidatedOn: null,
  nextValidationDue: '2026-01-15',
  lastHarmReview: { level: 'moderate', reviewedOn: '2026-10-01' },
};

const cells = (role: GuardRole, item: WorklistItem = row) =>
  Object.fromEntries(
    worklistColumns('knee', role).map((column) => [
      column.header,
      renderToStaticMarkup(<MemoryRouter>{column.cell(item)}</MemoryRouter>)
        .replace(/<[^<>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ]),
  );
const hrefOf = (role: GuardRole) =>
  /href="([^"]+)"/
    .exec(
      renderToStaticMarkup(<MemoryRouter>{worklistColumns('knee', role)[0]!.cell(row)}</MemoryRouter>),
    )?.[1]
    ?.replace(/&amp;/g, '&');

describe('the worklist’s rows (decision 0044)', () => {
  it('link the patient to the page the role may open', () => {
    expect(hrefOf('Clinician')).toBe('/patient-lookup/p1?type=knee');
    expect(hrefOf('ClericalUser')).toBe('/patient-lookup/p1?type=knee');
    expect(hrefOf('WaitingListAdmin')).toBe('/patient-lookup/p1/record-validation?type=knee');
  });

  it('show each column’s values in words', () => {
    expect(cells('Clinician')).toEqual({
      Patient: 'Lovelace, Ada NHS number 999 084 5255',
      Risk: 'Model: Moderate risk 12.3% Clinician: High risk',
      Priority: 'P2 Breached Since 01-Sep-2026',
      Waited: '57 weeks 400 days since 23-Oct-2025',
      Flags: 'Priority breached Harm review due',
      // A due day that has passed reads as overdue, never as coming.
      'Last validated': 'Not validated Overdue since 15-Jan-2026',
      'Last harm review': 'Moderate harm 01-Oct-2026',
    });
  });

  it('say what is missing', () => {
    const bare: WorklistItem = {
      ...row,
      firstName: null,
      lastName: null,
      nhsNumber: null,
      priority: null,
      priorityDate: null,
      clockStart: null,
      daysWaited: null,
      waitBand: null,
      status: 'waiting',
      prediction: null,
      probability: null,
      adjustedPrediction: null,
      flags: [],
      lastValidatedOn: '2026-10-02',
      nextValidationDue: null,
      lastHarmReview: null,
    };
    expect(cells('Clinician', bare)).toEqual({
      Patient: 'Patient with no name recorded',
      Risk: 'Not processed',
      Priority: 'None recorded',
      Waited: 'No clock start',
      Flags: 'None',
      'Last validated': '02-Oct-2026',
      'Last harm review': 'None',
    });
  });

  it('say why a pathway has no band where the band would be, and which inputs the model defaulted (decision 0057)', () => {
    const incomplete: WorklistItem = {
      ...row,
      status: 'incomplete',
      statusDetail: 'haemoglobin and eGFR not recorded',
      defaultedInputs: ['Haemoglobin', 'eGFR', 'Heart failure'],
      prediction: null,
      probability: null,
      adjustedPrediction: null,
      flags: ['missing_inputs'],
    };
    expect(cells('Clinician', incomplete)).toMatchObject({
      Risk: 'Incomplete : haemoglobin and eGFR not recorded',
      Flags: 'Missing inputs Defaulted: Haemoglobin, eGFR, Heart failure',
    });
    const excluded: WorklistItem = {
      ...incomplete,
      status: 'excluded',
      statusDetail: 'revision of knee replacement, W40.3',
      defaultedInputs: [],
      flags: [],
    };
    expect(cells('Clinician', excluded)).toMatchObject({
      Risk: 'Not scored : outside the model’s population (revision of knee replacement, W40.3)',
      Flags: 'None',
    });
    expect(cells('Clinician', { ...excluded, status: 'failed', statusDetail: null }).Risk).toBe(
      'Failed processing',
    );
  });
});
