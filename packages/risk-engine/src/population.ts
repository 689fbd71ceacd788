/**
 * Who a model was made for (docs/model-artifacts.md, Population): the operations, by OPCS-4 code with
 * its fourth character, and the ages. A pathway outside them stays on the waiting list but is not
 * scored, as a prediction there is an extrapolation nobody checked (a revision is a longer, riskier
 * operation than the primary replacement the model learnt from; a replacement of the head of femur
 * mostly follows a fracture).
 */
import type { Wrapper } from './wrapper.js';

export type Population = NonNullable<Wrapper['population']>;
type Procedure = Wrapper['procedure'];

/** OPCS-4.10 primary total replacements: hip W37–W39 and the hybrids W93–W95; knee W40–W42 and the hybrid O18. */
const primaryHip = ['W37.1', 'W38.1', 'W39.1', 'W93.1', 'W94.1', 'W95.1'];
const primaryKnee = ['W40.1', 'W41.1', 'W42.1', 'O18.1'];

const hipCategories = new Set(['W37', 'W38', 'W39', 'W93', 'W94', 'W95']);
const kneeCategories = new Set(['W40', 'W41', 'W42', 'O18']);
const femoralHeadCategories = new Set(['W46', 'W47', 'W48']);

const populationWords: Record<Procedure, string> = {
  knee: 'Adults having a primary total knee replacement',
  hip: 'Adults having a primary total hip replacement',
  'knee-hip': 'Adults having a primary total knee or hip replacement',
};

/**
 * The population of a model whose wrapper declares none: adults having a primary total replacement
 * of the procedure's joints (decision 0057).
 */
export function defaultPopulation(procedure: Procedure): Population {
  const opcs4 =
    procedure === 'knee' ? primaryKnee : procedure === 'hip' ? primaryHip : [...primaryKnee, ...primaryHip];
  return { opcs4, ageYears: { min: 18, max: null }, description: populationWords[procedure] };
}

export const populationOf = (wrapper: Pick<Wrapper, 'population' | 'procedure'>): Population =>
  wrapper.population ?? defaultPopulation(wrapper.procedure);

/** An OPCS-4 code as written in an extract (`W371`, `W37.1`, `w37.1`), with its dot, or null. */
export function opcs4Code(text: string | null | undefined): string | null {
  if (!text) return null;
  const s = text.trim().toUpperCase();
  if (s.length < 3 || s.length > 6) return null;
  const letter = s.charCodeAt(0);
  if (letter < 65 || letter > 90) return null;
  const digits = s.slice(1).replace('.', '');
  if (digits.length !== 2 && digits.length !== 3) return null;
  for (let i = 0; i < digits.length; i++) {
    const c = digits.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  if (s.indexOf('.') >= 0 && s.indexOf('.') !== 3) return null;
  return digits.length === 3
    ? `${s.charAt(0)}${digits.slice(0, 2)}.${digits.charAt(2)}`
    : `${s.charAt(0)}${digits}`;
}

/** OPCS-4.10's fourth characters of the joint replacement categories, in words. */
const fourthCharacter: Record<string, string> = {
  '1': 'primary',
  '2': 'conversion to',
  '3': 'revision of',
  '4': 'revision of one component of',
  '8': 'other specified',
  '9': 'unspecified',
};

/** A code's operation in words: 'revision of knee replacement', 'replacement of the head of femur'. */
function codeInWords(code: string): string {
  const category = code.slice(0, 3);
  if (femoralHeadCategories.has(category)) return 'replacement of the head of femur';
  const joint = kneeCategories.has(category) ? 'knee' : hipCategories.has(category) ? 'hip' : null;
  if (joint === null) return 'an operation the model was not made for';
  const kind = fourthCharacter[code.charAt(4)];
  if (kind === undefined) return `${joint} replacement with no fourth character`;
  return kind === 'primary' ? `primary ${joint} replacement` : `${kind} ${joint} replacement`;
}

const hasWord = (words: readonly string[], ...wanted: string[]) => wanted.some((w) => words.includes(w));

/**
 * An operation written in words, as a primary total replacement or the kind that is not: revisions,
 * conversions, partial (unicompartmental, patellofemoral) knee replacements, resurfacings and
 * replacements of the head of femur are named; words that name none of those are a primary total
 * replacement, as an elective list's "Total knee replacement" is.
 */
function wordsOutside(text: string): string | null {
  const words = text.toLowerCase().split(/[^a-z]+/);
  if (hasWord(words, 'revision', 'revise', 'revised', 're', 'redo')) return 'revision of a joint replacement';
  if (hasWord(words, 'conversion', 'convert', 'converted')) return 'conversion to a joint replacement';
  if (
    hasWord(words, 'hemiarthroplasty', 'hemi', 'bipolar', 'austin', 'thompson') ||
    text.toLowerCase().includes('head of femur')
  )
    return 'replacement of the head of femur';
  if (hasWord(words, 'unicompartmental', 'uni', 'ukr', 'uka', 'pkr', 'partial', 'patellofemoral', 'pfj'))
    return 'partial knee replacement';
  if (hasWord(words, 'resurfacing')) return 'hip resurfacing';
  return null;
}

/** Why an operation is outside the population, or null when it is inside (or not said). */
export function operationOutside(
  population: Population,
  operation: { code: string | null; text: string | null },
): string | null {
  if (operation.code !== null) {
    if (population.opcs4.includes(operation.code)) return null;
    return `${codeInWords(operation.code)}, ${operation.code}`;
  }
  if (operation.text) return wordsOutside(operation.text);
  return null;
}

/** Whole years from a date of birth (YYYY-MM-DD) to a day, or null without a readable one. */
export function ageOn(dateOfBirth: unknown, day: string): number | null {
  if (typeof dateOfBirth !== 'string' || dateOfBirth.length < 10) return null;
  const [by, bm, bd] = [dateOfBirth.slice(0, 4), dateOfBirth.slice(5, 7), dateOfBirth.slice(8, 10)].map(
    Number,
  );
  const [y, m, d] = [day.slice(0, 4), day.slice(5, 7), day.slice(8, 10)].map(Number);
  if (![by, bm, bd, y, m, d].every((n) => Number.isInteger(n))) return null;
  return y! - by! - (m! < bm! || (m! === bm! && d! < bd!) ? 1 : 0);
}

/** Why a patient of this age is outside the population, or null (an unknown age is not outside). */
export function ageOutside(population: Population, age: number | null): string | null {
  if (age === null) return null;
  const { min, max } = population.ageYears;
  if (age < min) return `aged ${age}; the model is for ages ${min} and over`;
  if (max !== null && age > max) return `aged ${age}; the model is for ages up to ${max}`;
  return null;
}
