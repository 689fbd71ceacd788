import { describe, expect, it } from 'vitest';
import { patientMessages, type RemodelChange } from '@esr/contracts/patients';
import { anomalyReasonError, charactersLeftText, whatChanged } from './what-changed';

const change: RemodelChange = {
  previousEvaluationId: '0193f1c2-7d8c-7e55-8d1c-2f3a4b5c6d7e',
  previousEvaluatedAt: '2026-11-02T09:05:00.000Z',
  previousPrediction: 'high',
  previousProbability: 0.1612,
  inputs: [
    {
      feature: 'albumin',
      displayName: 'Albumin',
      unit: 'g/L',
      before: 41,
      beforeDefaultUsed: true,
      after: 29,
      afterDefaultUsed: false,
    },
    {
      feature: 'copd',
      displayName: 'Chronic obstructive pulmonary disease (COPD)',
      unit: '',
      before: 1,
      beforeDefaultUsed: false,
      after: 0,
      afterDefaultUsed: false,
    },
    {
      feature: 'bmi',
      displayName: 'Body mass index',
      unit: 'kg/m²',
      before: 31.24,
      beforeDefaultUsed: false,
      after: 29.4,
      afterDefaultUsed: true,
    },
  ],
};

describe('what a remodel changed (decision 0039)', () => {
  it('gives the probability before and after with one decimal, and the band when it moved', () => {
    expect(whatChanged(change, { prediction: 'medium', probability: 0.132 }).outcome).toEqual([
      { label: 'Probability of complications after surgery', before: '16.1%', after: '13.2%' },
      { label: 'Risk', before: 'High risk', after: 'Moderate risk' },
    ]);
    expect(whatChanged(change, { prediction: 'high', probability: 0.17 }).outcome).toEqual([
      { label: 'Probability of complications after surgery', before: '16.1%', after: '17.0%' },
    ]);
  });

  it('names each changed input as the factors do, with its unit, and a default as not recorded', () => {
    expect(whatChanged(change, { prediction: 'medium', probability: 0.132 }).inputs).toEqual([
      { label: 'Albumin', before: 'Not recorded', after: '29 g/L' },
      { label: 'Chronic obstructive pulmonary disease (COPD)', before: 'Yes', after: 'No' },
      { label: 'Body mass index', before: '31.24 kg/m²', after: 'Not recorded' },
    ]);
    expect(
      whatChanged({ ...change, inputs: [] }, { prediction: 'high', probability: 0.1612 }).inputs,
    ).toEqual([]);
  });
});

describe('the reason for an anomaly flag (decision 0039)', () => {
  it('takes up to 200 characters, spaces around it not counted', () => {
    expect(anomalyReasonError('')).toBeUndefined();
    expect(anomalyReasonError(`  ${'x'.repeat(200)}  `)).toBeUndefined();
    expect(anomalyReasonError('x'.repeat(201))).toBe(patientMessages.anomalyReasonTooLong);
    expect(patientMessages.anomalyReasonTooLong).toBe('Reason must be 200 characters or fewer');
  });

  it('needs a reason to remove a flag, though not to flag (decision 0056)', () => {
    expect(anomalyReasonError('   ', true)).toBe(patientMessages.unflagReasonRequired);
    expect(patientMessages.unflagReasonRequired).toBe('Enter why you are removing the anomaly flag');
    expect(anomalyReasonError('Repeat sample normal', true)).toBeUndefined();
    expect(anomalyReasonError('x'.repeat(201), true)).toBe(patientMessages.anomalyReasonTooLong);
    expect(anomalyReasonError('   ')).toBeUndefined();
  });

  it('counts the characters left, or those too many', () => {
    expect(charactersLeftText('')).toBe('You have 200 characters remaining');
    expect(charactersLeftText('x'.repeat(199))).toBe('You have 1 character remaining');
    expect(charactersLeftText('x'.repeat(1_450))).toBe('You have 1,250 characters too many');
  });
});
