import { describe, expect, it } from 'vitest';
import { editDetailsMessages } from '@esr/contracts/patients';
import { ApiError } from '../../../lib/api-client';
import { editDetailsFailureOf, editDetailsFormSchema } from './edit-details-form';

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
});
