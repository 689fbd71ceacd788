import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  flagsOf,
  harmThresholdCrossedOn,
  nextValidationDueOn,
  priorityMovedUp,
  waitBandOf,
  type FlagInputs,
} from './prioritisation.js';
import { todayInLondon } from './london-dates.js';

describe('wait bands (NHS England, days since the clock start)', () => {
  it.each([
    [0, '0-18'],
    [126, '0-18'],
    [127, '18-52'],
    [364, '18-52'],
    [365, '52-65'],
    [455, '52-65'],
    [456, '65-78'],
    [546, '65-78'],
    [547, '78-104'],
    [728, '78-104'],
    [729, '104+'],
    [5000, '104+'],
    [-3, '0-18'],
  ])('%i days is %s', (days, band) => {
    expect(waitBandOf(days)).toBe(band);
  });
});

describe('London calendar days', () => {
  it('counts whole days across the clock changes', () => {
    // The clocks go forward on 29 March 2026 and back on 25 October 2026: still one day each.
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2025-11-27', '2026-11-27')).toBe(365);
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('takes today as the London date, not the UTC one', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST); in winter the two agree.
    expect(todayInLondon(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(todayInLondon(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});

const pathway = (values: Partial<FlagInputs>): FlagInputs => ({
  priority: null,
  priorityDate: null,
  clockStart: null,
  lastValidatedOn: null,
  lastHarmReviewOn: null,
  ...values,
});
const today = '2026-11-27';
const ago = (days: number) => addDays(today, -days);
const thresholds = [52, 78, 104];

describe('flags', () => {
  it('breaches each priority the day after its limit, and never P4 to P6', () => {
    const breached = (priority: FlagInputs['priority'], days: number) =>
      flagsOf(pathway({ priority, priorityDate: ago(days) }), today, thresholds).includes(
        'priority_breached',
      );
    expect([breached('P1a', 1), breached('P1a', 2)]).toEqual([false, true]);
    expect([breached('P1b', 3), breached('P1b', 4)]).toEqual([false, true]);
    expect([breached('P2', 28), breached('P2', 29)]).toEqual([false, true]);
    expect([breached('P3', 90), breached('P3', 91)]).toEqual([false, true]);
    expect([breached('P4', 5000), breached('P5', 5000), breached('P6', 5000), breached(null, 5000)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('makes validation due at 84 days, and again 84 days after each validation', () => {
    const due = (values: Partial<FlagInputs>) =>
      flagsOf(pathway(values), today, thresholds).includes('validation_due');
    expect(due({ clockStart: ago(83) })).toBe(false);
    expect(due({ clockStart: ago(84) })).toBe(true);
    expect(due({ clockStart: ago(200), lastValidatedOn: ago(83) })).toBe(false);
    expect(due({ clockStart: ago(200), lastValidatedOn: ago(84) })).toBe(true);
    expect(nextValidationDueOn(ago(10), null)).toBe(addDays(today, 74));
    expect(nextValidationDueOn(ago(200), ago(20))).toBe(addDays(today, 64));
    expect(nextValidationDueOn(null, null)).toBeNull();
  });

  it('flags a pathway still on the list after its TCI date, from the day after', () => {
    const passed = (tciDate: string | null) =>
      flagsOf(pathway({ tciDate }), today, thresholds).includes('tci_passed');
    expect(passed(ago(1))).toBe(true);
    expect(passed(today)).toBe(false);
    expect(passed(addDays(today, 3))).toBe(false);
    expect(passed(null)).toBe(false);
  });

  it('flags a pathway with a risk factor to optimise not yet closed, last of the flags', () => {
    expect(flagsOf(pathway({ optimisationOpen: true, tciDate: ago(1) }), today, thresholds)).toEqual([
      'tci_passed',
      'optimisation_open',
    ]);
    expect(flagsOf(pathway({ optimisationOpen: false }), today, thresholds)).not.toContain(
      'optimisation_open',
    );
  });

  it('makes a harm review due on crossing a threshold until one is recorded after the crossing', () => {
    expect(harmThresholdCrossedOn(ago(364), today, thresholds)).toBeNull();
    expect(harmThresholdCrossedOn(ago(365), today, thresholds)).toBe(today);
    expect(harmThresholdCrossedOn(ago(600), today, thresholds)).toBe(addDays(ago(600), 547));
    const due = (values: Partial<FlagInputs>, weeks = thresholds) =>
      flagsOf(pathway(values), today, weeks).includes('harm_review_due');
    expect(due({ clockStart: ago(365) })).toBe(true);
    expect(due({ clockStart: ago(365), lastHarmReviewOn: today })).toBe(false);
    expect(due({ clockStart: ago(600), lastHarmReviewOn: ago(100) })).toBe(true);
    expect(due({ clockStart: ago(300) }, [40])).toBe(true);
  });

  it('keeps the breach of a P1a, P1b or P2 postponed at the patient’s request while a clinician’s review is due (decision 0056)', () => {
    const flags = (values: Partial<FlagInputs>) => flagsOf(pathway(values), today, thresholds);
    // P6 since yesterday, postponed from a P2 given 29 days ago: one day past its 28.
    const postponed = { priority: 'P6' as const, priorityDate: ago(1) };
    expect(flags({ ...postponed, postponedFrom: { priority: 'P2', priorityDate: ago(29) } })).toEqual([
      'priority_breached',
      'clinician_review_due',
    ]);
    expect(flags({ ...postponed, postponedFrom: { priority: 'P2', priorityDate: ago(28) } })).toEqual([
      'clinician_review_due',
    ]);
    expect(flags({ ...postponed, postponedFrom: { priority: 'P1a', priorityDate: null } })).toEqual([
      'clinician_review_due',
    ]);
    // Once a clinician has decided, P6 alone: no limit, no review.
    expect(flags(postponed)).toEqual([]);
    expect(flags({ ...postponed, clericalChangeUnreviewed: true })).toEqual(['clerical_change_unreviewed']);
  });

  it('flags a pathway whose model was given a default for an input it lacks, last (decision 0057)', () => {
    const flags = (values: Partial<FlagInputs>) => flagsOf(pathway(values), today, thresholds);
    const postponed = { priority: 'P6' as const, priorityDate: ago(1) };
    expect(flags({ ...postponed, missingInputs: true })).toEqual(['missing_inputs']);
    expect(flags({ ...postponed, clericalChangeUnreviewed: true, missingInputs: true })).toEqual([
      'clerical_change_unreviewed',
      'missing_inputs',
    ]);
    expect(flags({ ...postponed, missingInputs: false })).toEqual([]);
  });
});

describe('moving up a category', () => {
  it('moves P4 to P3 to P2 to P1b and no further, and leaves the patient’s choice alone', () => {
    expect(['P4', 'P3', 'P2', 'P1b', 'P1a'].map((code) => priorityMovedUp(code as 'P4'))).toEqual([
      'P3',
      'P2',
      'P1b',
      'P1b',
      'P1a',
    ]);
    expect(priorityMovedUp('P5')).toBeNull();
    expect(priorityMovedUp('P6')).toBeNull();
  });
});
