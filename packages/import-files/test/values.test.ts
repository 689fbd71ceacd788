import { describe, expect, it } from 'vitest';
import { normaliseUnit, parseLabResult, unitFactor } from '../src/lab-values.js';
import { rowMessages } from '../src/messages.js';
import {
  cellValue,
  hasBadCharacter,
  operationFitsProcedure,
  parseEthnicCategory,
  parseMeasure,
  parseOperationType,
  parsePriority,
  parseReadiness,
  parseSex,
  parseSmoking,
  parseSocial,
  parseYesNo,
} from '../src/values.js';

const ok = <T>(value: T) => ({ ok: true, value });

describe('cell values', () => {
  it('trims spaces, tabs and NBSP', () => {
    expect(cellValue('  Smith\u00a0')).toBe('Smith');
    expect(cellValue('\tSmith ')).toBe('Smith');
    expect(cellValue('Smith')).toBe('Smith');
  });

  it.each([
    '',
    '   ',
    '\u00a0',
    'NULL',
    'null',
    'N/A',
    'n/a',
    'NA',
    '-',
    '#N/A',
    'Unknown',
    'UNKNOWN',
    'Not known',
    'not known',
  ])('reads %j as not known', (raw) => {
    expect(cellValue(raw)).toBeNull();
  });

  it('keeps words that only start like the unknown ones', () => {
    expect(cellValue('Nash')).toBe('Nash');
    expect(cellValue('-5')).toBe('-5');
    expect(cellValue('Ng')).toBe('Ng');
  });

  it('finds NUL, control and broken characters, not ordinary text or emoji', () => {
    expect(hasBadCharacter('Pat\u0000el')).toBe(true);
    expect(hasBadCharacter('Jo\u0007n')).toBe(true);
    expect(hasBadCharacter('Jo\uFFFDn')).toBe(true);
    expect(hasBadCharacter('Jo\uD800n')).toBe(true);
    expect(hasBadCharacter('Jo\uDC00n')).toBe(true);
    expect(hasBadCharacter('Zoë 😀 line\r\nbreak\ttab')).toBe(false);
  });
});

describe('codes', () => {
  it.each([
    ['M', 'M'],
    ['F', 'F'],
    ['m', 'M'],
    ['1', 'M'],
    ['2', 'F'],
    ['Male', 'M'],
    ['FEMALE', 'F'],
    ['9', null],
    ['X', null],
    ['Not specified', null],
    ['Indeterminate', null],
  ])('sex %s', (raw, value) => {
    expect(parseSex(raw)).toEqual(ok(value));
  });

  it('refuses an unknown sex code', () => {
    expect(parseSex('Q')).toEqual({ ok: false, error: rowMessages.sex('Q') });
  });

  it.each([
    ['A', 'A'],
    ['a', 'A'],
    ['A1', 'A'],
    ['H', 'H'],
    ['J', 'J'],
    ['N', 'N'],
    ['P', 'P'],
    ['R', 'R'],
    ['S', 'S'],
    ['Z', 'Z'],
    ['99', '99'],
    ['A - White British', 'A'],
    ['White British', 'A'],
    ['Pakistani', 'J'],
    ['African', 'N'],
    ['Any other ethnic group', 'S'],
    ['Not stated', 'Z'],
  ])('ethnic category %s', (raw, value) => {
    expect(parseEthnicCategory(raw)).toEqual(ok(value));
  });

  it.each(['I', 'O', 'Q', 'T', 'Y', '98', 'White'])('refuses ethnic category %s', (raw) => {
    expect(parseEthnicCategory(raw)).toEqual({ ok: false, error: rowMessages.ethnic(raw) });
  });

  it.each([
    ['1', '1'],
    ['2', '2'],
    ['3', '3'],
    ['4', '4'],
    ['9', '9'],
    ['Z', 'Z'],
    ['z', 'Z'],
    ['Current smoker', '1'],
    ['Ex-smoker', '2'],
    ['ex smoker', '2'],
    ['Non-smoker - history unknown', '3'],
    ['Never smoked', '4'],
    ['Not stated', 'Z'],
  ])('smoking %s', (raw, value) => {
    expect(parseSmoking(raw)).toEqual(ok(value));
  });

  it('refuses an unknown smoking code', () => {
    expect(parseSmoking('7')).toEqual({ ok: false, error: rowMessages.smoking('7') });
  });

  it('reads readiness and social as codes or labels', () => {
    expect(parseReadiness('not_ready')).toEqual(ok('not_ready'));
    expect(parseReadiness('Not ready')).toEqual(ok('not_ready'));
    expect(parseReadiness('Requires review')).toEqual(ok('requires_review'));
    expect(parseReadiness('READY')).toEqual(ok('ready'));
    expect(parseReadiness('Soon')).toEqual({ ok: false, error: rowMessages.readiness('Soon') });
    expect(parseSocial('no_social_concerns')).toEqual(ok('no_social_concerns'));
    expect(parseSocial('No social concerns')).toEqual(ok('no_social_concerns'));
    expect(parseSocial('Social review required')).toEqual(ok('social_review_required'));
    expect(parseSocial('Social concerns')).toEqual(ok('social_concerns'));
    expect(parseSocial('Fine')).toEqual({ ok: false, error: rowMessages.social('Fine') });
  });

  it('keeps priorities P1a to P6 in their canonical form', () => {
    expect(parsePriority('P1a')).toEqual(ok('P1a'));
    expect(parsePriority('p1A')).toEqual(ok('P1a'));
    expect(parsePriority('P1b')).toEqual(ok('P1b'));
    expect(parsePriority('P 2')).toEqual(ok('P2'));
    expect(parsePriority('6')).toEqual(ok('P6'));
    expect(parsePriority('P9')).toEqual({ ok: false, error: rowMessages.priority('P9') });
    expect(parsePriority('P1')).toEqual({ ok: false, error: rowMessages.priority('P1') });
  });

  it.each([
    ['1', 1],
    ['0', 0],
    ['Y', 1],
    ['n', 0],
    ['Yes', 1],
    ['NO', 0],
    ['True', 1],
    ['FALSE', 0],
  ])('yes/no %s', (raw, value) => {
    expect(parseYesNo(raw, 'Heart failure')).toEqual(ok(value));
  });

  it('refuses anything else as a yes/no flag', () => {
    expect(parseYesNo('maybe', 'Heart failure')).toEqual({
      ok: false,
      error: rowMessages.yesNo('Heart failure', 'maybe'),
    });
    expect(parseYesNo('2', 'Heart failure').ok).toBe(false);
  });

  it('reads measures with or without their unit', () => {
    expect(parseMeasure('172', 'Height', 'cm')).toEqual(ok(172));
    expect(parseMeasure('172.5 cm', 'Height', 'cm')).toEqual(ok(172.5));
    expect(parseMeasure('70KG', 'Weight', 'kg')).toEqual(ok(70));
    expect(parseMeasure('tall', 'Height', 'cm')).toEqual({
      ok: false,
      error: rowMessages.number('Height', 'tall'),
    });
  });
});

