import { describe, expect, it } from 'vitest';
import { clericalChangeText, clericalChangeWords, type ClericalChange } from './clerical-changes.js';

const change: ClericalChange = {
  evaluationId: '0193f7a2-5c1e-7b3d-9a41-6f2e8c0d4b17',
  changedBy: 'Claire Evans',
  changedAt: '2026-12-06T10:15:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
};

describe('the note of a prediction made from details a clerical user changed (decision 0056)', () => {
  it('names the clerk, their role and the day, and says no clinician has reviewed it yet', () => {
    expect(clericalChangeText(change)).toBe(
      'Details changed by Claire Evans (Clerical User) on 06-Dec-2026, not yet reviewed by a clinician',
    );
  });

  it('names the clinician who reviewed it and the day, on London calendar days', () => {
    // 23:30 UTC on 30 June is 1 July in London (BST).
    const reviewed = {
      ...change,
      changedAt: '2026-06-30T23:30:00.000Z',
      reviewedBy: 'Olu Adeyemi',
      reviewedAt: '2026-07-02T08:00:00.000Z',
    };
    expect(clericalChangeText(reviewed)).toBe(
      'Details changed by Claire Evans (Clerical User) on 01-Jul-2026, reviewed by Olu Adeyemi (Clinician) on 02-Jul-2026',
    );
  });

  it('hands each name to the caller, so a screen can isolate it', () => {
    const words = clericalChangeWords(
      { ...change, reviewedBy: 'Olu Adeyemi', reviewedAt: change.changedAt },
      (name) => ({
        name,
      }),
    );
    expect(words.filter((word) => typeof word !== 'string')).toEqual([
      { name: 'Claire Evans' },
      { name: 'Olu Adeyemi' },
    ]);
  });
});
