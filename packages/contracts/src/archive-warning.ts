import { z } from 'zod';
import { decimalNumber } from './text-rules.js';

/**
 * Nothing destructive on one click (docs/decisions/0053-archive-warning-on-confirm.md): a confirm
 * that would archive more than `percent` of the active list and more than `pathways` pathways is
 * warned of on the validation summary, and is accepted only with the number typed. Both, so that a
 * weekly list's ordinary turnover (a few per cent) and a small list's few removals (3 of 12) are not
 * stopped, while a file that has lost a page or a filter is.
 */
export const archiveWarningLimits = { percent: 10, pathways: 20 } as const;

/** What a confirm would archive, of how many active pathways. */
export interface ArchiveCounts {
  archived: number;
  active: number;
}

/** Whether confirming must be acknowledged by typing the number archived: over both limits. */
export const needsArchiveAcknowledgement = ({ archived, active }: ArchiveCounts): boolean =>
  archived > archiveWarningLimits.pathways && archived * 100 > active * archiveWarningLimits.percent;

/**
 * The share archived, in per cent with one decimal. Rounded, except that a share that is not all
 * of the list never reads 100.0%, nor one that is not none 0.0%.
 */
export function archivedPercent({ archived, active }: ArchiveCounts): number {
  if (active <= 0 || archived <= 0) return 0;
  if (archived >= active) return 100;
  const rounded = Math.round((archived * 1000) / active) / 10;
  return Math.min(99.9, Math.max(0.1, rounded));
}

const count = (n: number) => n.toLocaleString('en-GB');

/**
 * "Confirming will take 2,394 of 2,398 patients (99.8%) off the knee replacement waiting list.":
 * the validation summary's warning and the confirm's refusal say the same. `procedureName` is the
 * procedure's name as the library gives it ("Knee replacement").
 */
export function archiveSentence(counts: ArchiveCounts, procedureName: string): string {
  const list = procedureName.charAt(0).toLowerCase() + procedureName.slice(1);
  const patients = counts.active === 1 ? 'patient' : 'patients';
  return (
    `Confirming will take ${count(counts.archived)} of ${count(counts.active)} ${patients} ` +
    `(${archivedPercent(counts).toFixed(1)}%) off the ${list} waiting list.`
  );
}

export const archiveWarningSchema = z
  .object({
    archived: z.number().int().describe('Active pathways the confirm would archive: the number to type'),
    active: z.number().int().describe('Active pathways of the list now'),
    percent: z
      .number()
      .describe('The share archived, in per cent with one decimal, as the sentence gives it'),
    sentence: z
      .string()
      .describe(
        'The warning in words, which the confirm’s refusal repeats: "Confirming will take 2,394 of 2,398 patients (99.8%) off the knee replacement waiting list."',
      ),
  })
  .describe(
    `Confirming would archive more than ${archiveWarningLimits.percent}% of the active list and more than ${archiveWarningLimits.pathways} pathways: the confirm needs archiveCount`,
  );
export type ArchiveWarning = z.infer<typeof archiveWarningSchema>;

/** The validation summary's warning, or null when the confirm does not need the number typed. */
export function archiveWarningOf(counts: ArchiveCounts, procedureName: string): ArchiveWarning | null {
  if (!needsArchiveAcknowledgement(counts)) return null;
  return {
    archived: counts.archived,
    active: counts.active,
    percent: archivedPercent(counts),
    sentence: archiveSentence(counts, procedureName),
  };
}

/** The typed number's field, on the screen and in the API's 409 (`errors.archiveCount`). */
export const archiveCountMessages = {
  label: 'Number of patients who will be archived',
  hint: 'To confirm, type the number of patients in the warning above.',
  missing: 'Enter the number of patients who will be archived',
  wrong:
    'The number you entered is not the number of patients who will be archived. Check the warning and enter the number it gives',
} as const;

/** The confirm's `archiveCount`: a whole number, as JSON or as plain decimal text. */
export const archiveCountSchema = decimalNumber(z.number().int().min(0).max(100_000_000)).meta({
  description:
    `The number of pathways the confirm will archive, as the validation summary's archiveWarning.archived gives it. ` +
    `Required when confirming would archive more than ${archiveWarningLimits.percent}% of the active list and more than ` +
    `${archiveWarningLimits.pathways} pathways: without it, or with another number, the confirm answers 409 with the ` +
    `warning's sentence and errors.archiveCount. Optional otherwise, but checked when given.`,
  example: 2394,
});
