import { describe, expect, it } from 'vitest';
import type { PathwayOutcomes } from '@esr/contracts/outcomes';
import {
  countsText,
  earlierOutcomes,
  judgedPredictionText,
  lengthOfStayText,
  notJudgedText,
  sourceText,
  yesNoText,
} from './outcome-display';
import { buildOutcome } from './outcome-test-builders';

const outcome = buildOutcome;

describe('a pathway’s outcome in words (decision 0045)', () => {
  it('says the prediction it is judged against: band, probability, day and model version', () => {
    expect(
      judgedPredictionText({
        evaluationId: 'e1',
        modelVersion: 3,
        probability: 0.2344,
        prediction: 'high',
        evaluatedAt: '2026-09-12T08:30:00Z',
      }),
    ).toBe('High risk (23.4%), made on 12-Sep-2026 by model version 3');
    expect(judgedPredictionText(null)).toBe(notJudgedText);
    expect(notJudgedText).toBe(
      'No prediction was made before the operation, so this outcome is not used to check the model.',
    );
  });

  it('says yes, no or not known, and the days in hospital', () => {
    expect([yesNoText(true), yesNoText(false), yesNoText(null)]).toEqual(['Yes', 'No', 'Not known']);
    expect(lengthOfStayText(null)).toBe('Not known');
    expect(lengthOfStayText(0)).toBe('0 days');
    expect(lengthOfStayText(1)).toBe('1 day');
    expect(lengthOfStayText(6.5)).toBe('6.5 days');
  });

  it('says where it came from', () => {
    expect(sourceText({ source: 'file', fileName: 'theatre.csv' })).toBe('From the outcomes file');
    expect(sourceText({ source: 'clinician', fileName: null })).toBe('Recorded by a clinician');
  });

  it('keeps the earlier outcomes apart from the current one, newest first', () => {
    const outcomes: PathwayOutcomes = {
      current: outcome('new'),
      judgedPrediction: null,
      countsFrom: null,
      history: [outcome('new'), outcome('middle'), outcome('old')],
    };
    expect(earlierOutcomes(outcomes).map((item) => item.id)).toEqual(['middle', 'old']);
    expect(earlierOutcomes({ current: null, judgedPrediction: null, countsFrom: null, history: [] })).toEqual(
      [],
    );
  });

  it('says when an outcome counts in the monitoring: at once, from a day, or not until it is known (decision 0059)', () => {
    const judgedPrediction = {
      evaluationId: 'e1',
      modelVersion: 3,
      probability: 0.05,
      prediction: 'low' as const,
      evaluatedAt: '2026-09-01T08:30:00Z',
    };
    const noComplication = { ...outcome('a'), dateOfOperation: '2026-11-26', complication90Days: false };
    const base = { judgedPrediction, history: [] };
    expect(countsText({ ...base, current: noComplication, countsFrom: '2027-02-24' }, '2026-12-06')).toBe(
      'From 24-Feb-2027, when 90 days will have passed since the operation. No complication so far.',
    );
    expect(countsText({ ...base, current: noComplication, countsFrom: '2027-02-24' }, '2027-02-24')).toBe(
      'Yes: the 90 days after the operation have passed.',
    );
    expect(
      countsText(
        { ...base, current: { ...noComplication, complication90Days: null }, countsFrom: null },
        '2026-12-06',
      ),
    ).toBe('Not yet: whether there was a complication is not known yet. Correct the outcome when it is.');
    expect(
      countsText(
        { ...base, judgedPrediction: null, current: noComplication, countsFrom: null },
        '2026-12-06',
      ),
    ).toBeNull();
  });
});
