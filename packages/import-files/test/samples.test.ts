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
