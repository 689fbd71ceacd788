import { describe, expect, it } from 'vitest';
import {
  buildModelVersion,
  buildRecalibratedVersion,
  buildRecalibration,
  buildSupersededVersion,
  testDeclined,
} from './test-builders';
import {
  approvalFacts,
  approvedNotice,
  calibrationText,
  declinedNotice,
  fixed,
  localPerformanceText,
  openSignalText,
  operatedText,
  percentText,
  proposedNotice,
  recalibrationMapText,
  signalsByChart,
  sourceText,
  uploadedNotice,
} from './version-text';

describe('a version’s local performance in words (decision 0046)', () => {
  it('gives O/E, AUROC and the patients judged', () => {
    expect(localPerformanceText({ n: 412, events: 131, oe: 1.1314, auroc: 0.7123, enoughEvents: true })).toBe(
      'O/E 1.13, AUROC 0.712 (412 patients)',
    );
    expect(localPerformanceText({ n: 12_345, events: 900, oe: 0.9, auroc: 0.7, enoughEvents: true })).toBe(
      'O/E 0.90, AUROC 0.700 (12,345 patients)',
    );
  });

  it('says when there are fewer than 100 complications', () => {
    expect(localPerformanceText({ n: 412, events: 31, oe: 1.1314, auroc: 0.7123, enoughEvents: false })).toBe(
      'O/E 1.13, AUROC 0.712 (412 patients) — fewer than 100 complications, so uncertain',
    );
  });

  it('says what could not be calculated, one patient, and no outcomes', () => {
    expect(localPerformanceText({ n: 1, events: 0, oe: null, auroc: null, enoughEvents: false })).toBe(
      'O/E not calculated, AUROC not calculated (1 patient) — fewer than 100 complications, so uncertain',
    );
    expect(localPerformanceText(null)).toBe('No outcomes yet');
  });
});

describe('where a version came from', () => {
  it('is uploaded, or recalibrated from its base version', () => {
    expect(sourceText({ source: 'uploaded', baseVersion: null })).toBe('Uploaded');
    expect(sourceText({ source: 'recalibrated', baseVersion: 2 })).toBe('Recalibrated from version 2');
    expect(sourceText({ source: 'recalibrated', baseVersion: null })).toBe('Recalibrated');
  });
});

describe('who decided about a version (decision 0060)', () => {
  it('names the proposer of a version awaiting approval, and when', () => {
    expect(approvalFacts(buildRecalibratedVersion())).toEqual({
      label: 'Proposed by',
      by: 'Ravi Patel',
      at: '2026-06-02T08:30:00Z',
      reason: null,
    });
  });

  it('names who declined a version, when and why', () => {
    expect(
      approvalFacts(buildModelVersion({ status: 'declined', isActive: false, declined: testDeclined })),
    ).toEqual({ label: 'Declined by', ...testDeclined });
  });

  it('says a version installed active (a demonstration model) was made active by no one', () => {
    expect(approvalFacts(buildModelVersion({ activatedBy: null, activatedAt: null }))).toEqual({
      label: 'Made active',
      by: null,
      at: null,
      reason: null,
    });
  });

  it('names who made the active or a superseded version active', () => {
    expect(approvalFacts(buildModelVersion())).toEqual({
      label: 'Made active by',
      by: 'Ravi Patel',
      at: '2026-03-14T10:02:11Z',
      reason: null,
    });
    expect(approvalFacts(buildSupersededVersion()).label).toBe('Made active by');
  });

  it('says a version no one has proposed is not proposed', () => {
    const inactive = buildModelVersion({
      status: 'inactive',
      isActive: false,
      activatedAt: null,
      activatedBy: null,
    });
    expect(approvalFacts(inactive)).toEqual({ label: 'Not proposed', by: null, at: null, reason: null });
  });
});

describe('what the versions page says after a change', () => {
  it('says an upload or a proposal waits for a clinical safety officer, and which version stays active', () => {
    expect(uploadedNotice(3, 2)).toBe(
      'Version 3 uploaded. It is awaiting approval by a clinical safety officer; version 2 stays active until then.',
    );
    expect(uploadedNotice(1, undefined)).toBe(
      'Version 1 uploaded. It is awaiting approval by a clinical safety officer, and scores no patients until then.',
    );
    expect(proposedNotice(1, 3)).toBe(
      'Version 1 proposed. It is awaiting approval by a clinical safety officer; version 3 stays active until then.',
    );
  });

  it('says an approval re-scores the list, and a decline leaves the active version', () => {
    expect(approvedNotice(3)).toBe(
      'Version 3 approved: it is now the active version. The list is being re-scored.',
    );
    expect(declinedNotice(3, 2)).toBe('Version 3 declined. Version 2 stays active.');
    expect(declinedNotice(1, undefined)).toBe('Version 1 declined.');
  });
});

