import type { FileResult, UploadStatus, ValidationSummary } from '@esr/contracts/waiting-list';
import { buildFileResult } from '../../../lib/test-builders';

export function buildSummary(
  overrides: { waitingList?: Partial<FileResult>; bloodTest?: Partial<FileResult> } & Partial<
    Pick<
      ValidationSummary,
      'pathways_without_bloods' | 'bloods_without_pathway' | 'batchStatus' | 'changes' | 'archiveWarning'
    >
  > = {},
): ValidationSummary {
  return {
    batchId: '7a1c1d52-3c6b-4f3e-9a57-8d1a2b3c4d5e',
    batchStatus: overrides.batchStatus ?? 'VALIDATED',
    pageNumber: 1,
    pageSize: 15,
    waiting_list_result: buildFileResult(overrides.waitingList),
    blood_test_result: buildFileResult({ file_name: 'blood-tests.csv', ...overrides.bloodTest }),
    pathways_without_bloods: overrides.pathways_without_bloods ?? 0,
    bloods_without_pathway: overrides.bloods_without_pathway ?? 0,
    changes:
      overrides.changes === undefined
        ? { added: 3, updated: 0, unchanged: 0, archived: 0 }
        : overrides.changes,
    archiveWarning: overrides.archiveWarning ?? null,
  };
}

export function buildUploadStatus(
  waitingList: UploadStatus['waiting_list']['status'],
  bloodTest: UploadStatus['blood_test']['status'],
): UploadStatus {
  const totals = { rows: 0, valid: 0, invalid: 0, error: 0, warnings: 0 };
  return {
    batchId: '7a1c1d52-3c6b-4f3e-9a57-8d1a2b3c4d5e',
    batchStatus: 'VALIDATING',
    waiting_list: { fileName: 'waiting-list.csv', status: waitingList, totals },
    blood_test: { fileName: 'blood-tests.csv', status: bloodTest, totals },
  };
}
