import { describe, expect, it } from 'vitest';
import { anyStillValidating, filesAnnouncement, statusTag } from './upload-status';

describe('status tags (docs/requirements.md §4)', () => {
  it.each([
    ['VALIDATING', 'blue', 'Validating'],
    ['VALIDATED', 'green', 'Validated'],
    ['VALIDATED_WITH_ERRORS', 'orange', 'Validated with errors'],
    ['FAILED', 'red', 'Failed'],
    ['IMPORTED', 'green', 'Imported'],
    ['CANCELLED', 'grey', 'Cancelled'],
    ['EXPIRED', 'grey', 'Expired'],
  ] as const)('%s is a %s tag reading %s', (status, colour, label) => {
    expect(statusTag(status)).toEqual({ colour, label });
  });
});

describe('status tags of any upload list', () => {
  it('shows a list’s own words for a status, in the status’s colour', () => {
    expect(statusTag('IMPORTED', 'Outcomes recorded')).toEqual({
      colour: 'green',
      label: 'Outcomes recorded',
    });
    expect(statusTag('FAILED', '')).toEqual({ colour: 'red', label: 'Failed' });
  });

  it('shows a status it does not know in grey, in the list’s words or as it is', () => {
    expect(statusTag('CONFIRMING', 'Being confirmed')).toEqual({ colour: 'grey', label: 'Being confirmed' });
    expect(statusTag('CONFIRMING')).toEqual({ colour: 'grey', label: 'CONFIRMING' });
  });
});

describe('following the validation of any number of files (docs/requirements.md §4)', () => {
  const file = (status: 'VALIDATING' | 'VALIDATED' | 'FAILED', label = 'Outcomes file') => ({
    label,
    fileName: 'outcomes.csv',
    status,
  });

  it('goes on while nothing is known or any file is still validating', () => {
    expect(anyStillValidating(undefined)).toBe(true);
    expect(anyStillValidating([file('VALIDATING')])).toBe(true);
    expect(anyStillValidating([file('VALIDATED'), file('VALIDATING')])).toBe(true);
    expect(anyStillValidating([file('FAILED')])).toBe(false);
  });

  it('announces each file in one sentence', () => {
    expect(filesAnnouncement([file('VALIDATED')])).toBe('Outcomes file: validated.');
    expect(filesAnnouncement([file('FAILED', 'A'), file('VALIDATING', 'B')])).toBe(
      'A: failed. B: validating.',
    );
  });
});
