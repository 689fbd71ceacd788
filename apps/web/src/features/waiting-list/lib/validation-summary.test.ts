import { describe, expect, it } from 'vitest';
import { changeLines, doneLines, failedFileMessage, matchingLines } from './validation-summary';

describe('failed files (docs/requirements.md §8)', () => {
  it("follows the spec's lead with the server's error or 'Please re-upload the file.'", () => {
    expect(failedFileMessage('waitingList', 'The file has no header row.')).toBe(
      'Waiting list validation failed. The file has no header row.',
    );
    expect(failedFileMessage('bloodTest', null)).toBe(
      'Blood test validation failed. Please re-upload the file.',
    );
    expect(failedFileMessage('bloodTest', '')).toBe(
      'Blood test validation failed. Please re-upload the file.',
    );
  });
});

describe('matching the two files', () => {
  it('says who has no blood results and which results match no patient', () => {
    expect(matchingLines({ pathways_without_bloods: 1, bloods_without_pathway: 0 })).toEqual([
      "1 patient on the waiting list has no blood test results. Where the model requires a result, they will show Incomplete, with no risk band, until one is recorded; any other result takes the model's default value.",
    ]);
    expect(matchingLines({ pathways_without_bloods: 0, bloods_without_pathway: 2 })).toEqual([
      '2 patients in the blood test file are not on the waiting list. Their results will not be imported.',
    ]);
    expect(matchingLines({ pathways_without_bloods: 0, bloods_without_pathway: 0 })).toHaveLength(1);
  });
});

describe('what the confirm does (docs/decisions/0037-what-the-confirm-will-do.md)', () => {
  it('lists the pathways added, updated, unchanged and archived, with thousands separators', () => {
    expect(changeLines({ added: 1_602, updated: 12, unchanged: 98_113, archived: 1 })).toEqual([
      { key: 'added', label: 'Patients added to the list', count: '1,602' },
      { key: 'updated', label: 'Patients whose details are updated', count: '12' },
      { key: 'unchanged', label: 'Patients unchanged', count: '98,113' },
      { key: 'archived', label: 'Patients archived (not on the new list)', count: '1' },
    ]);
  });

  it('says what the confirm did, one sentence a change, in the singular where it is one', () => {
    expect(doneLines({ added: 1, updated: 2_400, unchanged: 0, archived: 1_001 })).toEqual([
      '1 patient was added to the list.',
      '2,400 patients’ details were updated.',
      '0 patients were already on the list and unchanged.',
      '1,001 patients were archived: they were not on the new list.',
    ]);
  });

  it('counts with thousands separators', () => {
    expect(matchingLines({ pathways_without_bloods: 1_602, bloods_without_pathway: 0 })[0]).toBe(
      "1,602 patients on the waiting list have no blood test results. Where the model requires a result, they will show Incomplete, with no risk band, until one is recorded; any other result takes the model's default value.",
    );
  });
});
