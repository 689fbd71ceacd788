import { describe, expect, it } from 'vitest';
import {
  changeSegment,
  emptySegments,
  joinSegments,
  previousSegment,
  splitNhsNumber,
} from './nhs-number-segments';

describe('NHS number in three boxes (docs/requirements.md §2 patient lookup)', () => {
  it('splits a number 3-3-4, without its spaces or hyphens', () => {
    expect(splitNhsNumber('9990845255')).toEqual(['999', '084', '5255']);
    expect(splitNhsNumber('999 084 5255')).toEqual(['999', '084', '5255']);
    expect(splitNhsNumber('999-084-5255')).toEqual(['999', '084', '5255']);
    expect(splitNhsNumber('99908')).toEqual(['999', '08', '']);
    expect(joinSegments(splitNhsNumber(' 999 084 5255 '))).toBe('9990845255');
  });

  it('keeps what is typed within a box in that box', () => {
    expect(changeSegment(emptySegments, 0, '99')).toEqual({ segments: ['99', '', ''], focus: 0 });
    expect(changeSegment(['999', '', ''], 1, '084')).toEqual({ segments: ['999', '084', ''], focus: 1 });
  });

  it('fills every box from a whole number pasted into the first, and puts the focus in the last', () => {
    for (const pasted of ['9990845255', '999 084 5255', '999-084-5255', ' 999 0845255'])
      expect(changeSegment(emptySegments, 0, pasted), pasted).toEqual({
        segments: ['999', '084', '5255'],
        focus: 2,
      });
  });

  it('replaces the old number when a new one is pasted over it', () => {
    expect(changeSegment(['999', '084', '5255'], 0, '9991693939').segments).toEqual(['999', '169', '3939']);
  });

  it('moves on to the next box when typing goes past the end of one', () => {
    expect(changeSegment(['999', '', ''], 0, '9990')).toEqual({ segments: ['999', '0', ''], focus: 1 });
    expect(changeSegment(['999', '084', ''], 1, '0845')).toEqual({ segments: ['999', '084', '5'], focus: 2 });
  });

  it('inserts rather than loses the later boxes when one more digit is typed into a full box', () => {
    expect(changeSegment(['999', '084', '5255'], 0, '9991').segments).toEqual(['999', '108', '45255']);
  });

  it('keeps the rest of a pasted number in the later boxes when pasted into the second', () => {
    expect(changeSegment(['999', '', ''], 1, '084 5255')).toEqual({
      segments: ['999', '084', '5255'],
      focus: 2,
    });
  });

  it('goes back a box on Backspace in an empty box', () => {
    expect(previousSegment(1, '')).toBe(0);
    expect(previousSegment(1, '0')).toBeNull();
    expect(previousSegment(0, '')).toBeNull();
  });
});
