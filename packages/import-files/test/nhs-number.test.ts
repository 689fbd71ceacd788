import { describe, expect, it } from 'vitest';
import { rowMessages } from '../src/messages.js';
import { hasValidCheckDigit, localIdentifierDamage, parseNhsNumber } from '../src/nhs-number.js';
import { testNhsNumber } from './helpers/nhs.js';

describe('NHS number', () => {
  it('accepts the documented test numbers and ones computed in the 999 range', () => {
    for (const n of [
      '9434765919',
      '9000000009',
      '9990000018',
      '9990000026',
      '9990000034',
      '9990000042',
      '9990000050',
    ]) {
      expect(hasValidCheckDigit(n)).toBe(true);
    }
    for (let i = 0; i < 50; i++)
      expect(parseNhsNumber(testNhsNumber(i))).toEqual({ ok: true, value: testNhsNumber(i) });
  });

  it('strips spaces and hyphens as layout', () => {
    expect(parseNhsNumber('943 476 5919')).toEqual({ ok: true, value: '9434765919' });
    expect(parseNhsNumber('943-476-5919')).toEqual({ ok: true, value: '9434765919' });
  });

  it('refuses a wrong check digit, showing the number 3-3-4', () => {
    expect(parseNhsNumber('9434765918')).toEqual({ ok: false, error: rowMessages.nhsChecksum('9434765918') });
    expect(rowMessages.nhsChecksum('9434765918')).toBe(
      "NHS number 943 476 5918 fails the check digit (Modulus 11) — check it against the patient's record.",
    );
  });

  it('refuses a number whose check digit would be 10', () => {
    // 9990000010 … 9990000019: the body 999000001 has check 8; find a body with remainder 1.
    const body = Array.from({ length: 100 }, (_, i) => String(999000100 + i)).find((b) => {
      const sum = [...b].reduce((s, d, i) => s + Number(d) * (10 - i), 0);
      return 11 - (sum % 11) === 10;
    })!;
    for (let d = 0; d <= 9; d++) expect(hasValidCheckDigit(`${body}${d}`)).toBe(false);
  });

  it('refuses one digit repeated even though it passes the check', () => {
    expect(hasValidCheckDigit('1111111111')).toBe(true);
    expect(parseNhsNumber('1111111111')).toEqual({ ok: false, error: rowMessages.nhsRepeated('1111111111') });
    expect(parseNhsNumber('0000000000').ok).toBe(false);
  });

  it('reports what Excel did, never repairing it', () => {
    expect(parseNhsNumber('9.43477E+09')).toEqual({
      ok: false,
      error: 'Excel has turned this NHS number into 9.43477E+09; format the column as text and export again.',
    });
    expect(parseNhsNumber('9434765919.0')).toEqual({
      ok: false,
      error: rowMessages.nhsDecimal('9434765919.0'),
    });
    expect(parseNhsNumber('434765919')).toEqual({ ok: false, error: rowMessages.nhsLength('434765919', 9) });
    expect(rowMessages.nhsLength('434765919', 9)).toContain('leading zero');
  });

  it('refuses letters and the wrong length', () => {
    expect(parseNhsNumber('94347659AB')).toEqual({
      ok: false,
      error: rowMessages.nhsCharacters('94347659AB'),
    });
    expect(parseNhsNumber('94347659191')).toEqual({
      ok: false,
      error: rowMessages.nhsLength('94347659191', 11),
    });
  });

  it('flags local identifiers Excel has damaged', () => {
    expect(localIdentifierDamage('1.23457E+11')).toBe(rowMessages.localScientific('1.23457E+11'));
    expect(localIdentifierDamage('123456.0')).toBe(rowMessages.localDecimal('123456.0'));
    expect(localIdentifierDamage('RX100234')).toBeNull();
    expect(localIdentifierDamage('A1.0B')).toBeNull();
  });
});
