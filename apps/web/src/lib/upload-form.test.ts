import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  checkImportFile,
  decisionProblem,
  fileUploadErrorsFrom,
  progressAnnouncement,
  progressPercent,
  progressText,
  uploadDecisions,
} from './upload-form';

describe('upload progress', () => {
  it('says how much has been sent, in whole percent', () => {
    expect(progressText({ loaded: 45, total: 100 })).toBe('Uploading 45%');
    expect(progressText({ loaded: 1, total: 3 })).toBe('Uploading 33%');
    expect(progressText({ loaded: 100, total: 100 })).toBe('Uploading 100%');
  });

  it('says only Uploading while the size is unknown', () => {
    expect(progressText(null)).toBe('Uploading');
    expect(progressText({ loaded: 500, total: 0 })).toBe('Uploading');
    expect(progressPercent({ loaded: 500, total: 0 })).toBeUndefined();
  });

  it('never passes 100%', () => {
    expect(progressPercent({ loaded: 120, total: 100 })).toBe(100);
  });

  it('announces in quarters so that a screen reader is not flooded', () => {
    expect(progressAnnouncement({ loaded: 24, total: 100 })).toBe('Uploading 0%');
    expect(progressAnnouncement({ loaded: 45, total: 100 })).toBe('Uploading 25%');
    expect(progressAnnouncement({ loaded: 99, total: 100 })).toBe('Uploading 75%');
    expect(progressAnnouncement({ loaded: 100, total: 100 })).toBe('Uploading 100%');
  });
});

describe('checking a chosen file (docs/requirements.md §5)', () => {
  it('accepts csv, xlsx and xls, whatever the case of the extension', () => {
    expect(checkImportFile({ name: 'list.csv', size: 10 })).toBeUndefined();
    expect(checkImportFile({ name: 'list.XLSX', size: 10 })).toBeUndefined();
    expect(checkImportFile({ name: 'list.xls', size: 10 })).toBeUndefined();
  });

  it('refuses other types, empty files and files over 50 MB', () => {
    expect(checkImportFile({ name: 'list.pdf', size: 10 })).toBe('The file must be a CSV, XLSX or XLS file');
    expect(checkImportFile({ name: 'list.csv', size: 0 })).toBe('The file is empty');
    expect(checkImportFile({ name: 'list.csv', size: 50 * 1024 * 1024 + 1 })).toBe(
      'The file is larger than 50 MB',
    );
  });
});

describe('upload errors for any set of file fields (docs/requirements.md §5, §8)', () => {
  const busy = 'Uploading an outcomes file is not possible when the service is running';

  it('puts the 400 errors under the form’s own fields, and the others at the top', () => {
    const error = new ApiError(400, {
      detail: 'The request is not valid',
      errors: { outcomesFile: ['The file is empty', 'Try again'], other: ['Something else'] },
    });
    expect(fileUploadErrorsFrom(error, ['outcomesFile'], busy)).toEqual({
      outcomesFile: 'The file is empty Try again',
      form: 'Something else',
    });
    // A field this form does not have is not one of its fields.
    const listError = new ApiError(400, { detail: 'x', errors: { waitingListDataFile: ['Wrong type'] } });
    expect(fileUploadErrorsFrom(listError, ['outcomesFile'], busy)).toEqual({ form: 'Wrong type' });
  });

  it('says the form’s busy message on 409, and the size on 413', () => {
    expect(fileUploadErrorsFrom(new ApiError(409, { detail: 'busy' }), ['outcomesFile'], busy)).toEqual({
      form: busy,
    });
    expect(fileUploadErrorsFrom(new ApiError(413, null), ['outcomesFile'], busy)).toEqual({
      form: 'The file is larger than 50 MB',
    });
  });
});

describe('confirm and cancel of an upload', () => {
  const setup = (batchStatus?: 'VALIDATED' | 'IMPORTED') => {
    const said: string[] = [];
    const done: string[] = [];
    const actions = (confirm: () => Promise<unknown>, cancel: () => Promise<unknown>) =>
      uploadDecisions({
        batchId: 'b1',
        batchStatus,
        confirm,
        cancel,
        onConfirmed: () => done.push('confirmed'),
        onRestart: () => done.push('restart'),
        onProblem: (text) => said.push(text),
      });
    return { said, done, actions };
  };
  const ok = () => Promise.resolve();
  const fail = (status: number, detail?: string) => () =>
    Promise.reject(new ApiError(status, detail ? { detail } : null));

  it('asks for the followed batch, goes on after a confirm, and says why one is refused', async () => {
    const { said, done, actions } = setup('VALIDATED');
    const asked: string[] = [];
    await uploadDecisions({
      batchId: 'b1',
      batchStatus: 'VALIDATED',
      confirm: (batchId) => Promise.resolve(asked.push(`confirm ${batchId}`)),
      cancel: (batchId) => Promise.resolve(asked.push(`cancel ${batchId}`)),
      onConfirmed: () => undefined,
      onRestart: () => undefined,
      onProblem: () => undefined,
    }).cancel();
    expect(asked).toEqual(['cancel b1']);
    await actions(ok, ok).confirm();
    await actions(fail(422, 'The file has errors'), ok).confirm();
    await actions(fail(503), ok).confirm();
    expect(done).toEqual(['confirmed']);
    expect(said).toEqual(['The file has errors', 'Internal server error occurred']);
  });

  it('starts again after a cancel, or when the upload is already gone or decided', async () => {
    const { said, done, actions } = setup();
    await actions(ok, ok).cancel();
    await actions(ok, fail(404)).cancel();
    await actions(ok, fail(409, 'Already confirmed')).cancel();
    await actions(ok, fail(500)).cancel();
    expect(done).toEqual(['restart', 'restart', 'restart']);
    expect(said).toEqual(['Internal server error occurred']);
  });

  it('does not ask the server to cancel an upload already decided', async () => {
    const { done, actions } = setup('IMPORTED');
    let asked = false;
    await actions(ok, () => {
      asked = true;
      return Promise.resolve();
    }).cancel();
    expect(asked).toBe(false);
    expect(done).toEqual(['restart']);
  });

  it('words a refused decision', () => {
    expect(decisionProblem(new ApiError(409, { detail: 'Still validating' }))).toBe('Still validating');
    expect(decisionProblem(new ApiError(400, null))).toBe('Some error occurred');
    expect(decisionProblem(new TypeError('offline'))).toBe('Some error occurred');
  });
});
