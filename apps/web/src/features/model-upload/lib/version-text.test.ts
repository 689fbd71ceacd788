import { describe, expect, it } from 'vitest';
import { modelMessages } from '@esr/contracts/models';
import { secondAdminProblem } from './activation';
import { buildModelVersion, buildRecalibratedVersion, buildRecalibration } from './test-builders';
import {
  activateActionText,
  calibrationText,
  fixed,
  localPerformanceText,
  operatedText,
  percentText,
  recalibrationMapText,
  sourceText,
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

  it('warns when there are too few complications to act on', () => {
    expect(localPerformanceText({ n: 412, events: 31, oe: 1.1314, auroc: 0.7123, enoughEvents: false })).toBe(
      'O/E 1.13, AUROC 0.712 (412 patients) — too few complications to act on',
    );
  });

  it('says what could not be calculated, one patient, and no outcomes', () => {
    expect(localPerformanceText({ n: 1, events: 0, oe: null, auroc: null, enoughEvents: false })).toBe(
      'O/E not calculated, AUROC not calculated (1 patient) — too few complications to act on',
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

describe('making a version active', () => {
  it('names the action by what the version is', () => {
    expect(activateActionText(buildModelVersion({ isActive: false, status: 'superseded' }))).toBe(
      'Make active',
    );
    expect(activateActionText(buildRecalibratedVersion())).toBe('Activate recalibrated version');
    // A recalibrated version once active, then replaced, is a rollback like any other.
    expect(
      activateActionText(
        buildRecalibratedVersion({ activatedAt: '2026-06-03T09:00:00Z', status: 'superseded' }),
      ),
    ).toBe('Make active');
  });

  it('refuses the admin who created a recalibrated version, before the API does', () => {
    const created = buildRecalibratedVersion({ uploadedBy: 'Ravi Patel' });
    expect(secondAdminProblem({ ...created, createdByYou: true })).toBe(modelMessages.secondAdminNeeded);
    expect(secondAdminProblem({ ...created, createdByYou: false })).toBeNull();
    // A rollback to an uploaded version needs no second admin.
    expect(secondAdminProblem(buildModelVersion({ isActive: false, createdByYou: true }))).toBeNull();
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
