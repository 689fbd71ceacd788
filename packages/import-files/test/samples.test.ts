import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bloodTests, waitingList } from './helpers/collect.js';

const samples = join(import.meta.dirname, '../../../apps/web/public/samples');
const read = (name: string) => readFileSync(join(samples, name));

// The templates the web app serves must pass the checks they teach.
describe('templates served to trusts', () => {
  it.each(['waiting-list-template.csv', 'waiting-list-template.xlsx'])('%s validates', async (name) => {
    const result = await waitingList(read(name), {}, name);
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED',
      totals: { rows: 4, invalid: 0, warnings: 0 },
      diffHeaders: { missing: [], unexpected: [] },
    });
    expect(result.rows.every((r) => r.record.nhsNumber?.startsWith('999'))).toBe(true);
  });

  it.each(['blood-tests-template.csv', 'blood-tests-template.xlsx'])('%s validates', async (name) => {
    const result = await bloodTests(read(name), {}, name);
    expect(result.outcome).toMatchObject({
      status: 'VALIDATED',
      layout: 'long',
      patients: 2,
      diffHeaders: { missing: [], unexpected: [] },
    });
  });
});
