import { riskLabels } from '@esr/contracts/open-pathways';
import { harmActions, harmLevelLabels, type PrioritisationEntry } from '@esr/contracts/prioritisation';

/**
 * A line of a pathway's priority, validation and harm review history (decision 0044), in plain
 * words: what was recorded (`sentence`), then what the user typed (`freeText`: a reason or a note),
 * which the screen shows isolated (decision 0043) after `freeTextPrefix`.
 */
export interface HistoryLine {
  sentence: string;
  freeText: string | null;
  /** ': ' after a sentence the text gives the reason for; '. Note: ' after one it adds to. */
  freeTextPrefix: string;
}

/** The line as one string (for tests, and where text is all that can be shown). */
export const historyLineText = (line: HistoryLine) =>
  line.freeText ? `${line.sentence}${line.freeTextPrefix}${line.freeText}` : line.sentence;

const contactWords: Record<NonNullable<PrioritisationEntry['contact']>, string> = {
  phone: 'by phone',
  letter: 'by letter',
  digital: 'digitally (text, email or app)',
  in_person: 'in person',
};

const harmActionWords: Record<(typeof harmActions)[number], string> = {
  moved_up_category: 'moved up one priority category',
  patient_told: 'patient told',
  gp_told: 'GP told',
  discharge_considered: 'discharge considered',
};

const lowerFirst = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);

const withReason = (sentence: string, reason: string | null): HistoryLine => ({
  sentence,
  freeText: reason || null,
  freeTextPrefix: ': ',
});
const withNote = (sentence: string, note: string | null): HistoryLine => ({
  sentence,
  freeText: note || null,
  freeTextPrefix: '. Note: ',
});

function priorityLine(entry: PrioritisationEntry): HistoryLine {
  const to = entry.priorityCode ?? 'none';
  const sentence = entry.previousPriorityCode
    ? `Priority changed from ${entry.previousPriorityCode} to ${to}`
    : `Priority set to ${to}`;
  return withReason(sentence, entry.reason);
}

function validationLine(entry: PrioritisationEntry): HistoryLine {
  const how = entry.contact ? `Validated ${contactWords[entry.contact]}` : 'Validated';
  const outcome =
    entry.outcome === 'postpone'
      ? `postponed at the patient’s choice${entry.priorityCode ? ` (${entry.priorityCode})` : ''}`
      : entry.outcome === 'remove'
        ? 'removed from the list (clinical decision)'
        : 'remain on the list';
  return withNote(`${how}: ${outcome}`, entry.note);
}

function harmReviewLine(entry: PrioritisationEntry): HistoryLine {
  const level = entry.level ? lowerFirst(harmLevelLabels[entry.level]) : 'level not recorded';
  const actions = harmActions
    .filter((action) => entry.actions.includes(action))
    .map((action) =>
      action === 'moved_up_category' && entry.previousPriorityCode && entry.priorityCode
        ? `${harmActionWords[action]} (${entry.previousPriorityCode} to ${entry.priorityCode})`
        : harmActionWords[action],
    );
  const sentence = `Harm review: ${level}${actions.length > 0 ? `; ${actions.join(', ')}` : ''}`;
  return withNote(sentence, entry.note);
}

function riskAdjustmentLine(entry: PrioritisationEntry): HistoryLine {
  if (entry.prediction === null) return withReason('Risk adjustment removed', entry.reason);
  const model = entry.modelPrediction ? ` (model: ${riskLabels[entry.modelPrediction]})` : '';
  return withReason(`Risk adjusted to ${riskLabels[entry.prediction]}${model}`, entry.reason);
}

/** What an entry of the history says, by its kind. */
export function historyLine(entry: PrioritisationEntry): HistoryLine {
  switch (entry.kind) {
    case 'priority':
      return priorityLine(entry);
    case 'validation':
      return validationLine(entry);
    case 'harm_review':
      return harmReviewLine(entry);
    case 'risk_adjustment':
      return riskAdjustmentLine(entry);
  }
}

/** The history, latest first (the API's order; kept if it ever changes). */
export const latestFirst = (entries: readonly PrioritisationEntry[]): PrioritisationEntry[] =>
  [...entries].sort((a, b) => Date.parse(b.recordedAt) - Date.parse(a.recordedAt));
