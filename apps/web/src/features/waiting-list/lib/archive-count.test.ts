import { describe, expect, it } from 'vitest';
import { archiveCountMessages } from '@esr/contracts/archive-warning';
import { ApiError } from '../../../lib/api-client';
import { archiveCountProblem, archiveCountRefusal, readArchiveCount } from './archive-count';

describe('the number typed to confirm an archive (docs/decisions/0053-archive-warning-on-confirm.md)', () => {
  it('is read with or without the thousands separators the warning shows, spaces around it ignored', () => {
    expect(readArchiveCount('2394')).toBe(2394);
    expect(readArchiveCount('2,394')).toBe(2394);
    expect(readArchiveCount(' 2,394 ')).toBe(2394);
    expect(readArchiveCount('1,234,567')).toBe(1234567);
    expect(readArchiveCount('0')).toBe(0);
  });

  it('is not read when it is not a whole number written as the warning writes it', () => {
    for (const typed of [
      '',
      '   ',
      '23,94',
      '2394,',
      ',394',
      '2,3940',
      '1234,567',
      '2394.0',
      '-2394',
      '+2394',
      '2 394',
      'two thousand',
      '0x95a',
      '1e3',
    ])
      expect(readArchiveCount(typed), typed).toBeUndefined();
  });

  it('must be typed, and must be the number of the warning', () => {
    expect(archiveCountProblem('', 2394)).toBe(archiveCountMessages.missing);
    expect(archiveCountProblem('  ', 2394)).toBe(archiveCountMessages.missing);
    expect(archiveCountProblem('2398', 2394)).toBe(archiveCountMessages.wrong);
    expect(archiveCountProblem('23,94', 2394)).toBe(archiveCountMessages.wrong);
    expect(archiveCountProblem('2,394', 2394)).toBeUndefined();
    expect(archiveCountProblem('2394', 2394)).toBeUndefined();
  });

  it("takes the server's refusal of the number from its field errors, and nothing else", () => {
    const sentence =
      'Confirming will take 2,394 of 2,398 patients (99.8%) off the knee replacement waiting list.';
    const refused = new ApiError(409, {
      detail: sentence,
      errors: { archiveCount: [archiveCountMessages.wrong] },
    });
    expect(archiveCountRefusal(refused)).toBe(archiveCountMessages.wrong);
    expect(
      archiveCountRefusal(new ApiError(409, { detail: 'This upload has already been confirmed' })),
    ).toBeUndefined();
    expect(
      archiveCountRefusal(new ApiError(500, { detail: 'Internal server error occurred' })),
    ).toBeUndefined();
    expect(archiveCountRefusal(new Error('network'))).toBeUndefined();
  });
});
