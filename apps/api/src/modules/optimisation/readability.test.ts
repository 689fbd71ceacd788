import { describe, expect, it } from 'vitest';
import { readability, syllables } from './readability.js';

describe('the Flesch–Kincaid grade', () => {
  it('counts syllables by vowel groups, without a silent final e', () => {
    expect(syllables('cat')).toBe(1);
    expect(syllables('happy')).toBe(2);
    expect(syllables('make')).toBe(1);
    expect(syllables('table')).toBe(2);
    expect(syllables('operation')).toBe(4);
    expect(syllables('160/100')).toBe(1);
  });

  // Worked by hand: 6 words, 1 sentence; stop-ping, smo-king, helps, your, wounds, heal = 8
  // syllables. 0.39 × 6 + 11.8 × 8 / 6 − 15.59 = 2.34 + 15.7333 − 15.59 = 2.4833.
  it('gives the grade of a worked example', () => {
    const result = readability('Stopping smoking helps your wounds heal.');
    expect(result).toMatchObject({ words: 6, sentences: 1, syllables: 8 });
    expect(result.grade).toBeCloseTo(2.4833, 3);
    expect(result.readingAge).toBeCloseTo(7.4833, 3);
  });

  // Worked by hand: 9 words, 2 sentences, 10 syllables (hap-py the only word of two).
  // 0.39 × 4.5 + 11.8 × 10 / 9 − 15.59 = 1.755 + 13.1111 − 15.59 = −0.7239.
  it('counts each sentence once, however it ends', () => {
    const result = readability('The cat sat on the mat... It was happy!');
    expect(result).toMatchObject({ words: 9, sentences: 2, syllables: 10 });
    expect(result.grade).toBeCloseTo(-0.7239, 3);
  });

  // Clinical words are hard: peri-op-er-at-ive 5 (by rule), hae-ma-to-lo-gi-cal 6, op-ti-mi-sa-tion 5,
  // re-du-ces 3, com-pli-ca-tions 4 = 23; 0.39 × 5 + 11.8 × 23 / 5 − 15.59 = 40.64.
  it('scores clinical words as hard', () => {
    const result = readability('Perioperative haematological optimisation reduces complications.');
    expect(result).toMatchObject({ words: 5, sentences: 1, syllables: 23 });
    expect(result.grade).toBeCloseTo(40.64, 2);
  });
});
