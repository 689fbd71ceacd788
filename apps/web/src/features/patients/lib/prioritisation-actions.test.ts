import { describe, expect, it } from 'vitest';
import { canRemoveAdjustment, prioritisationActionsFor, returnsToWorklist } from './prioritisation-actions';

const active = { isActive: true, prediction: 'medium', adjustment: null };
const archived = { ...active, isActive: false };
const adjustment = { prediction: 'high', reason: 'x', by: 'Dr A', on: '2026-11-27T10:00:00Z' };

describe('what a role may record about a pathway (decision 0044)', () => {
  it('gives clinicians the clinical decisions, and clerical users and waiting list admins the validation', () => {
    expect(prioritisationActionsFor('Clinician', active)).toEqual([
      'changePriority',
      'recordHarmReview',
      'adjustRisk',
    ]);
    expect(prioritisationActionsFor('ClericalUser', active)).toEqual(['recordValidation']);
    expect(prioritisationActionsFor('WaitingListAdmin', active)).toEqual(['recordValidation']);
    for (const role of ['SuperAdmin', 'TrustAdmin', 'TechnicalAdmin', null] as const)
      expect(prioritisationActionsFor(role, active)).toEqual([]);
  });

  it('gives none on a pathway no longer on the active list', () => {
    expect(prioritisationActionsFor('Clinician', archived)).toEqual([]);
    expect(prioritisationActionsFor('ClericalUser', archived)).toEqual([]);
  });

  it('offers Adjust risk only with a prediction to adjust or an adjustment to remove', () => {
    const notScored = { ...active, prediction: null };
    expect(prioritisationActionsFor('Clinician', notScored)).toEqual(['changePriority', 'recordHarmReview']);
    expect(prioritisationActionsFor('Clinician', { ...notScored, adjustment })).toContain('adjustRisk');
  });

  it('lets a clinician remove an adjustment that exists', () => {
    expect(canRemoveAdjustment('Clinician', { ...active, adjustment })).toBe(true);
    expect(canRemoveAdjustment('Clinician', active)).toBe(false);
    expect(canRemoveAdjustment('Clinician', { ...archived, adjustment })).toBe(false);
    expect(canRemoveAdjustment('ClericalUser', { ...active, adjustment })).toBe(false);
  });

  it('sends a waiting list admin back to the worklist, everyone else to the risk summary', () => {
    const summary = ['ClericalUser', 'Clinician'] as const;
    expect(returnsToWorklist('WaitingListAdmin', ['WaitingListAdmin', 'ClericalUser'], summary)).toBe(true);
    expect(returnsToWorklist(null, ['WaitingListAdmin'], summary)).toBe(true);
    expect(returnsToWorklist('ClericalUser', ['WaitingListAdmin', 'ClericalUser'], summary)).toBe(false);
    expect(returnsToWorklist('Clinician', ['Clinician'], summary)).toBe(false);
  });
});
