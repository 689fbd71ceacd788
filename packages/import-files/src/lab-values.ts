import type { LabSpec } from './headers.js';
import type { LabCode } from './types.js';

export type LabResult = { kind: 'number'; value: number; limit: '<' | '>' | null } | { kind: 'comment' };

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** White space as `\s` and `Number()` know it: tab to carriage return, space, NBSP, the Unicode spaces. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function skipSpaces(s: string, from: number): number {
  let i = from;
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i;
}

/** Where a decimal number (`12`, `12.`, `12.5`, `.5`, signed or not) starting at `from` ends; -1 if none. */
function numberEnd(s: string, from: number): number {
  let i = from;
  const sign = s.charCodeAt(i);
  if (sign === 43 || sign === 45) i++;
  const digits = i;
  while (isDigit(s.charCodeAt(i))) i++;
  const whole = i > digits;
  if (s.charCodeAt(i) !== 46) return whole ? i : -1;
  const fraction = ++i;
  while (isDigit(s.charCodeAt(i))) i++;
  return whole || i > fraction ? i : -1;
}

/** Where an exponent (`e5`, `E-3`) starting at `from` ends; -1 if there is none. */
function exponentEnd(s: string, from: number): number {
  if ((s.charCodeAt(from) | 32) !== 101) return -1;
  let i = from + 1;
  const sign = s.charCodeAt(i);
  if (sign === 43 || sign === 45) i++;
  const digits = i;
  while (isDigit(s.charCodeAt(i))) i++;
  return i > digits ? i : -1;
}

// Flags labs stick on a result: H, L, HH, LL, A (abnormal), N, C, runs of * or !, and their words.
// HH is two H flags, so single letters cover the doubled ones. After a limit (`>90 H`) only H, L, A,
// * and ! are flags. Each word starts with a letter that is a flag of its own, but the letter after
// it (i, o, b, r) never starts a flag, so the longest word that fits is always the right reading.
const flagWords = ['critical', 'crit', 'high', 'low', 'abnormal'];
const H = 104;
const L = 108;
const A = 97;
const N = 110;
const C = 99;

