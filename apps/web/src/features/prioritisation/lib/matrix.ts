import {
  riskBandLabels,
  waitBandLabels,
  type Matrix,
  type RiskBand,
  type WaitBand,
} from '@esr/contracts/prioritisation';

/**
 * The cells the matrix tints as a second cue (the row and column headers say it in words): high
 * risk and waiting over 52 weeks.
 */
const longWaits: readonly WaitBand[] = ['52-65', '65-78', '78-104', '104+'];
export const needsAttention = (risk: RiskBand, wait: WaitBand): boolean =>
  risk === 'high' && longWaits.includes(wait);

/** The count of one cell, or of a row or column (a band left out), or of every cell. */
export function matrixCount(matrix: Pick<Matrix, 'cells'>, risk?: RiskBand, wait?: WaitBand): number {
  return matrix.cells
    .filter((cell) => (!risk || cell.risk === risk) && (!wait || cell.wait === wait))
    .reduce((sum, cell) => sum + cell.count, 0);
}

/**
 * What a count's link says beyond its number, for a screen reader reading the links out of the
 * table: '12 pathways: high risk, 52 to 65 weeks'.
 */
export function cellDescription(risk?: RiskBand, wait?: WaitBand): string {
  const parts = [
    risk ? riskBandLabels[risk].toLowerCase() : '',
    wait ? `waiting ${waitBandLabels[wait].toLowerCase()}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'all risks and waits';
}

/** A label inside a sentence: its first letter in lower case, unless it starts with an abbreviation (TCI). */
export const inSentence = (label: string) =>
  /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
