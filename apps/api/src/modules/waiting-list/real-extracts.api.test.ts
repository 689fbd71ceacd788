import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import {
  createClericalTrust,
  decide,
  summaryOf,
  uploadFiles,
  validated,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';

// Extracts as trusts' PAS and pathology systems write them, kept beside the readers' own tests.
const files = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../packages/import-files/test/files',
);
const extract = (name: string) => ({ name, bytes: fs.readFileSync(path.join(files, name)) });

let t: TestApp;
let who: ClericalTrust;
beforeAll(async () => {
  t = await createTestApp();
  who = await createClericalTrust(t);
});
afterAll(async () => t?.close());

async function validate(waitingList: string, procedure: ProcedureCode = 'knee') {
  const upload = await uploadFiles(t, who, procedure, extract(waitingList), extract('pathology-long.csv'));
  expect(upload.statusCode).toBe(202);
  const { batchId } = upload.json<{ batchId: string }>();
  const status = await validated(t, who, procedure, batchId);
  const summary = await summaryOf(t, who, procedure, batchId);
  await decide(t, who, procedure, 'cancel_import', batchId);
  return { status, summary };
}

describe('real extracts through the upload API', () => {
  it.each([
    ['pas-extract-cp1252.csv', 'knee'],
    ['wlmds-utf8-bom.csv', 'knee'],
    ['ptl-two-sheets.xlsx', 'knee'],
    ['legacy-pas.xls', 'hip'],
  ] as const)('reads %s, a %s list (and a long pathology extract), into rows', async (name, procedure) => {
    const { status, summary } = await validate(name, procedure);
    expect(status.waiting_list.status, JSON.stringify(summary.waiting_list_result.base_errors)).not.toBe(
      'FAILED',
    );
    expect(status.waiting_list.totals.valid).toBeGreaterThan(0);
    expect(status.blood_test.status).not.toBe('FAILED');
    expect(status.blood_test.totals.valid).toBeGreaterThan(0);
  });

  it('refuses every dirty row with its own reason, the NUL byte included, and never sticks', async () => {
    const { status, summary } = await validate('dirty-rows.csv');
    expect(status.waiting_list.status).toBe('VALIDATED_WITH_ERRORS');
    expect(status.waiting_list.totals.invalid).toBeGreaterThan(20);
    expect(summary.waiting_list_result.invalid_rows.every((row) => row.error_count > 0)).toBe(true);
  });

  it.each([
    ['zip-bomb.xlsx'],
    ['zip-bomb-lying-size.xlsx'],
    ['doctype-entity.xlsx'],
    ['password-protected.xlsx'],
    ['scanned-list.csv'],
  ])('fails %s with a plain reason while the server keeps answering', async (name) => {
    let slowestHealthMs = 0;
    let peakRss = process.memoryUsage().rss;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const started = performance.now();
        const health = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const { status, summary } = await validate(name);
    watching = false;
    await watcher;
    expect(status.waiting_list.status).toBe('FAILED');
    expect(summary.waiting_list_result.error).toMatch(/\w{4,}/);
    expect(summary.waiting_list_result.has_errors).toBe(true);
    expect(slowestHealthMs).toBeLessThan(1000);
    expect(peakRss).toBeLessThan(1024 * 1024 * 1024);
  });
});
