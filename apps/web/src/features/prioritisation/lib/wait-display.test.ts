import { describe, expect, it } from 'vitest';
import { waitBandOf } from '@esr/contracts/prioritisation';
import { completedWeeks, dateText, daysText, waitedText, weeksListText, weeksText } from './wait-display';

describe('waits as the worklist shows them (decision 0044)', () => {
  it('counts completed weeks', () => {
    expect(completedWeeks(0)).toBe(0);
    expect(completedWeeks(6)).toBe(0);
    expect(completedWeeks(7)).toBe(1);
    expect(completedWeeks(13)).toBe(1);
    expect(completedWeeks(365)).toBe(52);
  });

  it('says days and weeks, one or many', () => {
    expect(daysText(1)).toBe('1 day');
    expect(daysText(1000)).toBe('1,000 days');
    expect(weeksText(1)).toBe('1 week');
    expect(weeksText(0)).toBe('0 weeks');
  });

  it('shows the wait in weeks with its days, as the bands count it', () => {
    expect(waitedText(0)).toBe('0 weeks (0 days)');
    expect(waitedText(1)).toBe('0 weeks (1 day)');
    expect(waitedText(7)).toBe('1 week (7 days)');
    // 126 days is within 18 weeks; 127 is over, still 18 completed weeks.
    expect(waitedText(126)).toBe('18 weeks (126 days)');
    expect(waitBandOf(126)).toBe('0-18');
    expect(waitedText(127)).toBe('18 weeks (127 days)');
    expect(waitBandOf(127)).toBe('18-52');
    expect(waitedText(400)).toBe('57 weeks (400 days)');
  });

  it('says when there is no wait to show', () => {
    expect(waitedText(null)).toBe('No clock start');
    expect(waitedText(-3)).toBe('Clock not started yet');
  });

  it('shows dates DD-MMM-YYYY', () => {
    expect(dateText('2026-03-05')).toBe('05-Mar-2026');
    expect(dateText(null)).toBe('');
  });

  it('lists weeks in words', () => {
    expect(weeksListText([52, 78, 104])).toBe('52, 78 and 104 weeks');
    expect(weeksListText([40, 52])).toBe('40 and 52 weeks');
    expect(weeksListText([52])).toBe('52 weeks');
    expect(weeksListText([1])).toBe('1 week');
  });
});
