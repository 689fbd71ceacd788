import { describe, expect, it } from 'vitest';
import {
  changeSegment,
  emptySegments,
  joinSegments,
  pasteIntoSegment,
  previousSegment,
  splitNhsNumber,
} from './nhs-number-segments';

describe('NHS number in three boxes (docs/requirements.md §2 patient lookup)', () => {
  it('splits a number 3-3-4, without its spaces or hyphens, and keeps no more than ten characters', () => {
    expect(splitNhsNumber('91293456794104748')).toEqual(['912', '934', '5679']);
    expect(splitNhsNumber('9990845255')).toEqual(['999', '084', '5255']);
    expect(splitNhsNumber('999 084 5255')).toEqual(['999', '084', '5255']);
    expect(splitNhsNumber('999-084-5255')).toEqual(['999', '084', '5255']);
    expect(splitNhsNumber('99908')).toEqual(['999', '08', '']);
    expect(joinSegments(splitNhsNumber(' 999 084 5255 '))).toBe('9990845255');
  });

  it('keeps what is typed within a box in that box', () => {
    expect(changeSegment(emptySegments, 0, '99')).toEqual({ segments: ['99', '', ''], focus: 0 });
    expect(changeSegment(['999', '084', '5255'], 2, '525')).toEqual({
      segments: ['999', '084', '525'],
      focus: 2,
    });
    expect(changeSegment(['999', '', ''], 1, '084')).toEqual({ segments: ['999', '084', ''], focus: 1 });
  });

  it('fills every box from a whole number pasted into the first, and puts the focus in the last', () => {
    for (const pasted of ['9990845255', '999 084 5255', '999-084-5255', ' 999 0845255'])
      expect(changeSegment(emptySegments, 0, pasted), pasted).toEqual({
        segments: ['999', '084', '5255'],
        focus: 2,
        caret: 4,
      });
  });

  it('replaces the old number when a new one is pasted over it', () => {
    expect(changeSegment(['999', '084', '5255'], 0, '9991693939').segments).toEqual(['999', '169', '3939']);
  });

  it('moves on to the next box when typing goes past the end of one', () => {
    expect(changeSegment(['999', '', ''], 0, '9990')).toEqual({
      segments: ['999', '0', ''],
      focus: 1,
      caret: 1,
    });
    expect(changeSegment(['999', '084', ''], 1, '0845')).toEqual({
      segments: ['999', '084', '5'],
      focus: 2,
      caret: 1,
    });
  });

  it('keeps ten digits when one more is typed into any full box, wherever the caret is', () => {
    const full = ['912', '934', '5679'] as const;
    // Typed at the end of the first box: it goes on into the second, and the last digit drops off.
    expect(changeSegment(full, 0, '9124')).toEqual({ segments: ['912', '493', '4567'], focus: 1, caret: 1 });
    // Typed at its start.
    expect(changeSegment(full, 0, '4912', 1)).toEqual({
      segments: ['491', '293', '4567'],
      focus: 0,
      caret: 1,
    });
    expect(changeSegment(full, 1, '9341').segments).toEqual(['912', '934', '1567']);
    // The last box takes at most 4 digits.
    expect(changeSegment(full, 2, '56791')).toEqual({ segments: full, focus: 2, caret: 4 });
    // Re-typing a whole number over the first box, one key at a time, never grows it.
    let boxes: readonly [string, string, string] = full;
    for (const digit of '94347659') boxes = changeSegment(boxes, 0, `${boxes[0]}${digit}`, 3 + 1).segments;
    expect(joinSegments(boxes)).toHaveLength(10);
  });

  it('gives what is typed after an unfilled box to the boxes before it', () => {
    expect(changeSegment(['99', '', ''], 2, '5')).toEqual({ segments: ['995', '', ''], focus: 1, caret: 0 });
  });

  it('fills every box from a whole number pasted into any box, over whatever it held', () => {
    for (const pasted of ['943 476 5919', '9434765919', '943-476-5919'])
      for (const index of [0, 1, 2])
        for (const segments of [emptySegments, ['912', '934', '5679'] as const])
          expect(pasteIntoSegment(segments, index, pasted, 1, 1), `${pasted} into box ${index}`).toEqual({
            segments: ['943', '476', '5919'],
            focus: 2,
            caret: 4,
          });
  });

  it('puts a shorter paste in at the caret and flows it on, keeping ten digits', () => {
    expect(pasteIntoSegment(['943', '', ''], 1, '476 59', 0, 0)).toEqual({
      segments: ['943', '476', '59'],
      focus: 2,
      caret: 2,
    });
    expect(pasteIntoSegment(['943', '476', '5919'], 2, '123', 0, 4).segments).toEqual(['943', '476', '123']);
    expect(joinSegments(pasteIntoSegment(['943', '476', '5919'], 0, '12345', 3, 3).segments)).toBe(
      '9431234547',
    );
  });

  it('keeps the rest of a pasted number in the later boxes when pasted into the second', () => {
    expect(changeSegment(['999', '', ''], 1, '084 5255')).toEqual({
      segments: ['999', '084', '5255'],
      focus: 2,
      caret: 4,
    });
  });

  it('goes back a box on Backspace in an empty box', () => {
    expect(previousSegment(1, '')).toBe(0);
    expect(previousSegment(1, '0')).toBeNull();
    expect(previousSegment(0, '')).toBeNull();
  });
});
