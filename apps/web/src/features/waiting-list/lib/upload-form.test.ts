import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { uploadErrorsFrom } from './upload-form';

describe('upload errors (docs/requirements.md §5, §8)', () => {
  it('puts the server 400 field errors under their files', () => {
    const error = new ApiError(400, {
      detail: 'The request is not valid',
      errors: { waitingListDataFile: ['The file is empty'], bloodTestDataFile: ['Wrong type', 'Too big'] },
    });
    expect(uploadErrorsFrom(error)).toEqual({
      waitingListDataFile: 'The file is empty',
      bloodTestDataFile: 'Wrong type Too big',
    });
  });

  it('shows the busy message on 409', () => {
    expect(uploadErrorsFrom(new ApiError(409, { detail: 'busy' }))).toEqual({
      form: 'Uploading a patient list is not possible when the service is running',
    });
  });

  it('falls back to the generic messages', () => {
    expect(uploadErrorsFrom(new ApiError(500, null))).toEqual({ form: 'Internal server error occurred' });
    expect(uploadErrorsFrom(new TypeError('offline'))).toEqual({ form: 'Some error occurred' });
    expect(uploadErrorsFrom(new ApiError(403, { detail: 'You do not have permission to do this' }))).toEqual({
      form: 'You do not have permission to do this',
    });
  });
});