describe('the open CUSUM signals in words (decision 0061)', () => {
  it('names the procedure, the day and which way', () => {
    expect(openSignalText('Knee replacement', 'worse', ['2026-07-28'])).toBe(
      'The CUSUM for knee replacement signalled on 28-Jul-2026: more complications than the model predicts.',
    );
    expect(openSignalText('Hip replacement', 'better', ['2026-01-02'])).toBe(
      'The CUSUM for hip replacement signalled on 02-Jan-2026: fewer complications than the model predicts.',
    );
  });

  it('gives every day a CUSUM signalled on, in one sentence', () => {
    expect(openSignalText('Hip replacement', 'worse', ['2026-07-24', '2026-08-28'])).toBe(
      'The CUSUM for hip replacement signalled on 24-Jul-2026 and 28-Aug-2026: more complications than the model predicts.',
    );
    expect(openSignalText('Hip replacement', 'worse', ['2026-01-01', '2026-02-02', '2026-03-03'])).toContain(
      'signalled on 01-Jan-2026, 02-Feb-2026 and 03-Mar-2026:',
    );
  });

  it('groups the signals by procedure and CUSUM, keeping their order', () => {
    expect(
      signalsByChart([
        { procedure: 'knee', direction: 'worse', date: '2026-04-26' },
        { procedure: 'hip', direction: 'worse', date: '2026-07-24' },
        { procedure: 'hip', direction: 'better', date: '2026-08-01' },
        { procedure: 'hip', direction: 'worse', date: '2026-08-28' },
      ]),
    ).toEqual([
      { procedure: 'knee', direction: 'worse', dates: ['2026-04-26'] },
      { procedure: 'hip', direction: 'worse', dates: ['2026-07-24', '2026-08-28'] },
      { procedure: 'hip', direction: 'better', dates: ['2026-08-01'] },
    ]);
  });
});

describe('numbers', () => {
  it('keeps the decimals asked for, and never shows -0', () => {
    expect(fixed(0.93, 3)).toBe('0.930');
    expect(fixed(-0.0004, 3)).toBe('0.000');
    expect(fixed(-0.2143, 3)).toBe('-0.214');
  });

  it('gives risk thresholds as percentages', () => {
    expect(percentText(0.2)).toBe('20%');
    expect(percentText(0.075)).toBe('7.5%');
  });
});

describe('the recalibration map in words', () => {
  it('gives the map, what it was fitted on, and the calibration before and after', () => {
    expect(recalibrationMapText(buildRecalibration())).toBe(
      'logit(p′) = a + b·logit(p) with a = -0.214, b = 0.930, fitted on 1,204 patients and 131 complications ' +
        'operated between 01-Jun-2025 and 31-May-2026; calibration before: intercept 0.21, slope 0.93, ' +
        'O/E 1.18; after: intercept 0.00, slope 1.00, O/E 1.00.',
    );
  });

  it('gives the 95% intervals of a and b when they were kept', () => {
    const text = recalibrationMapText(
      buildRecalibration({
        intervals: { intercept: { lower: -0.3512, upper: -0.0768 }, slope: { lower: 0.8104, upper: 1.0496 } },
      }),
    );
    expect(text).toContain(
      'with a = -0.214 (95% interval -0.351 to -0.077), b = 0.930 (95% interval 0.810 to 1.050), fitted on',
    );
  });

  it('says an open period and a figure that could not be estimated', () => {
    const text = recalibrationMapText(
      buildRecalibration({
        method: 'intercept',
        intercept: 0.31,
        slope: 1,
        from: null,
        to: null,
        after: { intercept: 0, slope: null, oe: 1 },
      }),
    );
    expect(text).toContain('with a = 0.310, b = 1.000,');
    expect(text).toContain('131 complications operated on any date;');
    expect(text).toContain('after: intercept 0.00, slope not calculated, O/E 1.00.');
  });

  it('says the dates of operation open at either end', () => {
    expect(operatedText('2025-06-01', null)).toBe('operated from 01-Jun-2025');
    expect(operatedText(null, '2026-05-31')).toBe('operated up to 31-May-2026');
    expect(calibrationText({ intercept: null, slope: null, oe: null })).toBe(
      'intercept not calculated, slope not calculated, O/E not calculated',
    );
  });
});
