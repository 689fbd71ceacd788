import {
  automaticRecorder,
  findingWithDate,
  optimisationStatusLabels,
  type OptimisationEntry,
} from '@esr/contracts/optimisation';
import { percentage } from '@esr/contracts/patient-wording';

/** Decision 0071: the section's words when the pathway's values show nothing to optimise. */
export const noFactorsText = 'No risk factors to optimise were found from this patient’s current values.';

/** A factor's finding once a newer value no longer shows it (it was met, or the value is gone). */
export const noCurrentFindingText = 'Not shown by the current values';

/** What has been recorded, before anyone records a step. */
export const nothingRecordedText = 'Nothing recorded yet';

export { statusColours } from '../../../lib/optimisation-status';

/** An entry a new value made by itself, rather than a person. */
export const isAutomatic = (entry: Pick<OptimisationEntry, 'recordedBy'>) =>
  entry.recordedBy === automaticRecorder;

/**
 * What an entry recorded, in words: "Referred", "Met: Haemoglobin 134 g/L (risk 14.1% → 9.8%)". The
 * service, note and reason, typed by people, are shown beside it, isolated.
 */
export function entryText(entry: OptimisationEntry): string {
  const status = optimisationStatusLabels[entry.status];
  if (!isAutomatic(entry)) return status;
  const risk =
    entry.riskBefore !== null && entry.riskAfter !== null
      ? ` (risk ${percentage(entry.riskBefore)} → ${percentage(entry.riskAfter)})`
      : '';
  return `${status}: ${findingWithDate(entry.finding ?? '', entry.findingDate)}${risk}`;
}
