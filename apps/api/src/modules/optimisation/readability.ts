/**
 * How hard a text is to read, by the Flesch–Kincaid grade level (Kincaid et al., 1975): 0.39 ×
 * words per sentence + 11.8 × syllables per word − 15.59. A US school grade; the UK reading age is
 * about five years more, so the reading age of 9 to 11 that NHS patient information aims at is a
 * grade of 4 to 6. Syllables are counted by rule (groups of vowels, a silent final "e"), as every
 * tool of the kind does: a rough measure, for keeping the patient's page simple, not a proof.
 */

const vowels = 'aeiouy';
const isLetter = (c: string) => c >= 'a' && c <= 'z';
const isDigit = (c: string) => c >= '0' && c <= '9';

/** The syllables of one word by rule: each run of vowels is one, less a silent final "e". */
export function syllables(word: string): number {
  const letters = [...word.toLowerCase()].filter(isLetter).join('');
  if (letters === '') return 1;
  let count = 0;
  let inVowels = false;
  for (const c of letters) {
    const vowel = vowels.includes(c);
    if (vowel && !inVowels) count += 1;
    inVowels = vowel;
  }
  // "make", "size": the final "e" is not said; "table", "people": it is.
  if (count > 1 && letters.endsWith('e') && !letters.endsWith('le')) count -= 1;
  return Math.max(1, count);
}

export interface Readability {
  words: number;
  sentences: number;
  syllables: number;
  /** The Flesch–Kincaid grade level. */
  grade: number;
  /** The grade plus five: the UK reading age. */
  readingAge: number;
}

/** The Flesch–Kincaid grade of a text: words hold a letter or digit; sentences end with . ! or ?. */
export function readability(text: string): Readability {
  const words = text
    .split(/\s+/)
    .filter((token) => [...token.toLowerCase()].some((c) => isLetter(c) || isDigit(c)));
  let sentences = 0;
  let inEnd = false;
  for (const c of text) {
    const end = c === '.' || c === '!' || c === '?';
    if (end && !inEnd) sentences += 1;
    inEnd = end;
  }
  sentences = Math.max(1, sentences);
  const syllableCount = words.reduce((sum, word) => sum + syllables(word), 0);
  const grade =
    words.length === 0
      ? 0
      : 0.39 * (words.length / sentences) + 11.8 * (syllableCount / words.length) - 15.59;
  return { words: words.length, sentences, syllables: syllableCount, grade, readingAge: grade + 5 };
}
