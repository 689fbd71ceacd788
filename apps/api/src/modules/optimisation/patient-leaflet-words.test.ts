import { describe, expect, it } from 'vitest';
import { optimisationFactors } from '@esr/contracts/optimisation';
import { factorsForPatients, patientLeafletWords } from './patient-leaflet-words.js';
import { readability } from './readability.js';

/** NHS patient information aims at a reading age of 9 to 11: a Flesch–Kincaid grade of 6 or less. */
const maxGrade = 6;

describe('the patient page’s words', () => {
  it.each(optimisationFactors)('explains %s at a reading age of 11 or less', (code) => {
    const words = factorsForPatients[code];
    const text = `${words.found} ${words.whatYouCanDo}`;
    expect(readability(text).grade, text).toBeLessThanOrEqual(maxGrade);
  });

  it('keeps the page’s own paragraphs as plain', () => {
    for (const text of [
      patientLeafletWords.intro,
      patientLeafletWords.noFactors,
      patientLeafletWords.weightNeverDelays,
      patientLeafletWords.questions,
      patientLeafletWords.askTheTeam,
    ])
      expect(readability(text).grade, text).toBeLessThanOrEqual(maxGrade);
  });

  it('uses no clinical team words', () => {
    const all = Object.values(factorsForPatients)
      .map((words) => `${words.found} ${words.whatYouCanDo}`)
      .join(' ');
    for (const term of [
      'g/L',
      'eGFR',
      'albumin',
      'NICE',
      'MUST',
      'mmol',
      'optimis',
      'referral',
      'haemoglobin',
    ])
      expect(all).not.toContain(term);
  });
});
