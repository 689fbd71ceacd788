import { describe, expect, it } from 'vitest';
import {
  archivedPercent,
  archiveSentence,
  archiveWarningLimits,
  archiveWarningOf,
  needsArchiveAcknowledgement,
} from './archive-warning.js';

describe('when a confirm must be acknowledged by typing the number (decision 0053)', () => {
  it('is more than 10% of the active list and more than 20 pathways', () => {
    expect(archiveWarningLimits).toEqual({ percent: 10, pathways: 20 });
    // Over both.
    expect(needsArchiveAcknowledgement({ archived: 2_394, active: 2_398 })).toBe(true);
    expect(needsArchiveAcknowledgement({ archived: 21, active: 200 })).toBe(true); // 10.5%
    expect(needsArchiveAcknowledgement({ archived: 21, active: 209 })).toBe(true); // 10.05%
    // Exactly 10% is not more than 10%.
    expect(needsArchiveAcknowledgement({ archived: 21, active: 210 })).toBe(false);
    expect(needsArchiveAcknowledgement({ archived: 240, active: 2_400 })).toBe(false);
    // A small list's removals: 20 is not more than 20, whatever the share.
    expect(needsArchiveAcknowledgement({ archived: 20, active: 25 })).toBe(false);
    expect(needsArchiveAcknowledgement({ archived: 20, active: 20 })).toBe(false);
    // A weekly turnover: 180 of 2,400 is 7.5%.
    expect(needsArchiveAcknowledgement({ archived: 180, active: 2_400 })).toBe(false);
    expect(needsArchiveAcknowledgement({ archived: 0, active: 0 })).toBe(false);
  });
});

describe('the share archived', () => {
  it('is in per cent with one decimal, rounded half up', () => {
    expect(archivedPercent({ archived: 2_394, active: 2_398 })).toBe(99.8); // 99.833…
    expect(archivedPercent({ archived: 1, active: 3 })).toBe(33.3); // 33.333…
    expect(archivedPercent({ archived: 2, active: 3 })).toBe(66.7); // 66.666…
    expect(archivedPercent({ archived: 1, active: 8 })).toBe(12.5);
    expect(archivedPercent({ archived: 21, active: 209 })).toBe(10); // 10.047…
  });

  it('reads 100% only for the whole list and 0% only for none', () => {
    expect(archivedPercent({ archived: 9_999, active: 10_000 })).toBe(99.9); // 99.99 would round to 100.0
    expect(archivedPercent({ archived: 10_000, active: 10_000 })).toBe(100);
    expect(archivedPercent({ archived: 1, active: 100_000 })).toBe(0.1); // 0.001 would round to 0.0
    expect(archivedPercent({ archived: 0, active: 100_000 })).toBe(0);
    expect(archivedPercent({ archived: 0, active: 0 })).toBe(0);
  });
});

describe('the warning', () => {
  it('says the number, of how many, the share and the list, with thousands separators', () => {
    expect(archiveSentence({ archived: 2_394, active: 2_398 }, 'Knee replacement')).toBe(
      'Confirming will take 2,394 of 2,398 patients (99.8%) off the knee replacement waiting list.',
    );
    expect(archiveSentence({ archived: 12_000, active: 12_000 }, 'Knee and hip replacement')).toBe(
      'Confirming will take 12,000 of 12,000 patients (100.0%) off the knee and hip replacement waiting list.',
    );
  });

  it('is given only over both limits, with what the screen shows', () => {
    expect(archiveWarningOf({ archived: 2_394, active: 2_398 }, 'Hip replacement')).toEqual({
      archived: 2_394,
      active: 2_398,
      percent: 99.8,
      sentence: 'Confirming will take 2,394 of 2,398 patients (99.8%) off the hip replacement waiting list.',
    });
    expect(archiveWarningOf({ archived: 180, active: 2_400 }, 'Hip replacement')).toBeNull();
    expect(archiveWarningOf({ archived: 18, active: 30 }, 'Hip replacement')).toBeNull();
  });
});
