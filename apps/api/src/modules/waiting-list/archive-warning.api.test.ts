/**
 * Nothing destructive on one click (docs/decisions/0053-archive-warning-on-confirm.md): an upload
 * that would take more than 10% of the active list and more than 20 pathways off it is warned of on
 * the validation summary, and its confirm is refused (409, the warning's sentence) unless it
 * carries the number archived. A weekly list's ordinary turnover, and a small list's few removals,
 * confirm as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { archiveCountMessages } from '@esr/contracts/archive-warning';
import type { ErrorResponse } from '@esr/contracts/errors';
import { queryRows } from '../../platform/db/client.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { generatedWaitingList, type GeneratedList } from '../../test/factories/generated-lists.js';
import {
  createClericalTrust,
  decide,
  idle,
  importList,
  summaryOf,
  uploadFiles,
  validated,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The header and the first `rows` pathways of a generated list (the same patients, row for row). */
const firstRows = (list: GeneratedList, rows: number) => list.waitingListCsv.split('\r\n').slice(0, rows + 1);
const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** A trust whose knee list is `rows` generated pathways, confirmed and scored. */
async function trustWithList(rows: number, firstNumber: number) {
  const who = await createClericalTrust(t);
  const list = generatedWaitingList(rows, { seed: 53, firstNumber });
  await importList(
    t,
    who,
    'knee',
    { name: 'knee-ptl-week-48.csv', bytes: list.waitingListCsv },
    { name: 'pathology-week-48.csv', bytes: list.bloodTestCsv },
  );
  return { who, list };
}

/** The next week's extract uploaded and validated; its batch id. */
async function validatedUpload(who: ClericalTrust, lines: string[], bloods: string) {
  const upload = await uploadFiles(
    t,
    who,
    'knee',
    { name: 'knee-ptl-week-49.csv', bytes: csv(lines) },
    { name: 'pathology-week-49.csv', bytes: bloods },
  );
  expect(upload.statusCode, upload.body).toBe(202);
  const { batchId } = upload.json<{ batchId: string }>();
  const status = await validated(t, who, 'knee', batchId);
  expect(status.batchStatus, JSON.stringify(status)).toBe('VALIDATED');
  return batchId;
}

async function listCounts(who: ClericalTrust) {
  const [row] = await queryRows<{ active: number; archived: number }>(
    t.app.db,
    sql`select count(*) filter (where is_active)::int as active, count(*) filter (where not is_active)::int as archived
      from pathways where trust_code = ${who.trustCode} and procedure_code = 'knee'`,
  );
  return row;
}

const batchOf = async (batchId: string) =>
  (
    await queryRows<{ status: string; archived_count: number | null; archive_acknowledged: number | null }>(
      t.app.db,
      sql`select status, archived_count, archive_acknowledged from import_batches where id = ${batchId}`,
    )
  )[0];

const confirmLog = async (batchId: string) =>
  (
    await queryRows<{ action: string; changes: Record<string, { before: unknown; after: unknown }> }>(
      t.app.db,
      sql`select action, changes from change_log where entity_id = ${batchId} and action like 'Confirmed%'`,
    )
  )[0];

