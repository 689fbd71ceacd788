import { describe, expect, it } from 'vitest';
import type { OptimisationStatus } from '@esr/contracts/optimisation';
import type { GuardRole } from '@esr/contracts/roles';
import {
  actionHeading,
  actionPath,
  optimisationActionsFor,
  optimisationNotice,
} from './optimisation-actions';

const actionsOf = (role: GuardRole | null, status: OptimisationStatus, isActive = true) =>
  optimisationActionsFor(role, { status }, isActive);

describe('the steps a role may record for a risk factor (decision 0071)', () => {
  it('offers a clinician every step a factor’s status allows', () => {
    expect(actionsOf('Clinician', 'identified')).toEqual([
      'refer',
      'progress',
      'met',
      'declined',
      'notPossible',
    ]);
    expect(actionsOf('Clinician', 'referred')).toEqual(['progress', 'met', 'declined', 'notPossible']);
    expect(actionsOf('Clinician', 'in_progress')).toEqual(['met', 'declined', 'notPossible']);
  });

  it('offers a waiting list admin the administrative steps only, never met or not possible', () => {
    expect(actionsOf('WaitingListAdmin', 'identified')).toEqual(['refer', 'progress', 'declined']);
    expect(actionsOf('WaitingListAdmin', 'referred')).toEqual(['progress', 'declined']);
    expect(actionsOf('WaitingListAdmin', 'in_progress')).toEqual(['declined']);
  });

  it('offers a clerical user, another role or no role nothing', () => {
    for (const role of ['ClericalUser', 'TrustAdmin', 'TechnicalAdmin', null] as const)
      expect(actionsOf(role, 'identified'), String(role)).toEqual([]);
  });

  it('offers nothing for a closed factor or a pathway no longer on the active list', () => {
    for (const status of ['met', 'declined', 'not_possible'] as const)
      expect(actionsOf('Clinician', status), status).toEqual([]);
    expect(actionsOf('Clinician', 'identified', false)).toEqual([]);
    expect(actionsOf('WaitingListAdmin', 'referred', false)).toEqual([]);
  });

  it('leads each step to its own page, for the factor, with the type of operation', () => {
    expect(actionPath('refer', 'p1', 'anaemia', 'knee')).toBe(
      '/patient-lookup/p1/optimisation/anaemia/refer?type=knee',
    );
    expect(actionPath('notPossible', 'p1', 'blood_pressure', 'hip')).toBe(
      '/patient-lookup/p1/optimisation/blood_pressure/record-as-not-possible?type=hip',
    );
  });

  it('names the factor in each heading, and says what was recorded', () => {
    expect(actionHeading('refer', 'anaemia')).toBe('Refer for anaemia');
    expect(actionHeading('progress', 'smoking')).toBe('Record progress on smoking');
    expect(actionHeading('met', 'kidney')).toBe('Record kidney function as met');
    expect(actionHeading('declined', 'weight')).toBe('Record weight as declined by the patient');
    expect(actionHeading('notPossible', 'blood_pressure')).toBe('Record blood pressure as not possible');
    expect(optimisationNotice('anaemia', 'referred', 'Pre-operative anaemia clinic')).toBe(
      'Anaemia recorded as referred to Pre-operative anaemia clinic',
    );
    expect(optimisationNotice('smoking', 'declined')).toBe('Smoking recorded as declined by the patient');
    expect(optimisationNotice('blood_pressure', 'in_progress')).toBe(
      'Blood pressure recorded as in progress',
    );
  });
});
