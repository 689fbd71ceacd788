import { sql } from 'drizzle-orm';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { UploadStatus, ValidationSummary } from '@esr/contracts/waiting-list';
import { installDefaultModels } from '../../modules/models/index.js';
import { queryRows } from '../../platform/db/client.js';
import { bearer, type TestApp } from '../helper.js';
import { multipartBody } from '../multipart.js';
import { createTrust, createUser } from './users.js';

export interface ClericalTrust {
  trustCode: string;
  userId: string;
  token: string;
}

/** A trust of its own with the default models and a clerical user, so tests never share a list. */
export async function createClericalTrust(t: TestApp): Promise<ClericalTrust> {
  const trust = await createTrust(t.app.db);
  await installDefaultModels(t.app.db, [trust.trustCode]);
  const user = await createUser(t.app.db, { trustCode: trust.trustCode, roles: ['cu'], firstName: 'Ceri' });
  return { trustCode: trust.trustCode, userId: user.id, token: await t.tokenFor(user.id) };
}

export interface UploadFile {
  name: string;
  bytes: Buffer | string;
}

export const csvFile = (name: string, lines: string[]): UploadFile => ({
  name,
  bytes: `${lines.join('\r\n')}\r\n`,
});

/**
 * Sends a request again, as the clerk's browser would, while the upload's rate limit (30 a minute
 * from one address: every test's requests come from one) answers 429 with the seconds to wait.
 */
export async function withoutRateLimit<T extends { statusCode: number; headers: Record<string, unknown> }>(
  send: () => Promise<T>,
): Promise<T> {
  for (;;) {
    const response = await send();
    if (response.statusCode !== 429) return response;
    const seconds = Number(response.headers['retry-after'] ?? 1);
    await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 1) * 1000));
  }
}

export const uploadFiles = (
  t: TestApp,
  who: ClericalTrust,
  procedure: ProcedureCode,
  waitingList: UploadFile | null,
  bloodTests: UploadFile | null,
) => withoutRateLimit(() => uploadOnce(t, who, procedure, waitingList, bloodTests));

function uploadOnce(
  t: TestApp,
  who: ClericalTrust,
  procedure: ProcedureCode,
  waitingList: UploadFile | null,
  bloodTests: UploadFile | null,
) {
  const parts = [];
  if (waitingList)
    parts.push({
      field: 'waitingListDataFile',
      fileName: waitingList.name,
      bytes: Buffer.from(waitingList.bytes),
    });
  if (bloodTests)
    parts.push({
      field: 'bloodTestDataFile',
      fileName: bloodTests.name,
      bytes: Buffer.from(bloodTests.bytes),
    });
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/trusts/${who.trustCode}/waiting-list/procedures/${procedure}/files/upload/`,
    headers: { ...bearer(who.token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

export async function get<T>(t: TestApp, who: ClericalTrust, url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
  if (response.statusCode !== 200)
    throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`Timed out waiting; last value ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const filesBase = (who: ClericalTrust, procedure: ProcedureCode) =>
  `/api/trusts/${who.trustCode}/waiting-list/procedures/${procedure}/files`;

/** Polls the status as the upload page does (docs/requirements.md §4) until neither file is validating. */
export const validated = (t: TestApp, who: ClericalTrust, procedure: ProcedureCode, batchId: string) =>
  waitUntil(
    () => get<UploadStatus>(t, who, `${filesBase(who, procedure)}/upload-status/?batchId=${batchId}`),
    (status) => status.batchStatus !== 'VALIDATING',
  );

export const summaryOf = (
  t: TestApp,
  who: ClericalTrust,
  procedure: ProcedureCode,
  batchId: string,
  page = 1,
) =>
  get<ValidationSummary>(
    t,
    who,
    `${filesBase(who, procedure)}/validation-summary/?batchId=${batchId}&pageNumber=${page}&pageSize=15`,
  );

export function decide(
  t: TestApp,
  who: ClericalTrust,
  procedure: ProcedureCode,
  action: 'confirm_import' | 'cancel_import',
  batchId: string,
  body: { archiveCount?: number | string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${filesBase(who, procedure)}/${action}/`,
    headers: bearer(who.token),
    payload: { batchId, ...body },
  });
}

/**
 * Confirms as the clerk does on the summary: with the number archived typed in when the summary
 * warns of it (docs/decisions/0053-archive-warning-on-confirm.md).
 */
export async function confirmAsClerk(
  t: TestApp,
  who: ClericalTrust,
  procedure: ProcedureCode,
  batchId: string,
) {
  const { archiveWarning } = await summaryOf(t, who, procedure, batchId);
  return decide(
    t,
    who,
    procedure,
    'confirm_import',
    batchId,
    archiveWarning ? { archiveCount: archiveWarning.archived } : {},
  );
}

/** Waits until the procedure's service is idle again: imported and every pathway scored. */
export const idle = (t: TestApp, who: ClericalTrust, procedure: ProcedureCode) =>
  waitUntil(
    () =>
      get<{ status: string }>(
        t,
        who,
        `/api/trusts/${who.trustCode}/waiting-list/procedures/${procedure}/batch-inferencing/status`,
      ),
    (status) => status.status === 'idle',
    120_000,
  );

/**
 * Waits until no job of the trust waits or runs: the status turns idle as soon as a confirmed list
 * is committed with nothing to score, while the confirm job may still be queuing its scoring run
 * and the kept results; a test that changes the models next must not race that run.
 */
export const jobsSettled = (t: TestApp, who: ClericalTrust) =>
  waitUntil(
    async () => {
      const [row] = await queryRows<{ pending: number }>(
        t.app.db,
        sql`select count(*)::int as pending from pgboss.job
          where data->>'trustCode' = ${who.trustCode} and state < 'completed'`,
      );
      return row?.pending ?? 0;
    },
    (pending) => pending === 0,
    120_000,
  );

/**
 * A list and its blood results imported through the real pipeline: uploaded, validated, confirmed,
 * and waited for until every pathway is scored. Throws, naming the step, when one fails.
 */
export async function importList(
  t: TestApp,
  who: ClericalTrust,
  procedure: ProcedureCode,
  list: UploadFile,
  bloods: UploadFile | null,
): Promise<void> {
  const upload = await uploadFiles(t, who, procedure, list, bloods);
  if (upload.statusCode !== 202) throw new Error(`upload answered ${upload.statusCode}: ${upload.body}`);
  const { batchId } = upload.json<{ batchId: string }>();
  const status = await validated(t, who, procedure, batchId);
  if (!status.waiting_list.status.startsWith('VALIDATED'))
    throw new Error(`validation ended ${JSON.stringify(status)}`);
  const confirm = await confirmAsClerk(t, who, procedure, batchId);
  if (confirm.statusCode !== 202) throw new Error(`confirm answered ${confirm.statusCode}: ${confirm.body}`);
  await idle(t, who, procedure);
}
