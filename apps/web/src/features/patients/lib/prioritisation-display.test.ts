import { describe, expect, it } from 'vitest';
import type { PathwayPrioritisation } from '@esr/contracts/prioritisation';
import {
  changePriorityHint,
  harmReviewNotice,
  moveUpHint,
  postponedFromText,
  priorityChangedNotice,
  riskAdjustedNotice,
  validationNotice,
  waitedText,
} from './prioritisation-display';

const answer = (fields: Partial<PathwayPrioritisation>) =>
  ({ priority: null, adjustment: null, ...fields }) as PathwayPrioritisation;

describe('the prioritisation’s words on the patient screens (decision 0044)', () => {
  it('says a wait in days and whole weeks', () => {
    expect(waitedText(130)).toBe('130 days (18 weeks)');
    expect(waitedText(1)).toBe('1 day (0 weeks)');
    expect(waitedText(7)).toBe('7 days (1 week)');
    expect(waitedText(1_000)).toBe('1,000 days (142 weeks)');
  });

  it('says where moving up one category would take the pathway, or why it cannot', () => {
    expect(moveUpHint('P4')).toBe('From P4 to P3. Only after moderate or severe harm.');
    expect(moveUpHint('P2')).toBe('From P2 to P1b. Only after moderate or severe harm.');
    expect(moveUpHint('P1b')).toBe('Stays at P1b: a harm review never moves a pathway past P1b.');
    expect(moveUpHint('P1a')).toBe('Stays at P1a: a harm review never moves a pathway past P1b.');
    expect(moveUpHint('P5')).toBe(
      'P5 is the patient’s choice, so it cannot move up: change the priority instead.',
    );
    expect(moveUpHint(null)).toBe(
      'The pathway has no priority, so it cannot move up: change the priority instead.',
    );
  });

  it('says what was recorded, for the success banner', () => {
    expect(priorityChangedNotice(answer({ priority: 'P3' }))).toBe('Priority changed to P3: within 3 months');
    expect(validationNotice({ outcome: 'remain', contact: 'phone' })).toBe(
      'Validation recorded: remains on the waiting list',
    );
    expect(validationNotice({ outcome: 'postpone', contact: 'phone', postponeTo: 'P6' })).toBe(
      'Validation recorded: postponed at the patient’s choice (P6)',
    );
    expect(
      harmReviewNotice(
        { level: 'moderate', actions: ['moved_up_category'] },
        'P4',
        answer({ priority: 'P3' }),
      ),
    ).toBe('Harm review recorded: moderate harm. Priority moved up from P4 to P3');
    expect(harmReviewNotice({ level: 'mild', actions: [] }, 'P4', answer({ priority: 'P4' }))).toBe(
      'Harm review recorded: mild harm',
    );
    expect(
      riskAdjustedNotice(
        answer({ adjustment: { prediction: 'high', reason: 'x', by: 'Dr A', on: '2026-11-27T10:00:00Z' } }),
      ),
    ).toBe('Risk adjustment recorded: the clinician’s view is High risk');
  });
});

describe('a postponement waiting for a clinician (decision 0056)', () => {
  const postponed = { priority: 'P2' as const, priorityDate: '2026-10-20', dueBy: '2026-11-17' };
  const day = (date: string) => `[${date}]`;

  it('says what was postponed, when it was due, and that a clinician needs to review it', () => {
    expect(postponedFromText(postponed, day)).toBe(
      'Postponed from P2 at the patient’s request, due by [2026-11-17]. A clinician needs to review the priority.',
    );
    expect(postponedFromText({ ...postponed, priorityDate: null, dueBy: null }, day)).toBe(
      'Postponed from P2 at the patient’s request. A clinician needs to review the priority.',
    );
  });

  it('lets the clinician keep the postponement, or asks for a different priority when none is due', () => {
    expect(changePriorityHint({ priority: 'P6', postponedFrom: postponed })).toBe(
      'Choose P6 to keep the patient’s postponement, or another priority. Either ends the clinician review.',
    );
    expect(changePriorityHint({ priority: 'P6', postponedFrom: null })).toBe(
      'Choose a priority different from the current one.',
    );
  });
});
