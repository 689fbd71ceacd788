import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { procedureCodes } from '@esr/contracts/procedures';
import { queryRows } from '../../platform/db/client.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import {
  createClericalTrust,
  decide,
  idle,
  summaryOf,
  uploadFiles,
  validated,
} from '../../test/factories/waiting-list.js';

// An app of its own: these six uploads would otherwise share the upload rate limit's minute with
// the uploads of waiting-list.api.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

// docs/requirements.md §2: the sample files each upload page offers are that procedure's, and upload cleanly there.
const samplesFolder = path.join(import.meta.dirname, '../../../../web/public/samples');
const sampleFile = (name: string) => ({ name, bytes: fs.readFileSync(path.join(samplesFolder, name)) });

describe('the sample files each upload page offers', () => {
  it.each(procedureCodes.flatMap((procedure) => ['csv', 'xlsx'].map((ext) => ({ procedure, ext }))))(
    'validate with no invalid rows and confirm on the $procedure page ($ext)',
    async ({ procedure, ext }) => {
      const who = await createClericalTrust(t);
      const upload = await uploadFiles(
        t,
        who,
        procedure,
        sampleFile(`${procedure}-waiting-list-template.${ext}`),
        sampleFile(`${procedure}-blood-tests-template.${ext}`),
      );
      expect(upload.statusCode).toBe(202);
      const { batchId } = upload.json<{ batchId: string }>();
      const status = await validated(t, who, procedure, batchId);
      expect(status).toMatchObject({
        batchStatus: 'VALIDATED',
        waiting_list: { status: 'VALIDATED', totals: { rows: 4, valid: 4, invalid: 0 } },
        blood_test: { status: 'VALIDATED' },
      });
      expect((await summaryOf(t, who, procedure, batchId)).waiting_list_result.invalid_rows).toEqual([]);

      expect((await decide(t, who, procedure, 'confirm_import', batchId)).statusCode).toBe(202);
      await idle(t, who, procedure);
      const [batch] = await queryRows<{ status: string; created_count: number }>(
        t.app.db,
        sql`select status, created_count from import_batches where id = ${batchId}`,
      );
      expect(batch).toMatchObject({ status: 'IMPORTED', created_count: 4 });
    },
  );
});
