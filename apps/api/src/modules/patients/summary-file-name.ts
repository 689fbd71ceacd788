import { showLondonDate } from '@esr/contracts/london-dates';
import type { RiskSummary } from '@esr/contracts/patients';
import { withoutBidiControls } from '@esr/contracts/text-direction';

/** A name longer than this is cut in the file's name: file systems limit a name to 255 bytes. */
const longestNameInFile = 60;

/**
 * The name a risk summary PDF is saved under, before the download's time (decision 0064): the
 * patient it is about, and for a past evaluation the day it was made, so that a clinician finds it
 * among their downloads ("Risk summary Margaret Ellis", "Risk summary Margaret Ellis evaluated
 * 14-Jul-2026"). A patient without a recorded name is named by their NHS number or local
 * identifier. Characters a file name cannot hold are dropped when the name is made a file's.
 */
export function summaryPdfName(
  summary: Pick<RiskSummary, 'firstName' | 'lastName' | 'nhsNumber' | 'medicalRecordNumber'>,
  evaluatedAt?: string,
): string {
  const name = [summary.firstName, summary.lastName]
    .map((part) => withoutBidiControls(part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const who = name
    ? Array.from(name).slice(0, longestNameInFile).join('')
    : summary.nhsNumber
      ? `NHS number ${summary.nhsNumber}`
      : summary.medicalRecordNumber
        ? `patient ${Array.from(summary.medicalRecordNumber).slice(0, longestNameInFile).join('')}`
        : 'patient';
  const when = evaluatedAt ? ` evaluated ${showLondonDate(new Date(evaluatedAt))}` : '';
  return `Risk summary ${who}${when}`;
}
