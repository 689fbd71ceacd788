import { describe, expect, it } from 'vitest';
import {
  defaultUsedText,
  defaultsUsedIntro,
  factorValueText,
  importanceLabels,
  percentage,
} from '@esr/contracts/patient-wording';
import { factorLabel, remodelFields, type RemodelValues } from '@esr/contracts/remodel';
import { inputSections, riskLabelOf } from './display-values';

const blank = Object.fromEntries(remodelFields.map((field) => [field, ''])) as RemodelValues;

describe('risk summary values (docs/requirements.md §3)', () => {
  it('shows the probability as a percentage with one decimal', () => {
    expect(percentage(0.1234)).toBe('12.3%');
    expect(percentage(0.05)).toBe('5.0%');
    expect(percentage(1)).toBe('100.0%');
    expect(percentage(0.00049)).toBe('0.0%');
  });

  it('names the risk and the importance as the spec words them', () => {
    expect(riskLabelOf('medium')).toBe('Moderate risk');
    expect(importanceLabels.medium).toBe('Moderate');
    expect(importanceLabels.high).toBe('High');
  });

  it('shows a yes/no factor as No or Yes, a number with its unit, and marks normalised values', () => {
    expect(factorValueText({ value: 1, unit: '', defaultUsed: false })).toBe('Yes');
    expect(factorValueText({ value: 0, unit: '', defaultUsed: false })).toBe('No');
    expect(factorValueText({ value: 2, unit: '', defaultUsed: false })).toBe('2');
    expect(factorValueText({ value: 131.5, unit: 'g/L', defaultUsed: false })).toBe('131.5 g/L');
    expect(factorValueText({ value: 27.456, unit: 'kg/m²', defaultUsed: false })).toBe('27.46 kg/m²');
    expect(factorValueText({ value: 1250, unit: 'mg/L', defaultUsed: false })).toBe('1,250 mg/L');
    expect(factorValueText({ value: 140, unit: 'mmol/L', defaultUsed: true })).toBe(
      '140 mmol/L (normalised value)',
    );
    expect(factorValueText({ value: null, unit: 'g/L', defaultUsed: false })).toBe('Not known');
  });

  it('names each defaulted input with the value the model used, as the factors table writes it (decision 0035)', () => {
    expect(defaultsUsedIntro).toBe('The model used these values because the record has none:');
    expect(defaultUsedText({ feature: 'age', displayName: 'Age', valueUsed: 68, unit: 'years' })).toBe(
      'Age: 68 years (not recorded)',
    );
    expect(defaultUsedText({ feature: 'af', displayName: 'Af', valueUsed: 0, unit: '' })).toBe(
      'Atrial fibrillation: No (not recorded)',
    );
    expect(
      defaultUsedText({ feature: 'white_blood_count', displayName: 'WBC', valueUsed: 6.8, unit: '10⁹/L' }),
    ).toBe('White blood cell count: 6.8 10⁹/L (not recorded)');
    expect(
      defaultUsedText({ feature: 'bmi', displayName: 'Body mass index', valueUsed: null, unit: 'kg/m²' }),
    ).toBe('Body mass index: Not known (not recorded)');
  });

  it("names a factor in the remodel form's words, else as the server does", () => {
    expect(factorLabel('af', 'Af')).toBe('Atrial fibrillation');
    expect(factorLabel('crp', 'Crp')).toBe('CRP');
    expect(factorLabel('egfr', 'Egfr')).toBe('eGFR');
    expect(factorLabel('white_blood_count', 'White blood count')).toBe('White blood cell count');
    expect(factorLabel('bmi', 'Body mass index')).toBe('Body mass index');
    expect(factorLabel('constructor', 'Constructor')).toBe('Constructor');
  });

  it("lists the inputs the model read by the remodel form's tabs, in words", () => {
    const sections = inputSections({
      ...blank,
      height: '172',
      sex: 'F',
      ethnicGroup: 'A',
      dobDay: '7',
      dobMonth: '3',
      dobYear: '1950',
      hypt: '1',
      af: '0',
      smoking: '4',
      haemoglobin: '131',
    });
    expect(sections).toHaveLength(9);
    const details = Object.fromEntries(sections[0]!.rows.map((row) => [row.key, row.value]));
    expect(details).toEqual({
      'Height (cm)': '172',
      'Weight (kg)': 'Not known',
      Sex: 'Female',
      'Ethnic group': 'White: British',
      'Date of birth': '07-Mar-1950',
    });
    expect(sections[1]!.rows.slice(0, 3).map((row) => row.value)).toEqual(['Yes', 'No', 'Not known']);
    expect(sections[7]!.rows).toEqual([{ key: 'Smoking status', value: 'Never smoked' }]);
    expect(sections[8]!.rows[0]).toEqual({ key: 'Haemoglobin (g/L)', value: '131' });
  });
});
