import fs from 'node:fs';
import path from 'node:path';
import { todayInLondon } from '@esr/contracts/london-dates';
import { demoListsFolder } from '../../modules/waiting-list/demo-waiting-lists.js';
import { demoShiftDays, shiftCsvDates } from '../../modules/waiting-list/demo-dates.js';

/**
 * A demonstration extract as a test uploads it. Its blood results are dated as if extracted today,
 * as the first start dates them (decision 0054): a model uses only recent results (decision 0057),
 * so results dated by the day the extracts were written would grow too old as the calendar moves on.
 * The waiting lists keep their dates, which the tests read as they are.
 */
export function demoFileText(name: string): string {
  const text = fs.readFileSync(path.join(demoListsFolder, name), 'utf8').replace(/^\uFEFF/, '');
  return name.endsWith('-blood-tests.csv')
    ? shiftCsvDates(text, 'bloodTests', demoShiftDays(todayInLondon()))
    : text;
}

export const demoFile = (name: string) => ({
  name,
  bytes: name.endsWith('.csv')
    ? Buffer.from(demoFileText(name))
    : fs.readFileSync(path.join(demoListsFolder, name)),
});

/** A demonstration CSV's lines as a test uploads them (demoFileText), without blank lines. */
export const demoFileLines = (name: string) => demoFileText(name).split(/\r?\n/).filter(Boolean);

/**
 * The comorbidity cells of a row of the demonstration waiting list, in its columns' order: Y for
 * each code given, N for the others.
 */
export const comorbidityCells = (yes: string[] = []) =>
  ['hypt', 'af', 'ihd', 'ang', 'valv', 'hfl', 'pvd', 'copd', 'dem', 'alz', 'pa', 'ps', 'idd', 'nidd']
    .concat(['hypo', 'hype', 'ra', 'foa'])
    .map((code) => (yes.includes(code) ? 'Y' : 'N'))
    .join(',');
