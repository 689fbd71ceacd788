import { describe, expect, it } from 'vitest';
import { editDetailsMessages } from '@esr/contracts/patients';
import { readOnlyMessage } from '@esr/contracts/read-only';
import { ApiError } from '../../../lib/api-client';
import { fieldLimits } from '@esr/contracts/field-limits';
import { editDetailsFailureOf, editDetailsFormSchema, surgeonCharactersLeftText } from './edit-details-form';

const messagesOf = (value: unknown) => {
  const result = editDetailsFormSchema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('edit details (docs/requirements.md §5)', () => {
  it('needs the surgeon, readiness and social aspects', () => {
    expect(messagesOf({ surgeonName: ' ', surgery: '', social: '' })).toEqual({
      surgeonName: editDetailsMessages.surgeonRequired,
      surgery: editDetailsMessages.surgeryRequired,
      social: editDetailsMessages.socialRequired,
    });
    expect(messagesOf({ surgeonName: 'x'.repeat(31), surgery: 'ready', social: 'social_concerns' })).toEqual({
      surgeonName: editDetailsMessages.surgeonTooLong,
    });
    expect(messagesOf({ surgeonName: 'Mr A Khan', surgery: 'ready', social: 'no_social_concerns' })).toEqual(
      {},
    );
  });

  it('removes hidden text-direction characters before the surgeon is checked and sent (decision 0043)', () => {
    // "Mr " + U+202E + "kcaj" would read "Mr jack"; the API refuses it, and no one can see it to delete it.
    const parsed = editDetailsFormSchema.parse({
      surgeonName: ' Mr \u202Ekcaj ',
      surgery: 'ready',
      social: 'no_social_concerns',
    });
    expect(parsed.surgeonName).toBe('Mr kcaj');
    // 30 characters once the controls are gone: within the limit the import and the API hold too.
    const thirty = 'Mr Alexander Fitzgerald-Hughes';
    expect(fieldLimits.surgeonName).toBe(30);
    expect(
      messagesOf({ surgeonName: `\u2067${thirty}\u2069`, surgery: 'ready', social: 'social_concerns' }),
    ).toEqual({});
    expect(surgeonCharactersLeftText(`\u2067${thirty}\u2069`)).toBe('You have 0 characters remaining');
    expect(surgeonCharactersLeftText('Mr A Khan')).toBe('You have 21 characters remaining');
    expect(surgeonCharactersLeftText(`${thirty}s`)).toBe('You have 1 character too many');
  });

  it('removes control characters the API refuses, a tab becoming a space (decision 0049)', () => {
    const parsed = editDetailsFormSchema.parse({
      surgeonName: 'Miss L\tOkonkwo\u0085\ufeff',
      surgery: 'ready',
      social: 'no_social_concerns',
    });
    expect(parsed.surgeonName).toBe('Miss L Okonkwo');
  });

  it("puts the server's errors under their fields", () => {
    const bad = new ApiError(400, {
      detail: 'The request is not valid',
      errors: { surgery: ['Select readiness for surgery'] },
    });
    expect(editDetailsFailureOf(bad, 'Some error occurred')).toEqual({
      fieldErrors: { surgery: 'Select readiness for surgery' },
    });
    expect(editDetailsFailureOf(new ApiError(409, { detail: 'Archived' }), 'x')).toEqual({
      fieldErrors: {},
      message: 'Archived',
    });
    expect(editDetailsFailureOf(new Error('offline'), 'Some error occurred').message).toBe(
      'Some error occurred',
    );
  });

  it("says a read-only service's 503 in the server's words, and a 500's in its own (decision 0067)", () => {
    const readOnly = readOnlyMessage('2026-12-07T18:00:00Z');
    expect(editDetailsFailureOf(new ApiError(503, { detail: readOnly }), 'Some error occurred')).toEqual({
      fieldErrors: {},
      message: readOnly,
    });
    expect(
      editDetailsFailureOf(
        new ApiError(500, { detail: 'Internal server error occurred' }),
        'Some error occurred',
      ).message,
    ).toBe('Some error occurred');
  });
});
