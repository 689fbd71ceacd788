import type { LabSpec } from './headers.js';
import type { LabCode } from './types.js';

export type LabResult = { kind: 'number'; value: number; limit: '<' | '>' | null } | { kind: 'comment' };

// Flags labs stick on a result: H, L, HH, LL, A (abnormal), *, !, and their words.
const flagged =
  /^([+-]?(?:\d+\.?\d*|\.\d+))\s*(?:\(?\s*(?:h|l|hh|ll|a|aa|n|c|\*+|!+|high|low|abnormal|critical|crit)\s*\)?\s*)+$/i;
const limitForm = /^([<>])\s*=?\s*([+-]?(?:\d+\.?\d*|\.\d+))\s*(?:\(?\s*(?:h|l|hh|ll|a|\*+|!+)\s*\)?\s*)*$/i;

function isNumberStart(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46 || c === 45 || c === 43;
}

/** A result as labs write it (import-data.md): `4.5`, `<5`, `>90`, `150 H`, `3.1*`, or a comment. */
export function parseLabResult(s: string): LabResult {
  const first = s.charCodeAt(0);
  if (isNumberStart(first)) {
    const n = Number(s);
    if (Number.isFinite(n) && s.charCodeAt(1) !== 120) return { kind: 'number', value: n, limit: null };
    const m = flagged.exec(s);
    if (m) return { kind: 'number', value: Number(m[1]), limit: null };
    return { kind: 'comment' };
  }
  if (first === 60 || first === 62 || first === 0x2264 || first === 0x2265) {
    const normal = first === 0x2264 ? `<${s.slice(1)}` : first === 0x2265 ? `>${s.slice(1)}` : s;
    const m = limitForm.exec(normal);
    if (m) return { kind: 'number', value: Number(m[2]), limit: m[1] as '<' | '>' };
  }
  return { kind: 'comment' };
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
