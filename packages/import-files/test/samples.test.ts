import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { procedureCodes } from '@esr/contracts/procedures';
import { bloodTests, waitingList } from './helpers/collect.js';

const samples = join(import.meta.dirname, '../../../apps/web/public/samples');
const read = (name: string) => readFileSync(join(samples, name));
const each = (file: string) =>
  procedureCodes.flatMap((procedure) =>
    ['csv', 'xlsx'].map((ext) => ({ procedure, name: `${procedure}-${file}.${ext}` })),
  );

// The templates the web app serves must pass the checks they teach, on the page of their own procedure.
describe('templates served to trusts', () => {
  it.each(each('waiting-list-template'))('$name validates for $procedure', async ({ procedure, name }) => {
    const result = await waitingList(read(name), { procedure }, name);
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED',
      totals: { rows: 4, invalid: 0, warnings: 0 },
      diffHeaders: { missing: [], unexpected: [] },
    });
    expect(result.rows.every((r) => r.record.nhsNumber?.startsWith('999'))).toBe(true);
    expect(result.rows.map((r) => r.record.operationType)).toEqual(Array(4).fill(procedure));
    // The prioritisation columns (decision 0044), one row leaving the clock start and priority date to their defaults.
    expect(
      result.rows.map((r) => [
        r.record.clockStart,
        r.record.priority,
        r.record.priorityDate,
        r.record.lastValidatedOn,
      ]),
    ).toEqual([
      ['2024-03-12', 'P3', '2024-04-02', '2025-02-03'],
      ['2024-06-05', 'P2', '2024-06-20', null],
      ['2024-01-20', 'P4', '2024-01-20', '2025-01-10'],
      ['2023-09-28', 'P1b', '2025-01-15', '2025-01-15'],
    ]);
  });

  it.each(each('blood-tests-template'))('$name validates', async ({ name }) => {
    const result = await bloodTests(read(name), {}, name);
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED',
      layout: 'long',
      patients: 2,
      diffHeaders: { missing: [], unexpected: [] },
    });
  });
});
