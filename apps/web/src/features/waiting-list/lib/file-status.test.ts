import { describe, expect, it } from 'vitest';
import { stillValidating, validationAnnouncement } from './file-status';
import { buildUploadStatus } from './test-builders';

describe('polling the upload status (docs/requirements.md §4)', () => {
  it('goes on while nothing is known or either file is still validating', () => {
    expect(stillValidating(undefined)).toBe(true);
    expect(stillValidating(buildUploadStatus('VALIDATING', 'VALIDATING'))).toBe(true);
    expect(stillValidating(buildUploadStatus('VALIDATED', 'VALIDATING'))).toBe(true);
    expect(stillValidating(buildUploadStatus('FAILED', 'VALIDATING'))).toBe(true);
  });

  it('stops once both files are validated or failed', () => {
    expect(stillValidating(buildUploadStatus('VALIDATED', 'VALIDATED'))).toBe(false);
    expect(stillValidating(buildUploadStatus('VALIDATED_WITH_ERRORS', 'FAILED'))).toBe(false);
  });

  it('announces both files in one sentence', () => {
    expect(validationAnnouncement(buildUploadStatus('VALIDATED', 'VALIDATED_WITH_ERRORS'))).toBe(
      'Waiting list file: validated. Blood test file: validated with errors.',
    );
  });
});
