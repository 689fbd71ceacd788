import type { ProcedureCode } from '@esr/contracts/procedures';
import { hasBidiControls } from '@esr/contracts/text-direction';
import type { Parsed } from './nhs-number.js';
import { rowMessages } from './messages.js';
import type { Readiness, SmokingCode, Social } from './types.js';

// import-data.md "Dates and data quality": how extracts write "not known".
const unknownWords = new Set([
  'null',
  'n/a',
  'na',
  '-',
  '--',
  '#n/a',
  'unknown',
  'not known',
  'notknown',
  'n/k',
  'nk',
]);

/**
 * The cell's value with surrounding spaces (U+00A0 included) removed, or null when it says nothing
 * is known. Every field reads its cell through this first.
 */
export function cellValue(raw: string | undefined): string | null {
  if (raw === undefined || raw.length === 0) return null;
  let s = raw;
  const first = s.charCodeAt(0);
  const last = s.charCodeAt(s.length - 1);
  // Only pay for trim() when an edge character could be white space.
  if (first <= 32 || last <= 32 || first === 160 || last === 160 || first > 0x2000 || last > 0x2000) {
    s = s.trim();
    if (s.length === 0) return null;
  }
  if (s.length <= 9) {
    const c = s.charCodeAt(0) | 32;
    // n, u, -, # are the only first characters of the words above.
    if ((c === 110 || c === 117 || c === 45 || c === 35) && unknownWords.has(s.toLowerCase())) {
      return null;
    }
  }
  return s;
}

/** Lower case, letters and digits only: how labels and headers are compared. */
export function squash(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');
}

function lookup<T>(table: Map<string, T>, raw: string): T | undefined {
  return table.get(raw) ?? table.get(squash(raw));
}

const sexes = new Map<string, 'M' | 'F' | null>([
  ['M', 'M'],
  ['F', 'F'],
  ['m', 'M'],
  ['f', 'F'],
  ['1', 'M'],
  ['2', 'F'],
  ['male', 'M'],
  ['female', 'F'],
  // Data Dictionary person stated gender: 9 indeterminate, X not known; 0 in older extracts.
  ['9', null],
  ['x', null],
  ['0', null],
  ['u', null],
  ['i', null],
  ['indeterminate', null],
  ['notspecified', null],
  ['notstated', null],
]);

export function parseSex(raw: string): Parsed<'M' | 'F' | null> {
  const value = lookup(sexes, raw);
  return value === undefined ? { ok: false, error: rowMessages.sex(raw) } : { ok: true, value };
}

const ethnicLabels = new Map<string, string>([
  ['whitebritish', 'A'],
  ['british', 'A'],
  ['whiteirish', 'B'],
  ['irish', 'B'],
  ['anyotherwhitebackground', 'C'],
  ['whiteother', 'C'],
  ['otherwhite', 'C'],
  ['whiteandblackcaribbean', 'D'],
  ['mixedwhiteandblackcaribbean', 'D'],
  ['whiteandblackafrican', 'E'],
  ['mixedwhiteandblackafrican', 'E'],
  ['whiteandasian', 'F'],
  ['mixedwhiteandasian', 'F'],
  ['anyothermixedbackground', 'G'],
  ['mixedother', 'G'],
  ['indian', 'H'],
  ['asianorasianbritishindian', 'H'],
  ['pakistani', 'J'],
  ['asianorasianbritishpakistani', 'J'],
  ['bangladeshi', 'K'],
  ['asianorasianbritishbangladeshi', 'K'],
  ['anyotherasianbackground', 'L'],
  ['asianother', 'L'],
  ['caribbean', 'M'],
  ['blackorblackbritishcaribbean', 'M'],
  ['african', 'N'],
  ['blackorblackbritishafrican', 'N'],
  ['anyotherblackbackground', 'P'],
  ['blackother', 'P'],
  ['chinese', 'R'],
  ['otherethnicgroupschinese', 'R'],
  ['anyotherethnicgroup', 'S'],
  ['otherethnicgroupsanyotherethnicgroup', 'S'],
  ['notstated', 'Z'],
]);