describe(`an upload that would archive most of the list (${database})`, () => {
  // 400 pathways on the list; the new file holds 20 of them: 380 archived, 95%.
  let who: ClericalTrust;
  let batchId: string;
  const sentence = 'Confirming will take 380 of 400 patients (95.0%) off the knee replacement waiting list.';

  beforeAll(async () => {
    const { who: trust, list } = await trustWithList(400, 410_000);
    who = trust;
    batchId = await validatedUpload(who, firstRows(list, 20), list.bloodTestCsv);
  }, 240_000);

  it('is warned of on the validation summary, with the number, the list and the share', async () => {
    const summary = await summaryOf(t, who, 'knee', batchId);
    expect(summary.changes).toEqual({ added: 0, updated: 0, unchanged: 20, archived: 380 });
    expect(summary.archiveWarning).toEqual({ archived: 380, active: 400, percent: 95, sentence });
  });

  it('is refused 409 with the sentence without archiveCount, and nothing is archived', async () => {
    const refused = await decide(t, who, 'knee', 'confirm_import', batchId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorResponse>()).toEqual({
      detail: sentence,
      errors: { archiveCount: [archiveCountMessages.missing] },
    });
    expect(await batchOf(batchId)).toMatchObject({ status: 'VALIDATED', archive_acknowledged: null });
    expect(await listCounts(who)).toEqual({ active: 400, archived: 0 });
  });

  it('is refused 409 with a wrong number: the active count, one short, or one typed as text', async () => {
    for (const archiveCount of [400, 379, '381']) {
      const refused = await decide(t, who, 'knee', 'confirm_import', batchId, { archiveCount });
      expect(refused.statusCode, String(archiveCount)).toBe(409);
      expect(refused.json<ErrorResponse>()).toEqual({
        detail: sentence,
        errors: { archiveCount: [archiveCountMessages.wrong] },
      });
    }
    expect(await listCounts(who)).toEqual({ active: 400, archived: 0 });
  });

  it('refuses a number that is not plain digits with 400 on the field', async () => {
    for (const archiveCount of ['3,80', '380.5', '0x17c']) {
      const refused = await decide(t, who, 'knee', 'confirm_import', batchId, { archiveCount });
      expect(refused.statusCode, archiveCount).toBe(400);
      expect(Object.keys(refused.json<ErrorResponse>().errors ?? {})).toEqual(['archiveCount']);
    }
    expect(await batchOf(batchId)).toMatchObject({ status: 'VALIDATED' });
  });

  it('is accepted with the number, archives the list and logs the acknowledgement', async () => {
    const accepted = await decide(t, who, 'knee', 'confirm_import', batchId, { archiveCount: 380 });
    expect(accepted.statusCode, accepted.body).toBe(202);
    await idle(t, who, 'knee');
    expect(await listCounts(who)).toEqual({ active: 20, archived: 380 });
    expect(await batchOf(batchId)).toEqual({
      status: 'IMPORTED',
      archived_count: 380,
      archive_acknowledged: 380,
    });
    const log = await confirmLog(batchId);
    expect(log?.action).toBe(
      'Confirmed the Knee replacement waiting list knee-ptl-week-49.csv: 0 added, 0 updated, 20 unchanged, 380 archived; archive of 380 acknowledged by typing the number',
    );
    expect(log?.changes).toMatchObject({
      pathwaysArchived: { after: 380 },
      archiveAcknowledged: { after: 380 },
    });
    // Once imported, the summary says what was done and warns of nothing more.
    const summary = await summaryOf(t, who, 'knee', batchId);
    expect(summary.archiveWarning).toBeNull();
    expect(summary.changes?.archived).toBe(380);
  });

  it('answers a second confirm, without the number, with the batch as it is (idempotent)', async () => {
    const again = await decide(t, who, 'knee', 'confirm_import', batchId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ batchStatus: 'IMPORTED', archived: 380 });
  });
});

describe(`a weekly list's ordinary turnover (${database})`, () => {
  it('archives 30 of 400 (7.5%, under 10%) without a number, and checks a number given', async () => {
    const { who, list } = await trustWithList(400, 420_000);
    const newReferrals = generatedWaitingList(10, { seed: 54, firstNumber: 421_000 });
    const batchId = await validatedUpload(
      who,
      [...firstRows(list, 370), ...firstRows(newReferrals, 10).slice(1)],
      list.bloodTestCsv,
    );
    const summary = await summaryOf(t, who, 'knee', batchId);
    expect(summary.changes).toEqual({ added: 10, updated: 0, unchanged: 370, archived: 30 });
    expect(summary.archiveWarning).toBeNull();

    // A number given when none is needed is still checked: a caller who sends one relies on it.
    const wrong = await decide(t, who, 'knee', 'confirm_import', batchId, { archiveCount: 31 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<ErrorResponse>()).toEqual({
      detail: 'Confirming will take 30 of 400 patients (7.5%) off the knee replacement waiting list.',
      errors: { archiveCount: [archiveCountMessages.wrong] },
    });

    expect((await decide(t, who, 'knee', 'confirm_import', batchId)).statusCode).toBe(202);
    await idle(t, who, 'knee');
    expect(await listCounts(who)).toEqual({ active: 380, archived: 30 });
    expect(await batchOf(batchId)).toEqual({
      status: 'IMPORTED',
      archived_count: 30,
      archive_acknowledged: null,
    });
    expect((await confirmLog(batchId))?.action).toBe(
      'Confirmed the Knee replacement waiting list knee-ptl-week-49.csv: 10 added, 0 updated, 370 unchanged, 30 archived',
    );
  });
});

describe(`a small list's few removals (${database})`, () => {
  it('archives 18 of 30 (60%, but no more than 20 pathways) without a number', async () => {
    const { who, list } = await trustWithList(30, 430_000);
    const batchId = await validatedUpload(who, firstRows(list, 12), list.bloodTestCsv);
    const summary = await summaryOf(t, who, 'knee', batchId);
    expect(summary.changes?.archived).toBe(18);
    expect(summary.archiveWarning).toBeNull();
    expect((await decide(t, who, 'knee', 'confirm_import', batchId)).statusCode).toBe(202);
    await idle(t, who, 'knee');
    expect(await listCounts(who)).toEqual({ active: 12, archived: 18 });
  });
});
