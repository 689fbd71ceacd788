import { messages } from '@esr/contracts/messages';
import type { ImportChanges } from '@esr/contracts/waiting-list';
import { countOf as count, countText } from '../../../lib/validation-summary';

/**
 * docs/requirements.md §8: 'Waiting list validation failed.' or 'Blood test validation failed.', followed by the
 * server's error or 'Please re-upload the file.'.
 */
export function failedFileMessage(file: 'waitingList' | 'bloodTest', error: string | null): string {
  const lead =
    file === 'waitingList' ? messages.waitingListValidationFailed : messages.bloodTestValidationFailed;
  return `${lead} ${error || messages.reUpload}`;
}

/** One line of what a confirm does to the active list. */
export interface ChangeLine {
  key: keyof ImportChanges;
  label: string;
  count: string;
}

/**
 * What the confirm will do to the active list (docs/decisions/0037-what-the-confirm-will-do.md),
 * as the summary lists it before Confirm: added, updated, unchanged, archived.
 */
export function changeLines(changes: ImportChanges): ChangeLine[] {
  return [
    { key: 'added', label: 'Patients added to the list', count: countText(changes.added) },
    { key: 'updated', label: 'Patients whose details are updated', count: countText(changes.updated) },
    { key: 'unchanged', label: 'Patients unchanged', count: countText(changes.unchanged) },
    { key: 'archived', label: 'Patients archived (not on the new list)', count: countText(changes.archived) },
  ];
}

/** What the confirm did, in sentences, for the upload complete page. */
export function doneLines(changes: ImportChanges): string[] {
  return [
    `${count(changes.added, 'patient was', 'patients were')} added to the list.`,
    `${count(changes.updated, 'patient’s details were', 'patients’ details were')} updated.`,
    `${count(changes.unchanged, 'patient was', 'patients were')} already on the list and unchanged.`,
    `${count(changes.archived, 'patient was', 'patients were')} archived: they were not on the new list.`,
  ];
}

/**
 * How the two files match (docs/requirements.md §3 validation summary): patients without blood results get
 * no risk band when the model requires a result (decision 0057), and its default values for the
 * rest; blood results for no patient are left out.
 */
export function matchingLines(summary: { pathways_without_bloods: number; bloods_without_pathway: number }) {
  const lines: string[] = [];
  const withoutBloods = summary.pathways_without_bloods;
  const withoutPatient = summary.bloods_without_pathway;
  if (withoutBloods > 0)
    lines.push(
      `${count(withoutBloods, 'patient on the waiting list has', 'patients on the waiting list have')} no blood ` +
        'test results. Where the model requires a result, they will show Incomplete, with no risk band, ' +
        "until one is recorded; any other result takes the model's default value.",
    );
  if (withoutPatient > 0)
    lines.push(
      `${count(withoutPatient, 'patient in the blood test file is', 'patients in the blood test file are')} ` +
        'not on the waiting list. Their results will not be imported.',
    );
  if (lines.length === 0)
    lines.push(
      'Every patient on the waiting list has blood test results, and every result is for a patient on the list.',
    );
  return lines;
}
