import { demoFile } from '../../test/factories/demo-files.js';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@esr/contracts/messages';
import type {
  ImportDecision,
  ProcedureCounters,
  UploadHistory,
  WaitingListDashboard,
} from '@esr/contracts/waiting-list';
import { importMessages } from '@esr/contracts/waiting-list';
import { comorbidityCodes, type FileOutcome, type WaitingListRecord } from '@esr/import-files/types';
import { warningMessages } from '@esr/import-files/messages';
import { queryRows } from '../../platform/db/client.js';
import { malformedUploadMessage } from '../../platform/http/multipart-files.js';
import { demoListsFolder } from './demo-waiting-lists.js';
import { applyConfirmedImport } from './confirm/import-confirm.js';
import type { FileReading } from './read/import-reading.js';
import { validateBatch } from './stage/import-staging.js';
import { importSettingsFor } from './import-settings.js';
import { UploadHandoff } from './read/upload-handoff.js';
import { copyField, stagedLineEnd, stagedLineStart } from './stage/staged-record.js';
import { importBatches } from '../../platform/db/schema.js';
import { scorePending } from '../evaluations/scoring.js';
import { importFilePartBytes, readImportFile } from './batch-files.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { multipartBody, truncatedMultipartBody } from '../../test/multipart.js';
import {
  createClericalTrust,
  csvFile,
  decide,
  get,
  idle,
  jobsSettled,
  summaryOf,
  uploadFiles,
  validated,
  waitUntil,
  withoutRateLimit,
  type ClericalTrust,
  type UploadFile,
} from '../../test/factories/waiting-list.js';
import { pasHeader, pasPatients as patient, recentSampleDate } from '../../test/factories/pas-extract.js';
import { createUser } from '../../test/factories/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const stagedCount = async (batchId: string) =>
  Number(
    (
      await queryRows<{ n: number | string }>(
        t.app.db,
        sql`select count(*) as n from staged_pathways where batch_id = ${batchId}`,
      )
    )[0]?.n ?? 0,
  );

/** A patient's recent results, with the eGFR the models require, each row starting with the patient's identifying cells. */
const bloodResults = (identifiers: string) => [
  `${identifiers},Hb,128,g/L,${recentSampleDate}`,
  `${identifiers},Creatinine,88,umol/L,${recentSampleDate}`,
  `${identifiers},eGFR,74,mL/min/1.73m2,${recentSampleDate}`,
  `${identifiers},Albumin,40,g/L,${recentSampleDate}`,
];
const bloods = (nhsNumbers: string[]) =>
  csvFile('pathology.csv', [
    'NHS Number,Test Name,Result,Units,Sample Date',
    ...nhsNumbers.flatMap(bloodResults),
  ]);

/** A PAS extract of these rows and a pathology extract (or one for these NHS numbers), uploaded. */
const uploadList = (who: ClericalTrust, rows: string[], bloodNhs: string[] | UploadFile) =>
  uploadFiles(
    t,
    who,
    'knee',
    csvFile('ptl.csv', [pasHeader, ...rows]),
    Array.isArray(bloodNhs) ? bloods(bloodNhs) : bloodNhs,
  );

/** The scoring runs queued for a trust's lists (pg-boss keeps finished jobs for a while). */
const scoringRunsAskedFor = async (trustCode: string) =>
  Number(
    (
      await queryRows<{ n: number | string }>(
        t.app.db,
        sql`select count(*) as n from pgboss.job where name = 'infer-batch.v1' and data->>'trustCode' = ${trustCode}`,
      )
    )[0]?.n ?? 0,
  );

async function importList(who: ClericalTrust, rows: string[], bloodNhs: string[] | UploadFile) {
  const upload = await uploadList(who, rows, bloodNhs);
  expect(upload.statusCode).toBe(202);
  const { batchId } = upload.json<{ batchId: string }>();
  const status = await validated(t, who, 'knee', batchId);
  expect(status.waiting_list.status).toBe('VALIDATED');
  expect(status.blood_test.status).toBe('VALIDATED');
  const confirm = await decide(t, who, 'knee', 'confirm_import', batchId);
  expect(confirm.statusCode).toBe(202);
  await idle(t, who, 'knee');
  const [batch] = await queryRows<{
    status: string;
    created_count: number;
    updated_count: number;
    archived_count: number;
  }>(
    t.app.db,
    sql`select status, created_count, updated_count, archived_count from import_batches where id = ${batchId}`,
  );
  return { batchId, batch: batch! };
}

