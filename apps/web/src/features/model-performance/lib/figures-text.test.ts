import { describe, expect, it } from 'vitest';
import {
  pendingText,
  adjustmentsText,
  aurocText,
  choiceText,
  cusumSignalText,
  decimalText,
  expectedText,
  fewEventsText,
  headlineText,
  oeText,
  percentText,
  ratioText,
  scoreText,
} from './figures-text';

describe('the model performance figures in words (decision 0045)', () => {
  it('build the headline sentence from the figures', () => {
    expect(
      headlineText({
        n: 412,
        events: 31,
        expected: 27.44,
        oe: { ratio: 1.1314, lower: 0.7702, upper: 1.6071 },
      }),
    ).toBe(
      'Of 412 patients operated, 31 had a complication; the model expected 27.4. Observed is 1.13 times expected (95% interval 0.77 to 1.61).',
    );
    expect(headlineText({ n: 1, events: 0, expected: 0.04, oe: null })).toBe(
      'Of 1 patient operated, none had a complication; the model expected 0.0.',
    );
    expect(headlineText({ n: 12345, events: 1, expected: 1234.56, oe: null })).toBe(
      'Of 12,345 patients operated, 1 had a complication; the model expected 1,234.6.',
    );
  });

  it('format rates as percentages with one decimal, ratios with two and AUROC with three', () => {
    expect(percentText(31 / 412)).toBe('7.5%');
    expect(percentText(0)).toBe('0.0%');
    expect(percentText(1)).toBe('100.0%');
    expect(percentText(null)).toBe('Not calculated');
    expect(ratioText(1.1314)).toBe('1.13');
    expect(ratioText(1)).toBe('1.00');
    expect(ratioText(-0.0449)).toBe('-0.04');
    expect(ratioText(-0.001)).toBe('0.00');
    expect(ratioText(null)).toBe('Not calculated');
    expect(scoreText(0.71234)).toBe('0.712');
    expect(expectedText(27.44)).toBe('27.4');
    expect(decimalText(1234.5, 2)).toBe('1,234.50');
  });

  it('give O/E and AUROC with their 95% intervals', () => {
    expect(oeText({ ratio: 1.1314, lower: 0.7702, upper: 1.6071 })).toBe('1.13 (95% interval 0.77 to 1.61)');
    expect(aurocText({ value: 0.7123, lower: 0.6501, upper: 0.7746 })).toBe(
      '0.712 (95% interval 0.650 to 0.775)',
    );
    expect(oeText(null)).toBe('Not calculated');
    expect(aurocText(null)).toBe('Not calculated');
  });

  it('warn in plain words when there are too few complications', () => {
    expect(fewEventsText(31)).toBe(
      'Only 31 complications have been recorded. Below 100, these figures are too uncertain to act on: wait for more outcomes before drawing conclusions.',
    );
    expect(fewEventsText(1)).toMatch(/^Only 1 complication has been recorded\. Below 100,/);
  });

  it('say when a CUSUM signalled and which way, as the app shows dates', () => {
    expect(cusumSignalText({ direction: 'worse', date: '2026-03-14' })).toBe(
      'The CUSUM signalled on 14-Mar-2026: complications have been more frequent than the model predicts. Until the clinical safety officer has reviewed the model and acknowledged the signal, treat its predictions with caution.',
    );
    expect(cusumSignalText({ direction: 'better', date: '2026-03-14' })).toMatch(
      /complications have been less frequent than the model predicts/,
    );
  });

  it('describe the clinicians’ adjustments, only when there are any', () => {
    expect(
      adjustmentsText({
        adjusted: 12,
        adjustedUp: { n: 7, events: 2, observedRate: 2 / 7 },
        adjustedDown: { n: 5, events: 0, observedRate: 0 },
      }),
    ).toBe(
      'Clinicians adjusted the model’s risk for 12 of these patients: of the 7 patients adjusted up, 2 had a complication (28.6%); of the 5 patients adjusted down, none had a complication (0.0%).',
    );
    expect(
      adjustmentsText({
        adjusted: 1,
        adjustedUp: { n: 1, events: 1, observedRate: 1 },
        adjustedDown: { n: 0, events: 0, observedRate: null },
      }),
    ).toBe(
      'Clinicians adjusted the model’s risk for 1 of these patients: of the 1 patient adjusted up, 1 had a complication (100.0%); none was adjusted down.',
    );
    expect(
      adjustmentsText({
        adjusted: 0,
        adjustedUp: { n: 0, events: 0, observedRate: null },
        adjustedDown: { n: 0, events: 0, observedRate: null },
      }),
    ).toBeNull();
  });

  it('say what the figures are of', () => {
    expect(choiceText({ from: '2025-04-01', to: '2026-03-31', modelVersion: 3 })).toBe(
      'Operations from 01-Apr-2025 to 31-Mar-2026, judged against model version 3.',
    );
    expect(choiceText({ from: null, to: null, modelVersion: null })).toBe(
      'Operations on any date, judged against every model version.',
    );
    expect(choiceText({ from: null, to: '2026-03-31', modelVersion: null })).toBe(
      'Operations up to 31-Mar-2026, judged against every model version.',
    );
  });
});

describe('outcomes whose follow-up is not complete, in words (decision 0059)', () => {
  it('counts them, says when the next count, and that they are in no figure', () => {
    expect(pendingText({ count: 0, notKnownYet: 0, nextCountOn: null, nextCount: 0 })).toBeNull();
    expect(pendingText({ count: 6, notKnownYet: 0, nextCountOn: '2027-01-04', nextCount: 2 })).toBe(
      '6 outcomes are not counted yet because 90 days have not passed since the operation; the next 2 count from 04-Jan-2027. Until then they are in none of the figures below.',
    );
    expect(pendingText({ count: 2, notKnownYet: 1, nextCountOn: '2027-01-04', nextCount: 1 })).toBe(
      '1 outcome is not counted yet because 90 days have not passed since the operation; the next counts from 04-Jan-2027. 1 outcome is recorded as “Not known yet”: it counts once a clinician records whether there was a complication. Until then they are in none of the figures below.',
    );
  });
});
