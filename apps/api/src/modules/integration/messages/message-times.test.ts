import { describe, expect, it } from 'vitest';
import { isInFuture, readFhirDateTime, readHl7DateTime, type TimeReading } from './message-times.js';

const shown = (reading: TimeReading) => (reading.ok ? [reading.time.iso, reading.time.day] : reading.problem);

describe('readHl7DateTime', () => {
  it.each([
    ['20261125083000', '2026-11-25T08:30:00+00:00', '2026-11-25'],
    ['202611250830', '2026-11-25T08:30:00+00:00', '2026-11-25'],
    ['20260624091500', '2026-06-24T09:15:00+01:00', '2026-06-24'],
    ['20260624091500+0000', '2026-06-24T10:15:00+01:00', '2026-06-24'],
    ['20260624233000-0500', '2026-06-25T05:30:00+01:00', '2026-06-25'],
    ['20261125', '2026-11-25T00:00:00+00:00', '2026-11-25'],
    ['20260624', '2026-06-24T00:00:00+01:00', '2026-06-24'],
    ['20261125083000.25', '2026-11-25T08:30:00.250+00:00', '2026-11-25'],
  ])('reads %s as %s', (text, iso, day) => {
    expect(shown(readHl7DateTime(text))).toEqual([iso, day]);
  });

  it('reads a UK time across the clock changes', () => {
    // 29 March 2026: clocks go forward at 01:00 GMT; 25 October 2026: back at 02:00 BST.
    expect(shown(readHl7DateTime('202603290030'))).toEqual(['2026-03-29T00:30:00+00:00', '2026-03-29']);
    expect(shown(readHl7DateTime('202603290230'))).toEqual(['2026-03-29T02:30:00+01:00', '2026-03-29']);
    // 01:30 does not happen that morning: a clock put forward reads 02:30.
    expect(shown(readHl7DateTime('202603290130'))).toEqual(['2026-03-29T02:30:00+01:00', '2026-03-29']);
    expect(shown(readHl7DateTime('202610250130'))).toEqual(['2026-10-25T01:30:00+01:00', '2026-10-25']);
    expect(shown(readHl7DateTime('202610250230'))).toEqual(['2026-10-25T02:30:00+00:00', '2026-10-25']);
  });

  it.each([
    ['2026-11-25 08:30', 'format'],
    ['2026112508300', 'format'],
    ['20261125.5', 'format'],
    ['', 'format'],
    ['202611', 'noDay'],
    ['2026', 'noDay'],
    ['20261131', 'notReal'],
    ['00000101', 'tooEarly'],
    ['00010101', 'tooEarly'],
    ['18991231', 'tooEarly'],
    ['20261125250000', 'notReal'],
    ['20261125083000+0075', 'notReal'],
  ])('refuses %s (%s)', (text, problem) => {
    expect(shown(readHl7DateTime(text))).toBe(problem);
  });
});

describe('readFhirDateTime', () => {
  it.each([
    ['2026-11-25T08:30:00+00:00', '2026-11-25T08:30:00+00:00', '2026-11-25'],
    ['2026-11-25T08:30:00Z', '2026-11-25T08:30:00+00:00', '2026-11-25'],
    ['2026-06-24T23:30:00Z', '2026-06-25T00:30:00+01:00', '2026-06-25'],
    ['2026-06-24T09:15:00.123+01:00', '2026-06-24T09:15:00.123+01:00', '2026-06-24'],
    ['2026-07-01', '2026-07-01T00:00:00+01:00', '2026-07-01'],
  ])('reads %s as %s', (text, iso, day) => {
    expect(shown(readFhirDateTime(text))).toEqual([iso, day]);
  });

  it.each([
    ['2026-11-25T08:30:00', 'format'],
    ['2026-11-25T08:30Z', 'format'],
    ['25/11/2026', 'format'],
    ['2026-11', 'noDay'],
    ['2026', 'noDay'],
    ['2026-02-29', 'notReal'],
    ['0001-01-01', 'tooEarly'],
    ['1899-12-31T23:00:00Z', 'tooEarly'],
    ['2026-11-25T24:00:00Z', 'notReal'],
  ])('refuses %s (%s)', (text, problem) => {
    expect(shown(readFhirDateTime(text))).toBe(problem);
  });
});

describe('isInFuture', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const at = (text: string) => {
    const reading = readFhirDateTime(text);
    if (!reading.ok) throw new Error(text);
    return reading.time;
  };

  it('allows a sender’s clock a few minutes fast, and today’s date', () => {
    expect(isInFuture(at('2026-11-26T12:04:00Z'), now)).toBe(false);
    expect(isInFuture(at('2026-11-26'), now)).toBe(false);
    expect(isInFuture(at('2026-11-26T12:06:00Z'), now)).toBe(true);
    expect(isInFuture(at('2026-11-27'), now)).toBe(true);
  });
});