describe('operation type', () => {
  it.each([
    ['knee', 'knee'],
    ['Hip', 'hip'],
    ['knee-hip', 'knee-hip'],
    ['W371', 'hip'],
    ['W37.1', 'hip'],
    ['W38', 'hip'],
    ['W39.9', 'hip'],
    ['W931', 'hip'],
    ['W95.1', 'hip'],
    ['W461', 'hip'],
    ['W48', 'hip'],
    ['W401', 'knee'],
    ['W41.1', 'knee'],
    ['w421', 'knee'],
    ['O181', 'knee'],
    ['W401 Total prosthetic replacement of knee joint', 'knee'],
    ['Total knee replacement', 'knee'],
    ['Right THR', 'hip'],
    ['TKR', 'knee'],
    ['Hip and knee', 'knee-hip'],
  ])('%s is %s', (raw, value) => {
    expect(parseOperationType(raw)).toEqual(ok(value));
  });

  it('refuses other operations', () => {
    expect(parseOperationType('W43')).toEqual({ ok: false, error: rowMessages.operation('W43') });
    expect(parseOperationType('Shoulder')).toEqual({ ok: false, error: rowMessages.operation('Shoulder') });
  });

  it('matches the procedure chosen for the upload', () => {
    expect(operationFitsProcedure('knee', 'knee')).toBe(true);
    expect(operationFitsProcedure('hip', 'knee')).toBe(false);
    expect(operationFitsProcedure('knee-hip', 'knee')).toBe(false);
    expect(operationFitsProcedure('hip', 'hip')).toBe(true);
    for (const op of ['knee', 'hip', 'knee-hip'] as const)
      expect(operationFitsProcedure(op, 'knee-hip')).toBe(true);
  });
});

describe('lab results', () => {
  it.each([
    ['4.5', 4.5, null],
    ['150', 150, null],
    ['.5', 0.5, null],
    ['<5', 5, '<'],
    ['< 5', 5, '<'],
    ['<=5', 5, '<'],
    ['>90', 90, '>'],
    ['≥90', 90, '>'],
    ['150 H', 150, null],
    ['3.1 L', 3.1, null],
    ['3.1L', 3.1, null],
    ['12 *', 12, null],
    ['150*', 150, null],
    ['170 HH', 170, null],
    ['150 (H)', 150, null],
    ['>90 H', 90, '>'],
  ])('reads %s', (raw, value, limit) => {
    expect(parseLabResult(raw)).toEqual({ kind: 'number', value, limit });
  });

  it.each(['haemolysed', 'Insufficient sample', 'see comment', '0x10', '1,234', '-'])(
    'takes %s as a comment',
    (raw) => {
      expect(parseLabResult(raw)).toEqual({ kind: 'comment' });
    },
  );

  it('knows the units labs write', () => {
    expect(normaliseUnit('x10^9/L')).toBe('109/l');
    expect(normaliseUnit('10⁹/L')).toBe('109/l');
    expect(normaliseUnit('µmol/L')).toBe('umol/l');
    expect(unitFactor('haemoglobin', 'g/dL')).toEqual({ kind: 'known', factor: 10 });
    expect(unitFactor('haemoglobin', 'g/L')).toEqual({ kind: 'known', factor: 1 });
    expect(unitFactor('creatinine', 'mg/dL')).toEqual({ kind: 'known', factor: 88.4 });
    expect(unitFactor('creatinine', 'μmol/l')).toEqual({ kind: 'known', factor: 1 });
    expect(unitFactor('albumin', 'g/dL')).toEqual({ kind: 'known', factor: 10 });
    expect(unitFactor('crp', 'mg/dL')).toEqual({ kind: 'known', factor: 10 });
    expect(unitFactor('whiteBloodCount', '10*9/L')).toEqual({ kind: 'known', factor: 1 });
    expect(unitFactor('plateletCount', 'K/uL')).toEqual({ kind: 'known', factor: 1 });
    expect(unitFactor('egfr', 'mL/min/1.73m²')).toEqual({ kind: 'known', factor: 1 });
    expect(unitFactor('sodium', 'mmol/L')).toEqual({ kind: 'known', factor: 1 });
    expect(unitFactor('urea', 'mg/dL')).toEqual({ kind: 'unknown' });
  });
});
