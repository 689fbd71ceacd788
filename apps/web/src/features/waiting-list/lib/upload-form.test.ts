import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  checkImportFile,
  progressAnnouncement,
  progressPercent,
  progressText,
  uploadErrorsFrom,
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
