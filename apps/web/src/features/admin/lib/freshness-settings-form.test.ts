import { describe, expect, it } from 'vitest';
import { freshnessSettingsMessages } from '@esr/contracts/data-freshness';
import { ApiError } from '../../../lib/api-client';
import { settingSaveFailure } from '../../../lib/setting-form';
import { parseFreshnessSetting } from './freshness-settings-form';

describe('the data-freshness settings typed (decision 0068)', () => {
  it('takes whole days from 1 to 35 and whole hours from 1 to 168, written as digits', () => {
    expect(parseFreshnessSetting('extractEveryDays', ' 14 ')).toEqual({ ok: true, value: 14 });
    expect(parseFreshnessSetting('extractEveryDays', '1')).toEqual({ ok: true, value: 1 });
    expect(parseFreshnessSetting('feedSilenceHours', '168')).toEqual({ ok: true, value: 168 });
  });

  it('refuses blanks, words, fractions and numbers out of range in the contract’s words', () => {
    const cases: [Parameters<typeof parseFreshnessSetting>, string][] = [
      [['extractEveryDays', ''], freshnessSettingsMessages.extractNotNumber],
      [['extractEveryDays', 'weekly'], freshnessSettingsMessages.extractNotNumber],
      [['extractEveryDays', '7.5'], freshnessSettingsMessages.extractNotNumber],
      [['extractEveryDays', '0'], freshnessSettingsMessages.extractTooShort],
      [['extractEveryDays', '36'], freshnessSettingsMessages.extractTooLong],
      [['feedSilenceHours', ''], freshnessSettingsMessages.feedNotNumber],
      [['feedSilenceHours', '169'], freshnessSettingsMessages.feedTooLong],
      [['feedSilenceHours', '9'.repeat(100_000)], freshnessSettingsMessages.feedNotNumber],
    ];
    for (const [[field, typed], message] of cases)
      expect(parseFreshnessSetting(field, typed), typed.slice(0, 20)).toEqual({ ok: false, error: message });
  });

  it('puts a refused save’s message under its field, and any other failure at the top', () => {
    const refused = new ApiError(400, { detail: 'x', errors: { feedSilenceHours: ['Too long'] } });
    expect(settingSaveFailure('feedSilenceHours')(refused)).toEqual({ field: 'Too long' });
    expect(settingSaveFailure('feedSilenceHours')(new ApiError(503, { detail: 'Read-only' }))).toEqual({
      message: 'Read-only',
    });
  });
});
