import { describe, expect, it } from 'vitest';
import type { PrioritisationEntry } from '@esr/contracts/prioritisation';
import { historyLine, historyLineText, latestFirst } from './prioritisation-history';

const entry = (fields: Partial<PrioritisationEntry>): PrioritisationEntry => ({
  id: 'e1',
  kind: 'priority',
  recordedAt: '2026-11-27T10:15:00Z',
  recordedBy: 'Dr A Khan',
  priorityCode: null,
  previousPriorityCode: null,
  reason: null,
  outcome: null,
  contact: null,
  level: null,
  actions: [],
  note: null,
  prediction: null,
  modelPrediction: null,
  ...fields,
});

const say = (fields: Partial<PrioritisationEntry>) => historyLineText(historyLine(entry(fields)));

describe('the prioritisation history in plain words (decision 0044)', () => {
  it('says a change of priority, with its reason', () => {
    expect(say({ priorityCode: 'P3', previousPriorityCode: 'P4', reason: 'Pain now uncontrolled' })).toBe(
      'Priority changed from P4 to P3: Pain now uncontrolled',
    );
    expect(say({ priorityCode: 'P2' })).toBe('Priority set to P2');
  });

  it('says a validation: how the patient was contacted and the outcome, with the note', () => {
    expect(say({ kind: 'validation', contact: 'phone', outcome: 'remain' })).toBe(
      'Validated by phone: remain on the list',
    );
    expect(say({ kind: 'validation', contact: 'letter', outcome: 'postpone', priorityCode: 'P5' })).toBe(
      'Validated by letter: postponed at the patient’s choice (P5)',
    );
    expect(
      say({ kind: 'validation', contact: 'in_person', outcome: 'remove', note: 'Had surgery elsewhere' }),
    ).toBe('Validated in person: removed from the list (clinical decision). Note: Had surgery elsewhere');
    expect(say({ kind: 'validation', contact: 'digital', outcome: 'remain' })).toBe(
      'Validated digitally (text, email or app): remain on the list',
    );
  });

  it('says a harm review: the level and what was done, with the note', () => {
    expect(
      say({
        kind: 'harm_review',
        level: 'moderate',
        actions: ['gp_told', 'moved_up_category', 'patient_told'],
      }),
    ).toBe('Harm review: moderate harm; moved up one priority category, patient told, GP told');
    expect(
      say({
        kind: 'harm_review',
        level: 'severe',
        actions: ['moved_up_category'],
        previousPriorityCode: 'P2',
        priorityCode: 'P1b',
        note: 'Review weekly',
      }),
    ).toBe('Harm review: severe harm; moved up one priority category (P2 to P1b). Note: Review weekly');
    expect(say({ kind: 'harm_review', level: 'none' })).toBe('Harm review: no harm');
  });

  it('says a risk adjustment beside the model’s band, and its removal', () => {
    expect(
      say({ kind: 'risk_adjustment', prediction: 'high', modelPrediction: 'medium', reason: 'Recent fall' }),
    ).toBe('Risk adjusted to High risk (model: Moderate risk): Recent fall');
    expect(say({ kind: 'risk_adjustment', prediction: null })).toBe('Risk adjustment removed');
  });

  it('keeps the typed text apart from the sentence, to be shown isolated', () => {
    expect(historyLine(entry({ kind: 'priority', priorityCode: 'P3', reason: 'x' }))).toEqual({
      sentence: 'Priority set to P3',
      freeText: 'x',
      freeTextPrefix: ': ',
    });
  });

  it('puts the latest first', () => {
    const older = entry({ id: 'a', recordedAt: '2026-01-01T09:00:00Z' });
    const newer = entry({ id: 'b', recordedAt: '2026-03-01T09:00:00Z' });
    expect(latestFirst([older, newer]).map((item) => item.id)).toEqual(['b', 'a']);
  });
});