/** Whether `word` is at `at`, in any case of ASCII letters. */
function wordAt(s: string, at: number, word: string): boolean {
  if (at + word.length > s.length) return false;
  for (let k = 0; k < word.length; k++) {
    if ((s.charCodeAt(at + k) | 32) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** Where the flag at `at` ends; -1 if no flag starts there. `all`: after a number, not a limit. */
function flagEnd(s: string, at: number, all: boolean): number {
  const c = s.charCodeAt(at);
  if (c === 42 || c === 33) {
    let i = at + 1;
    while (s.charCodeAt(i) === c) i++;
    return i;
  }
  const letter = c | 32;
  if (all) {
    for (const word of flagWords) if (wordAt(s, at, word)) return at + word.length;
    if (letter === N || letter === C) return at + 1;
  }
  return letter === H || letter === L || letter === A ? at + 1 : -1;
}

/**
 * Whether `s` from `from` holds nothing but flags and white space. A flag may stand in brackets,
 * `(H)`; a bracket may also be left open or unopened (`(H`, `H)`), but holds one run of flags, so
 * `()`, `((H))` and `H))` are not flags. `none`: whether no flag at all will do.
 */
function onlyFlags(s: string, from: number, all: boolean, none: boolean): boolean {
  // What was read last: nothing yet, an opening bracket, a flag, or a closing bracket.
  let last: 'nothing' | 'open' | 'flag' | 'close' = 'nothing';
  let i = from;
  for (;;) {
    i = skipSpaces(s, i);
    if (i >= s.length) return last === 'flag' || last === 'close' || (last === 'nothing' && none);
    const c = s.charCodeAt(i);
    if (c === 40) {
      if (last === 'open') return false;
      last = 'open';
      i++;
    } else if (c === 41) {
      if (last !== 'flag') return false;
      last = 'close';
      i++;
    } else {
      const end = flagEnd(s, i, all);
      if (end < 0) return false;
      last = 'flag';
      i = end;
    }
  }
}

const comment: LabResult = { kind: 'comment' };

function numberOrComment(text: string, limit: '<' | '>' | null): LabResult {
  const value = Number(text);
  return Number.isFinite(value) ? { kind: 'number', value, limit } : comment;
}

/**
 * A result as labs write it (docs/import-format.md, "Result values"): `4.5`, `1e3`, `<5`, `<=5`,
 * `≤5`, `>90`, `≥90`, a number with flags (`150 H`, `3.1*`, `150 (H)`, `150HH`, `12 critical`,
 * `150 **`, `>90 H`), or else a comment. A hand-written scanner, not a regular expression: a result
 * is read in time proportional to its length whatever a lab (or anyone) sends (docs/architecture.md,
 * "Reading untrusted text").
 */
export function parseLabResult(s: string): LabResult {
  const first = s.charCodeAt(0);
  if (first === 60 || first === 62 || first === 0x2264 || first === 0x2265) {
    let i = skipSpaces(s, 1);
    if (s.charCodeAt(i) === 61) i = skipSpaces(s, i + 1);
    const end = numberEnd(s, i);
    if (end < 0 || !onlyFlags(s, end, false, true)) return comment;
    return numberOrComment(s.slice(i, end), first === 60 || first === 0x2264 ? '<' : '>');
  }
  const end = numberEnd(s, 0);
  if (end < 0) return comment;
  // An exponent is read on a number that stands alone, as Number() reads it; flags never follow one.
  const exponent = exponentEnd(s, end);
  if (exponent >= 0) {
    return skipSpaces(s, exponent) === s.length ? numberOrComment(s.slice(0, exponent), null) : comment;
  }
  return onlyFlags(s, end, true, true) ? numberOrComment(s.slice(0, end), null) : comment;
}

/** Unit as compared: lower case, no spaces, ×, ^ or *, µ as u, superscript digits as digits. */
export function normaliseUnit(unit: string): string {
  return unit
    .toLowerCase()
    .replace(/[µμ]/g, 'u')
    .replace(/⁹/g, '9')
    .replace(/³/g, '3')
    .replace(/²/g, '2')
    .replace(/litre|liter/g, 'l')
    .replace(/[\s×x^*]/g, '');
}

const perLitreCounts = ['109/l', '10e9/l', '/nl', '103/ul', '10e3/ul', 'k/ul', 'giga/l', 'g/l'];
// Units each test may come in and the factor to the spec's unit (docs/requirements.md §5; import-data.md).
const unitFactors: Record<LabCode, Record<string, number>> = {
  haemoglobin: { 'g/l': 1, 'g/dl': 10 },
  whiteBloodCount: Object.fromEntries(perLitreCounts.map((u) => [u, 1])),
  plateletCount: Object.fromEntries(perLitreCounts.map((u) => [u, 1])),
  urea: { 'mmol/l': 1 },
  creatinine: { 'umol/l': 1, 'micromol/l': 1, 'mg/dl': 88.4 },
  egfr: {
    'ml/min': 1,
    'ml/min/1.73m2': 1,
    'ml/min/1.73sqm': 1,
    'ml/min/1.73': 1,
    'ml/min/1.73msq': 1,
  },
  sodium: { 'mmol/l': 1, 'meq/l': 1 },
  albumin: { 'g/l': 1, 'g/dl': 10 },
  crp: { 'mg/l': 1, 'mg/dl': 10 },
};

export type UnitVerdict = { kind: 'known'; factor: number } | { kind: 'unknown' };

export function unitFactor(lab: LabCode, unit: string): UnitVerdict {
  const factor = unitFactors[lab][normaliseUnit(unit)];
  return factor === undefined ? { kind: 'unknown' } : { kind: 'known', factor };
}

/**
 * With no unit given, a value far below the spec unit's range is taken as the other common unit:
 * haemoglobin under 25 as g/dL, creatinine under 10 as mg/dL, albumin under 10 as g/dL.
 */
export function guessUnit(lab: LabCode, value: number): { unit: string; factor: number } | null {
  if (lab === 'haemoglobin' && value > 0 && value < 25) return { unit: 'g/dL', factor: 10 };
  if (lab === 'creatinine' && value > 0 && value < 10) return { unit: 'mg/dL', factor: 88.4 };
  if (lab === 'albumin' && value > 0 && value < 10) return { unit: 'g/dL', factor: 10 };
  return null;
}

/** Rounds away binary noise from a conversion (12.3 × 10 is 123, not 123.00000000000001). */
export function tidy(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function outsideRange(spec: LabSpec, value: number): boolean {
  return value < spec.min || value > spec.max;
}

/** Outside the values a living patient's result can have (LabSpec.possibleMin–possibleMax): never applied. */
export function impossibleValue(spec: LabSpec, value: number): boolean {
  return !(value >= spec.possibleMin && value <= spec.possibleMax);
}