describe('the waiting-list import, through the real job queue', () => {
  it('validates, confirms and scores a trust’s real-size knee list (2,400 pathways, 23,000 blood results)', async () => {
    const who = await createClericalTrust(t);
    const upload = await uploadFiles(
      t,
      who,
      'knee',
      demoFile('knee-waiting-list.csv'),
      demoFile('knee-blood-tests.csv'),
    );
    expect(upload.statusCode).toBe(202);
    const { batchId } = upload.json<{ batchId: string }>();

    const status = await validated(t, who, 'knee', batchId);
    expect(status).toMatchObject({
      batchStatus: 'VALIDATED',
      waiting_list: {
        fileName: 'knee-waiting-list.csv',
        status: 'VALIDATED',
        totals: { rows: 2400, valid: 2400, invalid: 0 },
      },
      blood_test: { fileName: 'knee-blood-tests.csv', status: 'VALIDATED' },
    });
    const summary = await summaryOf(t, who, 'knee', batchId);
    expect(summary.waiting_list_result).toMatchObject({
      has_errors: false,
      has_validation_errors: false,
      error: null,
    });
    expect(summary.waiting_list_result.diff_headers.missing).toEqual([]);
    expect(summary.pathways_without_bloods).toBeGreaterThan(0);
    expect(summary.pathways_without_bloods).toBeLessThan(600);

    const confirm = await decide(t, who, 'knee', 'confirm_import', batchId);
    expect(confirm.statusCode).toBe(202);
    await idle(t, who, 'knee');

    const again = await decide(t, who, 'knee', 'confirm_import', batchId);
    expect(again.statusCode).toBe(200);
    expect(again.json<ImportDecision>()).toMatchObject({
      batchStatus: 'IMPORTED',
      created: 2400,
      updated: 0,
      archived: 0,
    });

    const dashboard = await get<WaitingListDashboard>(
      t,
      who,
      `/api/trusts/${who.trustCode}/waiting-list/dashboard`,
    );
    const c = dashboard.counters;
    expect(c.activeRecords).toBe(2400);
    expect(c.processedRecords + c.failedRecords + c.incompleteRecords + c.excludedRecords).toBe(2400);
    expect(c.highRiskRecords + c.mediumRiskRecords + c.lowRiskRecords).toBe(c.processedRecords);
    // Every operation on the knee extract is a primary replacement and every patient an adult, so
    // none is outside the model's population; those missing a required input (decision 0057) are
    // scored without a band. Most samples are within 90 days, so most pathways keep their band.
    expect(c.excludedRecords).toBe(0);
    expect(c.failedRecords).toBe(0);
    expect(c.processedRecords).toBeGreaterThan(1500);
    expect(c.incompleteRecords).toBeGreaterThan(0);
    // A pathway with no blood result at all lacks both required results: each is incomplete.
    const [withoutResults] = await queryRows<{ n: number | string }>(
      t.app.db,
      sql`select count(*) as n from pathways where trust_code = ${who.trustCode} and status = 'incomplete'
        and failed_fields @> '["haemoglobin", "egfr"]'::jsonb`,
    );
    expect(Number(withoutResults!.n)).toBeGreaterThanOrEqual(summary.pathways_without_bloods);
    const counters = await get<ProcedureCounters>(
      t,
      who,
      `/api/trusts/${who.trustCode}/waiting-list/procedures/knee/manage/`,
    );
    expect(counters.counters).toEqual({
      activeRecords: 2400,
      processedRecords: c.processedRecords,
      failedRecords: c.failedRecords,
      incompleteRecords: c.incompleteRecords,
      excludedRecords: c.excludedRecords,
    });

    const [evaluations] = await queryRows<{ n: number | string }>(
      t.app.db,
      sql`select count(*) as n from evaluations where trust_code = ${who.trustCode}`,
    );
    // An incomplete pathway is scored too: its evaluation keeps the band its row withholds.
    expect(Number(evaluations!.n)).toBe(c.processedRecords + c.incompleteRecords);
    // The embedded database wrote them with the per-row foreign-key checks off (decision 0033):
    // every reference holds, and the checks are on again for whatever the session runs next.
    const [dangling] = await queryRows<{ n: number | string }>(
      t.app.db,
      sql`select count(*) as n from evaluations e
        left join pathways p on p.id = e.pathway_id and p.trust_code = e.trust_code
        where e.trust_code = ${who.trustCode} and (p.id is null or p.current_evaluation_id <> e.id)`,
    );
    expect(Number(dangling!.n)).toBe(0);
    const [role] = await queryRows<{ role: string }>(
      t.app.db,
      sql`select current_setting('session_replication_role') as role`,
    );
    expect(role!.role).toBe('origin');
    await expect(
      t.app.database.executeSql(
        `insert into evaluations (id, pathway_id, trust_code, procedure_code, model_id, model_version,
          model_name, model_card_version, demonstration, reason, created_by, probability, prediction,
          is_default_value_used, feature_contributions, inputs)
        select gen_random_uuid(), gen_random_uuid(), e.trust_code, e.procedure_code, e.model_id,
          e.model_version, e.model_name, e.model_card_version, e.demonstration, e.reason, e.created_by,
          e.probability, e.prediction, e.is_default_value_used, e.feature_contributions, e.inputs
        from evaluations e where e.trust_code = $1 limit 1`,
        [who.trustCode],
      ),
    ).rejects.toThrow(/foreign key/);

    const history = await get<UploadHistory>(
      t,
      who,
      `/api/trusts/${who.trustCode}/waiting-list/upload-history?procedureCode=knee&pageNumber=1&pageSize=5`,
    );
    expect(history.totalCount).toBe(2);
    expect(history.items.map((item) => [item.fileName, item.status, item.user])).toEqual([
      ['knee-waiting-list.csv', 'IMPORTED', expect.stringContaining('Ceri')],
      ['knee-blood-tests.csv', 'IMPORTED', expect.stringContaining('Ceri')],
    ]);

    const log = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from change_log where entity_id = ${batchId} order by id`,
    );
    expect(log.map((entry) => entry.action)).toEqual([
      expect.stringMatching(
        /^Uploaded a .+ waiting list \(knee-waiting-list\.csv\) and blood tests \(knee-blood-tests\.csv\)$/,
      ),
      expect.stringMatching(
        /^Confirmed the .+ waiting list knee-waiting-list\.csv: 2,400 added, 0 updated, 0 unchanged, 0 archived$/,
      ),
    ]);
  });

  it('keeps a file larger than one stored part in parts, and reads it back whole', async () => {
    const who = await createClericalTrust(t);
    // A blood file of about 9 MB, as a laboratory extract of a year's results would be: the four
    // patients' real results first, then thousands of older samples that the latest ones replace.
    const older = Array.from({ length: 220_000 }, (_, index) => {
      const nhs = ['9434765919', '9990000018', '9990000026', '9990000034'][index % 4];
      return `${nhs},Haemoglobin,${120 + (index % 20)},g/L,${String(1 + (index % 28)).padStart(2, '0')}/01/2025`;
    });
    const file = csvFile('pathology-year.csv', [
      'NHS Number,Test Name,Result,Units,Sample Date',
      ...['9434765919', '9990000018', '9990000026', '9990000034'].map(
        (nhs) => `${nhs},Haemoglobin,131,g/L,01/10/2026`,
      ),
      ...older,
    ]);
    const size = Buffer.byteLength(file.bytes);
    expect(size).toBeGreaterThan(2 * importFilePartBytes);
    const upload = await uploadFiles(
      t,
      who,
      'knee',
      csvFile('ptl.csv', [pasHeader, patient.first, patient.second, patient.third, patient.fourth]),
      file,
    );
    expect(upload.statusCode).toBe(202);
    const { batchId } = upload.json<{ batchId: string }>();
    const parts = await queryRows<{ part: number; size: number | string }>(
      t.app.db,
      sql`select part, length(bytes) as size from import_files
        where batch_id = ${batchId} and kind = 'bloodTest' order by part`,
    );
    expect(parts.map((row) => row.part)).toEqual([0, 1, 2]);
    expect(parts.reduce((sum, row) => sum + Number(row.size), 0)).toBe(size);
    // Read back byte for byte, whichever way the database takes them (binary, or base64 text).
    const stored = await readImportFile(t.app.db, t.app.database.kind, batchId, 'bloodTest');
    expect(stored?.equals(Buffer.from(file.bytes))).toBe(true);
    // Compressed with lz4 on PostgreSQL, stored uncompressed on the embedded database, which has no
    // lz4 (migration 0015): either way not with the slower default.
    const [column] = await queryRows<{ compression: string; storage: string }>(
      t.app.db,
      sql`select attcompression as compression, attstorage as storage from pg_attribute
        where attrelid = 'import_files'::regclass and attname = 'bytes'`,
    );
    expect(column).toEqual(
      t.app.database.kind === 'postgres'
        ? { compression: 'l', storage: 'x' }
        : { compression: '', storage: 'e' },
    );
    const status = await validated(t, who, 'knee', batchId);
    expect(status.blood_test).toMatchObject({
      status: 'VALIDATED',
      totals: { rows: 220_004, valid: 220_004, invalid: 0 },
    });
    expect((await summaryOf(t, who, 'knee', batchId)).pathways_without_bloods).toBe(0);
  });

  it('makes each confirmed file the active list: matched pathways updated, new ones added, absent ones archived', async () => {
    const who = await createClericalTrust(t);
    const first = await importList(
      who,
      [patient.first, patient.second, patient.third],
      ['9434765919', '9990000018', '9990000026'],
    );
    expect(first.batch).toMatchObject({
      status: 'IMPORTED',
      created_count: 3,
      updated_count: 0,
      archived_count: 0,
    });
    const before = await queryRows<{ nhs_number: string; current_evaluation_id: string; status: string }>(
      t.app.db,
      sql`select nhs_number, current_evaluation_id, status from pathways where trust_code = ${who.trustCode} order by nhs_number`,
    );
    expect(before.every((row) => row.status === 'processed')).toBe(true);

    const changedSecond = patient.second.replace(',178,91,', ',178,104,');
    const second = await importList(
      who,
      [patient.first, changedSecond, patient.fourth],
      ['9434765919', '9990000034'],
    );
    // The first patient is on the new list as they were: matched, and counted unchanged (decision 0037).
    expect(second.batch).toMatchObject({
      status: 'IMPORTED',
      created_count: 1,
      updated_count: 1,
      archived_count: 1,
    });

    const after = await queryRows<{
      nhs_number: string;
      is_active: boolean;
      current_evaluation_id: string | null;
      last_batch_id: string;
      date_removed: string | null;
      status: string;
    }>(
      t.app.db,
      sql`select nhs_number, is_active, current_evaluation_id, last_batch_id, date_removed, status
        from pathways where trust_code = ${who.trustCode} order by nhs_number`,
    );
    const byNhs = new Map(after.map((row) => [row.nhs_number, row]));
    const beforeByNhs = new Map(before.map((row) => [row.nhs_number, row]));
    // Unchanged data keeps its evaluation; changed data (new weight, fewer bloods) is scored again.
    expect(byNhs.get('9434765919')!.current_evaluation_id).toBe(
      beforeByNhs.get('9434765919')!.current_evaluation_id,
    );
    expect(byNhs.get('9990000018')!.current_evaluation_id).not.toBe(
      beforeByNhs.get('9990000018')!.current_evaluation_id,
    );
    // Without its blood results it lacks the haemoglobin and eGFR the model requires: scored,
    // its band withheld (decision 0057).
    expect(byNhs.get('9990000018')!.status).toBe('incomplete');
    expect(byNhs.get('9990000026')).toMatchObject({ is_active: false, last_batch_id: first.batchId });
    expect(byNhs.get('9990000026')!.date_removed).not.toBeNull();
    expect(byNhs.get('9990000034')).toMatchObject({
      is_active: true,
      status: 'processed',
      last_batch_id: second.batchId,
    });

    const dashboard = await get<WaitingListDashboard>(
      t,
      who,
      `/api/trusts/${who.trustCode}/waiting-list/dashboard`,
    );
    expect(dashboard.counters).toMatchObject({ activeRecords: 3, archivedRecords: 1 });
    const [evaluations] = await queryRows<{ n: number | string }>(
      t.app.db,
      sql`select count(*) as n from evaluations where trust_code = ${who.trustCode}`,
    );
    expect(Number(evaluations!.n)).toBe(5);

    // The confirm scored them itself (decision 0028): each new evaluation and its pathway were
    // written in the confirm's transaction, whose clock they share, and no pathway was written twice.
    const scoredInConfirm = await queryRows<{
      nhs_number: string;
      reason: string;
      same_transaction: boolean;
    }>(
      t.app.db,
      sql`select p.nhs_number, e.reason,
          (e.created_at = p.processed_at and e.created_at = p.updated_at) as same_transaction
        from pathways p join evaluations e on e.id = p.current_evaluation_id
        where p.trust_code = ${who.trustCode} and p.last_batch_id = ${second.batchId}
        order by p.nhs_number`,
    );
    // Nothing was left for a scoring run, so none was asked for.
    expect(await scoringRunsAskedFor(who.trustCode)).toBe(0);
    expect(scoredInConfirm).toEqual([
      { nhs_number: '9434765919', reason: 'batch', same_transaction: false },
      { nhs_number: '9990000018', reason: 'batch', same_transaction: true },
      { nhs_number: '9990000034', reason: 'batch', same_transaction: true },
    ]);
  });

  it('matches a row without an NHS number by its local identifier, and scores it again only when its data changed', async () => {
    const who = await createClericalTrust(t);
    const noNhs =
      ',RAN100009,Ann,Smith,05/05/1950,F,158,64,4,Total knee replacement,03/01/2026,,Mr A Hamid,N,N,N';
    // The laboratory's extract names her by her hospital number too.
    const pathology = csvFile('pathology.csv', [
      'NHS Number,Hospital Number,Test Name,Result,Units,Sample Date',
      ...bloodResults('9434765919,RAN100001'),
      ...bloodResults(',RAN100009'),
    ]);
    const first = await importList(who, [patient.first, noNhs], pathology);
    expect(first.batch).toMatchObject({ created_count: 2, updated_count: 0 });
    const pathwayOf = async () =>
      (
        await queryRows<{ id: string; current_evaluation_id: string; status: string; weight: string }>(
          t.app.db,
          sql`select id, current_evaluation_id, status, clinical->>'weight' as weight from pathways
            where trust_code = ${who.trustCode} and local_patient_identifier = 'RAN100009'`,
        )
      )[0]!;
    const before = await pathwayOf();

    const same = await importList(who, [patient.first, noNhs], pathology);
    expect(same.batch).toMatchObject({ created_count: 0, updated_count: 0, archived_count: 0 });
    expect(await pathwayOf()).toEqual(before);

    const heavier = await importList(who, [patient.first, noNhs.replace(',158,64,', ',158,70,')], pathology);
    expect(heavier.batch).toMatchObject({ created_count: 0, updated_count: 1, archived_count: 0 });
    const after = await pathwayOf();
    expect(after).toMatchObject({ id: before.id, status: 'processed', weight: '70' });
    expect(after.current_evaluation_id).not.toBe(before.current_evaluation_id);
  });

  it('keeps an unchanged pathway’s result until one of its blood results grows too old, scores it again without it, and with a new sample of the same value', async () => {
    const who = await createClericalTrust(t);
    // Siobhán's results were taken 80 days ago, Łukasz's three weeks ago.
    const eightyDaysAgo = new Date(Date.now() - 80 * 86_400_000);
    const older = `${String(eightyDaysAgo.getUTCDate()).padStart(2, '0')}/${String(eightyDaysAgo.getUTCMonth() + 1).padStart(2, '0')}/${eightyDaysAgo.getUTCFullYear()}`;
    const pathology = csvFile('pathology.csv', [
      'NHS Number,Test Name,Result,Units,Sample Date',
      ...bloodResults('9434765919').map((line) => line.replace(recentSampleDate, older)),
      ...bloodResults('9990000018'),
    ]);
    await importList(who, [patient.first, patient.second], pathology);
    const state = async () =>
      new Map(
        (
          await queryRows<{
            nhs_number: string;
            status: string;
            current_evaluation_id: string;
            unused: Record<string, string> | null;
          }>(
            t.app.db,
            sql`select p.nhs_number, p.status, p.current_evaluation_id, e.unused_inputs as unused
              from pathways p join evaluations e on e.id = p.current_evaluation_id
              where p.trust_code = ${who.trustCode}`,
          )
        ).map((row) => [row.nhs_number, row]),
      );
    const first = await state();
    expect([...first.values()].map((row) => [row.status, row.unused])).toEqual([
      ['processed', null],
      ['processed', null],
    ]);

    // The same files confirmed 20 days on: Siobhán's results are then 100 days old.
    const confirmLater = async () => {
      const upload = await uploadList(who, [patient.first, patient.second], pathology);
      const { batchId } = upload.json<{ batchId: string }>();
      await validated(t, who, 'knee', batchId);
      await t.app.db.execute(sql`update import_batches set status = 'CONFIRMING' where id = ${batchId}`);
      return applyConfirmedImport(t.app.database, t.app.db, batchId, {
        now: () => new Date(Date.now() + 20 * 86_400_000),
      });
    };
    const applied = await confirmLater();
    expect(applied).toMatchObject({ created: 0, updated: 0, unchanged: 2, scored: 1 });
    const later = await state();
    const sampledOn = (date: Date) => date.toISOString().slice(0, 10);
    expect(later.get('9434765919')).toMatchObject({
      status: 'incomplete',
      unused: { haemoglobin: sampledOn(eightyDaysAgo), egfr: sampledOn(eightyDaysAgo) },
    });
    expect(later.get('9434765919')!.current_evaluation_id).not.toBe(
      first.get('9434765919')!.current_evaluation_id,
    );
    expect(later.get('9990000018')).toEqual(first.get('9990000018'));

    // Once scored without them, it keeps that result at the next confirm of the same data.
    expect(await confirmLater()).toMatchObject({ unchanged: 2, scored: 0 });
    expect(await state()).toEqual(later);

    // Taken again, with the same values: the model's record is as it was, but its results are
    // recent once more, so it is scored with them and its band shown.
    await importList(who, [patient.first, patient.second], bloods(['9434765919', '9990000018']));
    const retaken = await state();
    expect(retaken.get('9434765919')).toMatchObject({ status: 'processed', unused: null });
    expect(retaken.get('9990000018')).toEqual(first.get('9990000018'));
  });

  it('leaves the list waiting when the procedure has no active model, and scores it once one is active', async () => {
    const who = await createClericalTrust(t);
    await t.app.db.execute(
      sql`update ml_models set is_active = false where trust_code = ${who.trustCode} and procedure_code = 'knee'`,
    );
    const imported = await importList(who, [patient.first, patient.second], ['9434765919', '9990000018']);
    expect(imported.batch).toMatchObject({ status: 'IMPORTED', created_count: 2 });
    const waiting = await queryRows<{ status: string; current_evaluation_id: string | null }>(
      t.app.db,
      sql`select status, current_evaluation_id from pathways where trust_code = ${who.trustCode}`,
    );
    expect(waiting).toEqual([
      { status: 'waiting', current_evaluation_id: null },
      { status: 'waiting', current_evaluation_id: null },
    ]);
    expect(await scoringRunsAskedFor(who.trustCode)).toBe(1);

    await t.app.db.execute(
      sql`update ml_models set is_active = true where id = (select id from ml_models
        where trust_code = ${who.trustCode} and procedure_code = 'knee' order by version desc limit 1)`,
    );
    expect(await scorePending(t.app.db, t.app.database, who.trustCode, 'knee')).toBe(2);
    const scored = await queryRows<{ status: string; reason: string }>(
      t.app.db,
      sql`select p.status, e.reason from pathways p join evaluations e on e.id = p.current_evaluation_id
        where p.trust_code = ${who.trustCode}`,
    );
    expect(scored).toEqual([
      { status: 'processed', reason: 'batch' },
      { status: 'processed', reason: 'batch' },
    ]);
  });
});

// Only PostgreSQL reads the staged rows on a connection of its own while the confirm writes.
describe.runIf(process.env.DATABASE_URL)(
  'a pathway remodelled while a confirm reads the list (PostgreSQL)',
  () => {
    it('is written with the file’s data and left waiting for the scoring run, never with the result of other data', async () => {
      const who = await createClericalTrust(t);
      await importList(who, [patient.first], ['9434765919']);
      const upload = await uploadList(who, [patient.first], ['9434765919']);
      const { batchId } = upload.json<{ batchId: string }>();
      await validated(t, who, 'knee', batchId);
      // Confirmed by hand below, so that the remodel lands between the read and the write.
      await t.app.db.execute(sql`update import_batches set status = 'CONFIRMING' where id = ${batchId}`);
      let remodelled = false;
      const database = {
        ...t.app.database,
        executeSql: async (text: string, values?: unknown[]) => {
          const read = await t.app.database.executeSql(text, values);
          // The confirm's read of the staged records to score (import-confirm.ts).
          if (!remodelled && text.startsWith('select s.row_number, s.clinical,')) {
            remodelled = true;
            await t.app.database.executeSql(
              `update pathways set clinical = (clinical::jsonb || '{"weight": 99}')::json,
              inputs_hash = md5((clinical::jsonb || '{"weight": 99}')::text)
            where trust_code = $1 and nhs_number = '9434765919'`,
              [who.trustCode],
            );
          }
          return read;
        },
      };
      const applied = await applyConfirmedImport(database, t.app.db, batchId);
      expect(remodelled).toBe(true);
      expect(applied).toMatchObject({ created: 0, scored: 0, waiting: 1 });
      // Matched before the remodel, as it was: counted as the match found it (decision 0037).
      expect(applied!.updated + applied!.unchanged).toBe(1);
      const [pathway] = await queryRows<{
        status: string;
        current_evaluation_id: string | null;
        weight: string;
      }>(
        t.app.db,
        sql`select status, current_evaluation_id, clinical->>'weight' as weight from pathways
        where trust_code = ${who.trustCode} and nhs_number = '9434765919'`,
      );
      expect(pathway).toEqual({ status: 'waiting', current_evaluation_id: null, weight: '72' });
      expect(await scorePending(t.app.db, t.app.database, who.trustCode, 'knee')).toBe(1);
    });
  },
);

describe('a new model', () => {
  it('scores every active pathway again once a clinical safety officer approves it, keeping each earlier evaluation', async () => {
    const who = await createClericalTrust(t);
    await importList(who, [patient.first, patient.second], ['9434765919', '9990000018']);
    const admin = await createUser(t.app.db, { trustCode: who.trustCode, roles: ['tca'] });
    const root = path.resolve(demoListsFolder, '../../../../..');
    const body = multipartBody([
      {
        field: 'modelFile',
        fileName: 'model.pkl',
        bytes: fs.readFileSync(path.join(root, 'models/default/knee/model.pkl')),
      },
      {
        field: 'wrapperFile',
        fileName: 'wrapper.pkl',
        bytes: fs.readFileSync(path.join(root, 'models/default/knee/wrapper.pkl')),
      },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/trusts/${who.trustCode}/machine-learning/procedures/knee/models/upload`,
      headers: { ...bearer(await t.tokenFor(admin.id)), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(202);
    const { id: modelId } = upload.json<{ id: string }>();
    // Decision 0060: nothing is scored with it until a clinical safety officer approves it.
    const officer = await createUser(t.app.db, { trustCode: who.trustCode, roles: ['cso'] });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/trusts/${who.trustCode}/machine-learning/procedures/knee/models/${modelId}/approve`,
      headers: bearer(await t.tokenFor(officer.id)),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await waitUntil(
      () =>
        queryRows<{ model_id: string; reason: string }>(
          t.app.db,
          sql`select model_id, reason from evaluations where trust_code = ${who.trustCode} order by created_at`,
        ),
      (rows) => rows.length === 4,
    );
    const evaluations = await queryRows<{ model_id: string; reason: string }>(
      t.app.db,
      sql`select model_id, reason from evaluations where trust_code = ${who.trustCode} order by created_at`,
    );
    expect(evaluations.slice(2)).toEqual([
      { model_id: modelId, reason: 'rescore' },
      { model_id: modelId, reason: 'rescore' },
    ]);
    const pathways = await queryRows<{ scored_model_id: string; status: string }>(
      t.app.db,
      sql`select scored_model_id, status from pathways where trust_code = ${who.trustCode}`,
    );
    expect(pathways).toEqual([
      { scored_model_id: modelId, status: 'processed' },
      { scored_model_id: modelId, status: 'processed' },
    ]);
  });
});

describe('rows imported with a warning', () => {
  // The knee model's inputs (models/default/knee/MODEL_CARD.md) that this PAS extract has no column
  // for: each is warned of once for the file, by name (decision 0057).
  const notInExtract = [
    'ethnicGroup',
    'af',
    'ihd',
    'ang',
    'valv',
    'pvd',
    'dem',
    'alz',
    'pa',
    'ps',
    'idd',
    'nidd',
    'hypo',
    'hype',
    'ra',
    'foa',
  ];
  const isNotInExtract = (warning: { field: string | null }) =>
    warning.field !== null && notInExtract.includes(warning.field);
  const ofExtractColumns = <T extends { field: string | null }>(warnings: T[]) =>
    warnings.filter((warning) => !isNotInExtract(warning));

  it('names a blank sex, height or weight that the active knee model would fill in with its default', async () => {
    const who = await createClericalTrust(t);
    // Row 2: sex "Not known" and no height; row 3: no weight. The default knee model reads sex and
    // body mass index (models/default/knee/MODEL_CARD.md).
    const unknownSex = patient.first.replace(',F,160,72,', ',Not known,,72,');
    const noWeight = patient.second.replace(',M,178,91,', ',M,178,,');
    const upload = await uploadList(who, [unknownSex, noWeight], ['9434765919', '9990000018']);
    expect(upload.statusCode).toBe(202);
    const { batchId } = upload.json<{ batchId: string }>();
    await validated(t, who, 'knee', batchId);
    const summary = await summaryOf(t, who, 'knee', batchId);
    const warnings = summary.waiting_list_result.warnings;
    expect(ofExtractColumns(warnings)).toEqual([
      { row_number: 2, field: 'sex', message: warningMessages.sexMissing },
      { row_number: 2, field: 'height', message: warningMessages.heightMissing },
      { row_number: 3, field: 'weight', message: warningMessages.weightMissing },
    ]);
    // An input the extract has no column for is one warning for the file, not one per row (decision 0057).
    expect(warnings.filter(isNotInExtract).map((warning) => [warning.row_number, warning.field])).toEqual(
      notInExtract.map((field) => [null, field]),
    );
    expect(warnings.find((warning) => warning.field === 'af')?.message).toBe(
      "The file has no Atrial fibrillation column: the model will use 'No' for every patient.",
    );
  });

  it('lists a row with no date of birth as a warning naming the field, and still lets the list be confirmed', async () => {
    const who = await createClericalTrust(t);
    // Row 3 has its DOB cell left blank: the model would put in its default age (docs/import-format.md "Warnings").
    const noDob = patient.second.replace(',02/11/1948,', ',,');
    const upload = await uploadList(who, [patient.first, noDob], ['9434765919', '9990000018']);
    expect(upload.statusCode).toBe(202);
    const { batchId } = upload.json<{ batchId: string }>();
    const status = await validated(t, who, 'knee', batchId);
    expect(status.waiting_list).toMatchObject({
      status: 'VALIDATED',
      totals: { rows: 2, valid: 2, invalid: 0, warnings: 1 + notInExtract.length },
    });

    const summary = await summaryOf(t, who, 'knee', batchId);
    expect(ofExtractColumns(summary.waiting_list_result.warnings)).toEqual([
      { row_number: 3, field: 'dateOfBirth', message: warningMessages.dobMissing },
    ]);
    expect(summary.waiting_list_result.invalid_rows).toEqual([]);

    expect((await decide(t, who, 'knee', 'confirm_import', batchId)).statusCode).toBe(202);
    await idle(t, who, 'knee');
    const [batch] = await queryRows<{ status: string; created_count: number }>(
      t.app.db,
      sql`select status, created_count from import_batches where id = ${batchId}`,
    );
    expect(batch).toMatchObject({ status: 'IMPORTED', created_count: 2 });
  });
});

describe('rows that cannot be imported', () => {
  it('lists each invalid row with the row number the spreadsheet shows and a plain reason, and refuses confirm', async () => {
    const who = await createClericalTrust(t);
    const list = csvFile('ptl-with-errors.csv', [
      'Trauma & Orthopaedics patient tracking list,,,,,,,,,,,,,,,',
      pasHeader,
      patient.first,
      '943 476 5918,RAN100009,Anna,Bell,01/02/1950,F,160,70,4,Total knee replacement,02/01/2026,,Mr A Hamid,Y,N,N',
      '999 000 0042,RAN100010,Tom,Reed,31/02/1950,M,170,80,4,Total knee replacement,02/01/2026,,Mr A Hamid,maybe,N,N',
      patient.second,
    ]);
    const upload = await uploadFiles(t, who, 'knee', list, bloods(['9434765919']));
    expect(upload.statusCode).toBe(202);
    const { batchId } = upload.json<{ batchId: string }>();
    const status = await validated(t, who, 'knee', batchId);
    expect(status.waiting_list).toMatchObject({
      status: 'VALIDATED_WITH_ERRORS',
      totals: { rows: 4, valid: 2, invalid: 2 },
    });

    const summary = await summaryOf(t, who, 'knee', batchId);
    const invalid = summary.waiting_list_result.invalid_rows;
    expect(invalid.map((row) => row.row_number)).toEqual([4, 5]);
    expect(Object.keys(invalid[0]!.field_specific_errors)).toEqual(['nhsNumber']);
    expect(invalid[0]!.field_specific_errors.nhsNumber![0]).toMatch(/check digit|Modulus 11/i);
    expect(Object.keys(invalid[1]!.field_specific_errors).sort()).toEqual(['dateOfBirth', 'hypt']);
    expect(invalid[1]!.values.dateOfBirth).toBe('31/02/1950');
    expect(summary.waiting_list_result.has_validation_errors).toBe(true);

    const confirm = await decide(t, who, 'knee', 'confirm_import', batchId);
    expect(confirm.statusCode).toBe(422);
    expect(confirm.json()).toEqual({ detail: importMessages.notReadyToConfirm });

    const cancel = await decide(t, who, 'knee', 'cancel_import', batchId);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<ImportDecision>().batchStatus).toBe('CANCELLED');
    const [staged] = await queryRows<{ n: number | string }>(
      t.app.db,
      sql`select count(*) as n from staged_pathways where batch_id = ${batchId}`,
    );
    expect(Number(staged!.n)).toBe(0);
    const late = await decide(t, who, 'knee', 'confirm_import', batchId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: importMessages.alreadyDecided });
    const dashboard = await get<WaitingListDashboard>(
      t,
      who,
      `/api/trusts/${who.trustCode}/waiting-list/dashboard`,
    );
    expect(dashboard.counters.activeRecords).toBe(0);
  });

  it('refuses a row with a NUL byte or a broken character as a row error, keeping the rest', async () => {
    const who = await createClericalTrust(t);
    const list = csvFile('ptl-hostile.csv', [
      pasHeader,
      patient.first,
      patient.second.replace('Łukasz', 'Łu\u0000kasz'),
      patient.third.replace('Zoë', 'Zo\uD800'),
    ]);
    const upload = await uploadFiles(t, who, 'knee', list, bloods(['9434765919']));
    const { batchId } = upload.json<{ batchId: string }>();
    const status = await validated(t, who, 'knee', batchId);
    expect(status.waiting_list).toMatchObject({
      status: 'VALIDATED_WITH_ERRORS',
      totals: { rows: 3, valid: 1, invalid: 2 },
    });
    const summary = await summaryOf(t, who, 'knee', batchId);
    expect(summary.waiting_list_result.invalid_rows.map((row) => row.row_number)).toEqual([3, 4]);
    expect(JSON.stringify(summary)).not.toContain('\\u0000');
    await decide(t, who, 'knee', 'cancel_import', batchId);
  });

  it('fails a file with required columns missing, naming them', async () => {
    const who = await createClericalTrust(t);
    const upload = await uploadFiles(
      t,
      who,
      'knee',
      csvFile('names-only.csv', ['Forename,Surname', 'Ann,Lee']),
      bloods(['9434765919']),
    );
    const { batchId } = upload.json<{ batchId: string }>();
    const status = await validated(t, who, 'knee', batchId);
    expect(status.waiting_list.status).toBe('FAILED');
    const summary = await summaryOf(t, who, 'knee', batchId);
    expect(summary.waiting_list_result.error).toMatch(/column/i);
    expect(summary.waiting_list_result.diff_headers.missing.length).toBeGreaterThan(0);
    expect(summary.waiting_list_result.has_errors).toBe(true);
    expect((await decide(t, who, 'knee', 'confirm_import', batchId)).statusCode).toBe(422);
  });
});

describe('uploads that are refused', () => {
  it('answers 409 with the busy message while the procedure’s service is busy', async () => {
    const who = await createClericalTrust(t);
    const first = await uploadFiles(
      t,
      who,
      'knee',
      csvFile('ptl.csv', [pasHeader, patient.first]),
      bloods(['9434765919']),
    );
    expect(first.statusCode).toBe(202);
    const second = await uploadFiles(
      t,
      who,
      'knee',
      csvFile('ptl.csv', [pasHeader, patient.first]),
      bloods(['9434765919']),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: messages.serviceBusy });
    const status = await get<{ status: string }>(
      t,
      who,
      `/api/trusts/${who.trustCode}/waiting-list/procedures/knee/batch-inferencing/status`,
    );
    expect(status.status).toBe('busy');
    await validated(t, who, 'knee', first.json<{ batchId: string }>().batchId);
    await idle(t, who, 'knee');
  });

  it('names each missing or wrong file on its own field', async () => {
    const who = await createClericalTrust(t);
    const none = await uploadFiles(t, who, 'knee', null, null);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      errors: {
        waitingListDataFile: [importMessages.selectWaitingListFile],
        bloodTestDataFile: [importMessages.selectBloodTestFile],
      },
    });
    const wrongType = await uploadFiles(
      t,
      who,
      'knee',
      { name: 'list.pdf', bytes: '%PDF-1.4' },
      bloods(['9434765919']),
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({
      errors: { waitingListDataFile: [importMessages.wrongExtension] },
    });
    const empty = await uploadFiles(t, who, 'knee', { name: 'list.csv', bytes: '' }, bloods(['9434765919']));
    expect(empty.json()).toMatchObject({ errors: { waitingListDataFile: [importMessages.emptyFile] } });
  });

  it('answers a body cut short with a 400', async () => {
    const who = await createClericalTrust(t);
    const body = truncatedMultipartBody([
      {
        field: 'waitingListDataFile',
        fileName: 'ptl.csv',
        bytes: Buffer.from([pasHeader, patient.first].join('\n')),
      },
      { field: 'bloodTestDataFile', fileName: 'b.csv', bytes: Buffer.from('x'.repeat(2000)) },
    ]);
    const response = await withoutRateLimit(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/trusts/${who.trustCode}/waiting-list/procedures/knee/files/upload/`,
        headers: { ...bearer(who.token), 'content-type': body.contentType },
        payload: body.payload,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: malformedUploadMessage });
  });

  it('refuses other roles and other trusts, and never shows another trust’s batch', async () => {
    const who = await createClericalTrust(t);
    const other = await createClericalTrust(t);
    const clinician = await createUser(t.app.db, { trustCode: who.trustCode, roles: ['cl'] });
    const clinicianToken = await t.tokenFor(clinician.id);
    const upload = await uploadList(who, [patient.first], ['9434765919']);
    const { batchId } = upload.json<{ batchId: string }>();
    const urls = [
      `/api/trusts/${who.trustCode}/waiting-list/dashboard`,
      `/api/trusts/${who.trustCode}/waiting-list/upload-history`,
      `/api/trusts/${who.trustCode}/waiting-list/procedures/knee/files/upload-status/?batchId=${batchId}`,
      `/api/trusts/${who.trustCode}/waiting-list/procedures/knee/files/validation-summary/?batchId=${batchId}`,
      `/api/trusts/${who.trustCode}/waiting-list/procedures/knee/batch-inferencing/status`,
      `/api/trusts/${who.trustCode}/waiting-list/procedures/knee/manage/`,
    ];
    for (const url of urls) {
      const asClinician = await t.app.inject({ method: 'GET', url, headers: bearer(clinicianToken) });
      expect(asClinician.statusCode, url).toBe(403);
      const asOtherTrust = await t.app.inject({ method: 'GET', url, headers: bearer(other.token) });
      expect(asOtherTrust.statusCode, url).toBe(403);
      expect(asOtherTrust.body).not.toContain('ptl.csv');
    }
    const foreignBatch = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/${other.trustCode}/waiting-list/procedures/knee/files/upload-status/?batchId=${batchId}`,
      headers: bearer(other.token),
    });
    expect(foreignBatch.statusCode).toBe(404);
    const confirmByClinician = await t.app.inject({
      method: 'POST',
      url: `/api/trusts/${who.trustCode}/waiting-list/procedures/knee/files/confirm_import/`,
      headers: bearer(clinicianToken),
      payload: { batchId },
    });
    expect(confirmByClinician.statusCode).toBe(403);
    await validated(t, who, 'knee', batchId);
    await idle(t, who, 'knee');
  });
});

describe('the files a validation reads', () => {
  const list = [pasHeader, patient.first, patient.second, patient.third];
  const expectedTotals = async (app: TestApp) => {
    const who = await createClericalTrust(app);
    const upload = await uploadFiles(app, who, 'knee', csvFile('ptl.csv', list), bloods(['9434765919']));
    expect(upload.statusCode).toBe(202);
    const { batchId } = upload.json<{ batchId: string }>();
    const status = await validated(app, who, 'knee', batchId);
    expect(status.waiting_list).toMatchObject({ status: 'VALIDATED', totals: { rows: 3, valid: 3 } });
    expect(status.blood_test).toMatchObject({ status: 'VALIDATED', totals: { rows: 4, valid: 4 } });
    expect(app.app.uploads?.heldBytes ?? 0).toBe(0);
  };

  it('are read ahead by the process that received them, and the reading handed to their validation', async () => {
    const handoff = t.app.uploads!;
    const take = handoff.take.bind(handoff);
    const keep = handoff.keep.bind(handoff);
    let handed = 0;
    const kept: Buffer[] = [];
    handoff.take = (batchId, stored) => {
      const reading = take(batchId, stored);
      if (reading) handed += 1;
      return reading;
    };
    handoff.keep = (upload, checksums) => {
      kept.push(upload.waitingList.bytes, upload.bloodTest.bytes);
      return keep(upload, checksums);
    };
    try {
      await expectedTotals(t);
    } finally {
      handoff.take = take;
      handoff.keep = keep;
    }
    expect(handed).toBe(1);
    // Received into shared memory, which the reading threads read where it is (decision 0032).
    expect(kept.map((bytes) => bytes.buffer instanceof SharedArrayBuffer)).toEqual([true, true]);
  });

  it('are read from the database when this process did not read them ahead', async () => {
    const withoutHandoff = await createTestApp({}, { uploadHandoff: { maxBytes: 0, maxAgeMs: 0 } });
    try {
      await expectedTotals(withoutHandoff);
    } finally {
      await withoutHandoff.close();
    }
  });
});

/** Has the handoff read an upload of a small list with these checksums, as the upload route does. */
const keepUpload = <TReading extends { abandon(): void }>(
  handoff: UploadHandoff<TReading>,
  batchId: string,
  checksums: { waitingListSha256: string; bloodTestSha256: string },
) => {
  const text = Buffer.from('NHS Number,Surname\r\n9434765919,Smith\r\n');
  return handoff.keep(
    {
      batchId,
      procedure: 'knee',
      defaultedFields: [],
      waitingList: { fileName: 'ptl.csv', bytes: text },
      bloodTest: { fileName: 'pathology.csv', bytes: text },
    },
    checksums,
  );
};

describe('a reading started for an upload', () => {
  it('is stopped by a validation that finds its batch no longer waiting for one', async () => {
    let abandoned = 0;
    const handoff = new UploadHandoff(() => ({ abandon: () => void (abandoned += 1) }));
    const batchId = crypto.randomUUID();
    const checksums = { waitingListSha256: 'a', bloodTestSha256: 'b' };
    expect(keepUpload(handoff, batchId, checksums)).toBe(true);
    const outcome = await validateBatch(
      t.app.db,
      t.app.database,
      batchId,
      importSettingsFor(t.app.config),
      handoff as UploadHandoff<FileReading>,
    );
    expect(outcome).toEqual({ confirmNow: false });
    expect(abandoned).toBe(1);
    expect(handoff.heldBytes).toBe(0);
  });
});

describe('a list that fails part-way through its reading', () => {
  it('leaves none of the rows staged before it failed', async () => {
    const who = await createClericalTrust(t);
    const batchId = crypto.randomUUID();
    const checksums = { waitingListSha256: 'a', bloodTestSha256: 'b' };
    await t.app.db.insert(importBatches).values({
      id: batchId,
      trustCode: who.trustCode,
      procedureCode: 'knee',
      status: 'VALIDATING',
      createdBy: 'Ceri Test',
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      waitingListFileName: 'ptl.xlsx',
      waitingListBytes: 1,
      bloodTestFileName: 'pathology.csv',
      bloodTestBytes: 1,
      ...checksums,
    });
    const record: WaitingListRecord = {
      nhsNumber: '9434765919',
      localPatientIdentifier: null,
      firstName: 'Siobhán',
      lastName: "O'Brien",
      dateOfBirth: '1951-03-14',
      sex: 'F',
      ethnicGroup: null,
      height: 160,
      weight: 72,
      smoking: '4',
      operationType: 'knee',
      operation: null,
      referralDate: '2026-01-02',
      clockStart: '2026-01-02',
      tciDate: null,
      surgeonName: null,
      priority: null,
      priorityDate: '2026-01-02',
      lastValidatedOn: null,
      surgery: null,
      social: null,
      comorbidities: Object.fromEntries(
        comorbidityCodes.map((code) => [code, 0]),
      ) as WaitingListRecord['comorbidities'],
    };
    const totals = { rows: 1, valid: 1, invalid: 0, warnings: 0 };
    const outcome = (status: 'VALIDATED' | 'FAILED'): FileOutcome => ({
      status,
      error: status === 'FAILED' ? 'The workbook could not be read past row 2.' : null,
      baseErrors: status === 'FAILED' ? ['The workbook could not be read past row 2.'] : [],
      diffHeaders: { missing: [], unexpected: [] },
      totals,
      format: status === 'FAILED' ? 'xlsx' : 'csv',
    });
    // A reading whose list stages a row, then fails, as a workbook damaged part-way through does.
    const reading: FileReading = {
      async adopt(sink) {
        const line = stagedLineStart(copyField(batchId), 2, record) + stagedLineEnd();
        await sink({ type: 'staged', copyText: new TextEncoder().encode(line), rows: 1 });
        return [
          {
            status: 'fulfilled',
            value: {
              read: { outcome: outcome('VALIDATED'), warnings: [] },
              patients: {
                keys: [],
                text: new Uint8Array(0),
                ends: Int32Array.of(0),
                birthDates: [],
                locals: [],
                rowStarts: Int32Array.of(0),
                rowNumbers: new Int32Array(0),
              },
            },
          },
          {
            status: 'fulfilled',
            value: {
              read: { outcome: outcome('FAILED'), warnings: [] },
              pathwaysWithoutBloods: 0,
              bloodsWithoutPathway: 0,
              bloodRowsRefused: 0,
            },
          },
        ];
      },
      abandon: () => undefined,
    };
    const handoff = new UploadHandoff<FileReading>(() => reading);
    keepUpload(handoff, batchId, checksums);
    await validateBatch(t.app.db, t.app.database, batchId, importSettingsFor(t.app.config), handoff);
    expect(await stagedCount(batchId)).toBe(0);
    const [batch] = await queryRows<{ status: string; waiting_list_status: string }>(
      t.app.db,
      sql`select status, waiting_list_status from import_batches where id = ${batchId}`,
    );
    expect(batch).toEqual({ status: 'VALIDATED', waiting_list_status: 'FAILED' });
  });
});

describe("the planner's statistics of the lists", () => {
  const analyses = async () =>
    Number(
      (
        await queryRows<{ n: number | string }>(
          t.app.db,
          sql`select analyze_count as n from pg_stat_user_tables where relname = 'pathways'`,
        )
      )[0]?.n ?? 0,
    );

  it('are refreshed by a confirm that adds a thousand pathways', async () => {
    const who = await createClericalTrust(t);
    const rows = Array.from(
      { length: 1_000 },
      (_, index) =>
        `,RAN3${String(index).padStart(5, '0')},Alex,Patient${index},14/03/1951,F,160,72,4,Total knee replacement,02/01/2026,,Mr A Hamid,N,N,N`,
    );
    const pathology = csvFile('pathology.csv', [
      'Hospital No,Test Name,Result,Units,Sample Date',
      'RAN300000,Hb,128,g/L,01/10/2026',
    ]);
    const before = await analyses();
    const upload = await uploadFiles(t, who, 'knee', csvFile('ptl.csv', [pasHeader, ...rows]), pathology);
    const { batchId } = upload.json<{ batchId: string }>();
    expect((await validated(t, who, 'knee', batchId)).waiting_list.totals).toMatchObject({ valid: 1_000 });
    expect((await decide(t, who, 'knee', 'confirm_import', batchId)).statusCode).toBe(202);
    await idle(t, who, 'knee');
    await waitUntil(analyses, (count) => count > before, 10_000);
    // The embedded database samples fewer rows (decision 0033): a histogram of 30 buckets, not 100.
    const [histogram] = await queryRows<{ bounds: number }>(
      t.app.db,
      sql`select array_length(histogram_bounds::text::text[], 1) as bounds from pg_stats
        where tablename = 'pathways' and attname = 'last_name'`,
    );
    expect(Number(histogram!.bounds)).toBe(t.app.database.kind === 'pglite' ? 31 : 101);
  });
});

describe('an upload replaced by a newer one', () => {
  it('leaves none of its staged rows behind once the newer one is validated', async () => {
    const who = await createClericalTrust(t);
    const staged = stagedCount;
    const first = (await uploadList(who, [patient.first, patient.second], ['9434765919'])).json<{
      batchId: string;
    }>().batchId;
    await validated(t, who, 'knee', first);
    expect(await staged(first)).toBe(2);
    // The first validation's job ends just after its batch reads VALIDATED; until then an upload is
    // refused as busy (409), which is not what this test is about.
    await jobsSettled(t, who);
    const upload = await uploadList(who, [patient.first, patient.third], ['9434765919']);
    expect(upload.statusCode, upload.body).toBe(202);
    const second = upload.json<{ batchId: string }>().batchId;
    await validated(t, who, 'knee', second);
    const [replaced] = await queryRows<{ status: string }>(
      t.app.db,
      sql`select status from import_batches where id = ${first}`,
    );
    expect(replaced?.status).toBe('CANCELLED');
    expect(await staged(first)).toBe(0);
    expect(await staged(second)).toBe(2);
  });
});