function isEthnicLetter(c: number): boolean {
  // A-H, J-N, P, R, S, Z (NHS Data Dictionary ethnic category)
  return (c >= 65 && c <= 72) || (c >= 74 && c <= 78) || c === 80 || c === 82 || c === 83 || c === 90;
}

function isUpperOrDigit(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

/** `^([A-HJ-NPRSZ][A-Z0-9]?|99)$` mapped on the first character, or the category's name. */
export function parseEthnicCategory(raw: string): Parsed<string> {
  const s = raw.toUpperCase();
  if (s === '99') return { ok: true, value: '99' };
  const c = s.charCodeAt(0);
  if (isEthnicLetter(c)) {
    if (s.length === 1 || (s.length === 2 && isUpperOrDigit(s.charCodeAt(1))))
      return { ok: true, value: s[0]! };
    // "A - White British", "A: British"
    const next = s.charCodeAt(1);
    if (next === 32 || next === 45 || next === 58) return { ok: true, value: s[0]! };
  }
  if (s.startsWith('99 ') || s.startsWith('99-')) return { ok: true, value: '99' };
  const label = ethnicLabels.get(squash(raw));
  return label === undefined ? { ok: false, error: rowMessages.ethnic(raw) } : { ok: true, value: label };
}

const smokingCodes = new Map<string, SmokingCode>([
  ['1', '1'],
  ['2', '2'],
  ['3', '3'],
  ['4', '4'],
  ['9', '9'],
  ['Z', 'Z'],
  ['z', 'Z'],
  ['currentsmoker', '1'],
  ['smoker', '1'],
  ['current', '1'],
  ['exsmoker', '2'],
  ['formersmoker', '2'],
  ['former', '2'],
  ['nonsmokerhistoryunknown', '3'],
  ['nonsmoker', '3'],
  ['neversmoked', '4'],
  ['never', '4'],
  ['neversmoker', '4'],
  ['notstated', 'Z'],
]);

export function parseSmoking(raw: string): Parsed<SmokingCode> {
  const value = lookup(smokingCodes, raw);
  return value === undefined ? { ok: false, error: rowMessages.smoking(raw) } : { ok: true, value };
}

const readiness = new Map<string, Readiness>([
  ['not_ready', 'not_ready'],
  ['requires_review', 'requires_review'],
  ['ready', 'ready'],
  ['notready', 'not_ready'],
  ['requiresreview', 'requires_review'],
  ['reviewrequired', 'requires_review'],
]);

export function parseReadiness(raw: string): Parsed<Readiness> {
  const value = lookup(readiness, raw);
  return value === undefined ? { ok: false, error: rowMessages.readiness(raw) } : { ok: true, value };
}

const socials = new Map<string, Social>([
  ['no_social_concerns', 'no_social_concerns'],
  ['social_review_required', 'social_review_required'],
  ['social_concerns', 'social_concerns'],
  ['nosocialconcerns', 'no_social_concerns'],
  ['socialreviewrequired', 'social_review_required'],
  ['socialconcerns', 'social_concerns'],
]);

export function parseSocial(raw: string): Parsed<Social> {
  const value = lookup(socials, raw);
  return value === undefined ? { ok: false, error: rowMessages.social(raw) } : { ok: true, value };
}

const priorities = new Map<string, string>(
  ['P1a', 'P1b', 'P2', 'P3', 'P4', 'P5', 'P6'].flatMap((p) => [
    [squash(p), p],
    [squash(p.slice(1)), p],
  ]),
);

/** Clinical priority (WLMDS procedure_priority_code): P1a, P1b, P2 … P6. */
export function parsePriority(raw: string): Parsed<string> {
  const value = priorities.get(squash(raw));
  return value === undefined ? { ok: false, error: rowMessages.priority(raw) } : { ok: true, value };
}

const yesNo = new Map<string, 0 | 1>([
  ['1', 1],
  ['0', 0],
  ['y', 1],
  ['n', 0],
  ['yes', 1],
  ['no', 0],
  ['true', 1],
  ['false', 0],
  ['Y', 1],
  ['N', 0],
  ['Yes', 1],
  ['No', 0],
  ['TRUE', 1],
  ['FALSE', 0],
]);

export function parseYesNo(raw: string, label: string): Parsed<0 | 1> {
  const value = yesNo.get(raw) ?? yesNo.get(raw.toLowerCase());
  return value === undefined ? { ok: false, error: rowMessages.yesNo(label, raw) } : { ok: true, value };
}

const plainNumber = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A plain decimal number, optionally followed by the unit the column is in (`172 cm`). */
export function parseMeasure(raw: string, label: string, unit: string): Parsed<number> {
  let s = raw;
  if (!plainNumber.test(s)) {
    const lower = s.toLowerCase();
    if (lower.endsWith(unit)) s = s.slice(0, -unit.length).trim();
    if (!plainNumber.test(s)) return { ok: false, error: rowMessages.number(label, raw) };
  }
  return { ok: true, value: Number(s) };
}

// OPCS-4 (import-data.md): hip replacement W37–W39, W93–W95, W46–W48; knee W40–W42, O18.
const opcsHip = new Set(['W37', 'W38', 'W39', 'W93', 'W94', 'W95', 'W46', 'W47', 'W48']);
const opcsKnee = new Set(['W40', 'W41', 'W42', 'O18']);
const kneeWords = ['knee', 'tkr', 'tka', 'ukr', 'uka', 'pkr', 'patellofemoral'];
const hipWords = ['hip', 'thr', 'tha', 'hemiarthroplasty', 'hemi-arthroplasty'];

/**
 * The operation as a procedure type. A blank cell takes the procedure chosen for the upload; an OPCS-4
 * code (with or without its dot, as `W37.1`, `W371` or `W37`) or words such as "Total knee replacement".
 */
export function parseOperationType(raw: string): Parsed<ProcedureCode> {
  const s = raw.trim();
  const lower = s.toLowerCase();
  if (lower === 'knee' || lower === 'hip' || lower === 'knee-hip') return { ok: true, value: lower };
  const code = /^([A-Za-z])(\d{2})(?:\.?\d)?(?:\s|$)/.exec(s);
  if (code) {
    const key = `${code[1]!.toUpperCase()}${code[2]}`;
    if (opcsHip.has(key)) return { ok: true, value: 'hip' };
    if (opcsKnee.has(key)) return { ok: true, value: 'knee' };
    return { ok: false, error: rowMessages.operation(raw) };
  }
  const words = lower.split(/[^a-z-]+/);
  const knee = words.some((w) => kneeWords.includes(w));
  const hip = words.some((w) => hipWords.includes(w));
  if (knee && hip) return { ok: true, value: 'knee-hip' };
  if (knee) return { ok: true, value: 'knee' };
  if (hip) return { ok: true, value: 'hip' };
  if (squash(s) === 'kneehip' || squash(s) === 'hipknee') return { ok: true, value: 'knee-hip' };
  return { ok: false, error: rowMessages.operation(raw) };
}

/** An upload for knee accepts knee operations, hip hip, and knee-hip all three. */
export function operationFitsProcedure(operation: ProcedureCode, procedure: ProcedureCode): boolean {
  return procedure === 'knee-hip' || operation === procedure;
}

// A NUL, another C0 control character (tab, CR and LF are layout), U+FFFD left by a failed
// conversion, or half a surrogate pair.
/* eslint-disable no-control-regex -- finding control characters is the point */
const badCharacters =
  /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const maybeBad = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFD\uD800-\uDFFF]/;
/* eslint-enable no-control-regex */

export function hasBadCharacter(value: string): boolean {
  return badCharacters.test(value);
}

/**
 * A quick test over a whole chunk of text: false means no cell in it can have a bad character or a
 * hidden text-direction character (which the readers remove with a warning, decision 0043).
 */
export function mayHaveBadCharacter(text: string): boolean {
  return maybeBad.test(text) || hasBidiControls(text);
}

/** A cell a reader must look at closely: a bad character, or a direction control to remove. */
export function needsCharacterCheck(value: string): boolean {
  return badCharacters.test(value) || hasBidiControls(value);
}
