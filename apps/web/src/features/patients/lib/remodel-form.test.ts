import { describe, expect, it } from 'vitest';
import {
  labRules,
  laboratoryTabIndex,
  remodelErrors,
  remodelFields,
  remodelMessages,
  remodelTabs,
  tabCompletion,
  type RemodelRecord,
  type RemodelValues,
} from '@esr/contracts/remodel';
import { ApiError } from '../../../lib/api-client';
import {
  clearQuestion,
  completionLabels,
  errorOrder,
  errorsOnTab,
  fieldIdOf,
  initialUnknown,
  remodelBody,
  remodelFailureOf,
  tabWithErrors,
  valuesOf,
} from './remodel-form';

const blank = Object.fromEntries(remodelFields.map((field) => [field, ''])) as RemodelValues;
const record: RemodelRecord = {
  id: '7a1c1d52-3c6b-4f3e-9a57-8d1a2b3c4d5e',
  nhsNumber: '9990845255',
  medicalRecordNumber: 'RAN760798',
  firstName: 'Patricia',
  lastName: 'MORRIS',
  operationType: 'knee',
  isActive: true,
  ...blank,
  height: '160',
  dobDay: '7',
  dobMonth: '3',
  dobYear: '1950',
  haemoglobin: '131',
};

describe('remodel form (docs/requirements.md §2, §4, §5)', () => {
  it('starts with the questions the record has no answer for as not known', () => {
    const unknown = initialUnknown(valuesOf(record));
    expect(unknown.height).toBe(false);
    expect(unknown.weight).toBe(true);
    expect(unknown.dateOfBirth).toBe(false);
    expect(unknown.haemoglobin).toBe(false);
    expect(unknown.crp).toBe(true);
    expect(Object.keys(unknown)).toHaveLength(remodelTabs.flatMap((tab) => tab.questions).length);
  });

  it("clears every part of a question answered 'I do not know this information'", () => {
    const dateOfBirth = remodelTabs[0]!.questions.find((question) => question.id === 'dateOfBirth')!;
    const cleared = clearQuestion(valuesOf(record), dateOfBirth);
    expect([cleared.dobDay, cleared.dobMonth, cleared.dobYear]).toEqual(['', '', '']);
    expect(cleared.height).toBe('160');
  });

  it('counts an answer the model replaces with its default as unanswered in the tab status (decision 0035)', () => {
    const tab = (id: string) => remodelTabs.find((candidate) => candidate.id === id)!;
    const status = (id: string, values: Partial<RemodelValues>) =>
      completionLabels[tabCompletion(tab(id), values)];
    // Smoking status 9 (unknown) or Z (not stated): the model used its default, so it is not completed.
    expect(status('other-findings', { smoking: '9' })).toBe('Not started');
    expect(status('other-findings', { smoking: 'Z' })).toBe('Not started');
    expect(status('other-findings', { smoking: '' })).toBe('Not started');
    expect(status('other-findings', { smoking: '4' })).toBe('Completed');
    const details = { height: '160', weight: '70', sex: 'F', dobDay: '7', dobMonth: '3', dobYear: '1950' };
    expect(status('patient-details', { ...details, ethnicGroup: 'A' })).toBe('Completed');
    expect(status('patient-details', { ...details, ethnicGroup: '99' })).toBe('In progress');
    expect(status('patient-details', { ...details, ethnicGroup: 'Z' })).toBe('In progress');
  });

  it('checks only the current tab on Save and Continue', () => {
    const errors = remodelErrors({ ...blank, height: '400', haemoglobin: '20' });
    expect(errorsOnTab(errors, 0)).toEqual({ height: remodelMessages.height });
    expect(errorsOnTab(errors, laboratoryTabIndex)).toEqual({
      haemoglobin: remodelMessages.labRange(labRules.haemoglobin),
    });
    expect(errorsOnTab(errors, 1)).toEqual({});
  });

  it('shows the laboratory tab after a submission when it has errors, else the first tab with one', () => {
    expect(tabWithErrors(remodelErrors({ ...blank, height: '400', haemoglobin: '20' }))).toBe(
      laboratoryTabIndex,
    );
    expect(
      tabWithErrors(remodelErrors({ ...blank, smoking: 'x', dobDay: '31', dobMonth: '2', dobYear: '1950' })),
    ).toBe(0);
    expect(tabWithErrors(remodelErrors({ ...blank, copd: 'maybe' }))).toBe(2);
    expect(tabWithErrors({})).toBeNull();
  });

  it('lists errors in the order of the questions and links each to its first input', () => {
    expect(errorOrder.slice(0, 5)).toEqual(['height', 'weight', 'sex', 'ethnicGroup', 'dateOfBirth']);
    expect(errorOrder.at(-1)).toBe('crp');
    expect(fieldIdOf('height')).toBe('remodel-height');
    expect(fieldIdOf('sex')).toBe('remodel-sex-1');
    expect(fieldIdOf('hypt')).toBe('remodel-hypt-1');
    expect(fieldIdOf('ethnicGroup')).toBe('remodel-ethnicGroup');
    expect(fieldIdOf('dateOfBirth')).toBe('remodel-dateOfBirth-day');
  });

  it('sends the record as it came with the answers changed', () => {
    const body = remodelBody(record, { ...valuesOf(record), weight: '70', haemoglobin: '' });
    expect(body).toEqual({ ...record, weight: '70', haemoglobin: '' });
  });

  it("shows the server's errors on their fields, and its words for a refusal", () => {
    const bad = new ApiError(400, {
      detail: 'The request is not valid',
      errors: {
        haemoglobin: ['Haemoglobin must be between 50 and 200.'],
        dobYear: ['Please enter date of birth correctly.'],
      },
    });
    expect(remodelFailureOf(bad, 'Some error occurred')).toEqual({
      fieldErrors: {
        haemoglobin: 'Haemoglobin must be between 50 and 200.',
        dateOfBirth: 'Please enter date of birth correctly.',
      },
    });
    const archived = new ApiError(409, {
      detail: 'This pathway is archived, so it can be read but not changed.',
    });
    expect(remodelFailureOf(archived, 'Some error occurred')).toEqual({
      fieldErrors: {},
      message: 'This pathway is archived, so it can be read but not changed.',
    });
    expect(remodelFailureOf(new ApiError(500, null), 'Some error occurred').message).toBe(
      'Some error occurred',
    );
  });
});
