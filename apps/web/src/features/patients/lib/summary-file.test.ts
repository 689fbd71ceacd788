import { describe, expect, it } from 'vitest';
import { summaryFileName } from './summary-file';

describe('summary PDF file name (docs/requirements.md §2)', () => {
  it('is {historyId}_Summary_{timestamp}.pdf, in UK time', () => {
    expect(summaryFileName('5f0c1d52-3c6b-4f3e-9a57-8d1a2b3c4d5e', new Date('2026-11-25T10:15:00Z'))).toBe(
      '5f0c1d52-3c6b-4f3e-9a57-8d1a2b3c4d5e_Summary_20261125-101500.pdf',
    );
    expect(summaryFileName('abc', new Date('2026-07-01T10:15:00Z'))).toBe('abc_Summary_20260701-111500.pdf');
  });
});
