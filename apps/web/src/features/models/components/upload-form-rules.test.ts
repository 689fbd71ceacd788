import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { uploadErrorsFrom, validateUpload } from './upload-form-rules';

const file = (name: string) => ({ name }) as File;

describe('model upload form rules (docs/requirements.md §5)', () => {
  it('needs the type of operation and both files', () => {
    expect(validateUpload({ procedure: '', modelFile: null, wrapperFile: null })).toEqual({
      procedure: 'Select the type of operation',
      modelFile: 'Select a model file',
      wrapperFile: 'Select a wrapper file',
    });
  });
  it('accepts .pkl only', () => {
    expect(
      validateUpload({ procedure: 'knee', modelFile: file('m.joblib'), wrapperFile: file('w.PKL') }),
    ).toEqual({
      modelFile: 'The model file must be a .pkl file',
    });
    expect(
      validateUpload({ procedure: 'knee', modelFile: file('m.pkl'), wrapperFile: file('w.pkl') }),
    ).toEqual({});
  });
  it('puts server errors under their fields', () => {
    const error = new ApiError(400, {
      detail: 'x',
      errors: { modelFile: ['Refused global os.system'], wrapperFile: ['bad'] },
    });
    expect(uploadErrorsFrom(error)).toEqual({ modelFile: 'Refused global os.system', wrapperFile: 'bad' });
  });
  it('uses the generic messages otherwise', () => {
    expect(uploadErrorsFrom(new ApiError(500, null))).toEqual({ form: 'Internal server error occurred' });
    expect(uploadErrorsFrom(new Error('network'))).toEqual({ form: 'Some error occurred' });
    expect(uploadErrorsFrom(new ApiError(403, { detail: 'You do not have permission to do this' }))).toEqual({
      form: 'You do not have permission to do this',
    });
  });
});
