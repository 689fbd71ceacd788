import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { demoUsers } from '../../platform/db/seed.js';
import { changeLog, mlModels } from '../../platform/db/schema.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { createUser } from '../../test/factories/users.js';
import {
  multipartBody as multipart,
  truncatedMultipartBody,
  type FilePart as Part,
} from '../../test/multipart.js';
import { malformedUploadMessage } from '../../platform/http/multipart-files.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../..');
const read = (...parts: string[]) => fs.readFileSync(path.join(root, ...parts));
const testFile = (name: string) => fs.readFileSync(path.join(here, 'test-files', name));
const kneeModel = read('models/default/knee/model.pkl');
const kneeWrapper = read('models/default/knee/wrapper.pkl');
const hipWrapper = read('models/default/hip/wrapper.pkl');
const smallLogistic = read('packages/risk-engine/test/fixtures/sklearn-1.2.1/lr.pickle.pkl');

const technicalAdmin = demoUsers[4];
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor(technicalAdmin.id);
});
afterAll(async () => t?.close());

async function upload(parts: Part[], options: { trust?: string; procedure?: string; as?: string } = {}) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/trusts/${options.trust ?? 'RAN'}/machine-learning/procedures/${options.procedure ?? 'knee'}/models/upload`,
    headers: { ...bearer(options.as ?? token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const modelPart = (bytes: Buffer, fileName = 'model.pkl'): Part => ({ field: 'modelFile', fileName, bytes });
const wrapperPart = (bytes: Buffer, fileName = 'wrapper.pkl'): Part => ({ field: 'wrapperFile', fileName, bytes });

describe('default models', () => {
  it('are stored for every trust and procedure on first start, labelled as demonstrations', async () => {
    for (const trust of ['RAN', 'RL1', 'R0A']) {
      for (const procedure of ['knee', 'hip', 'knee-hip']) {
        const rows = await t.app.db
          .select()
          .from(mlModels)
          .where(and(eq(mlModels.trustCode, trust), eq(mlModels.procedureCode, procedure), eq(mlModels.isActive, true)));
        expect(rows, `${trust} ${procedure}`).toHaveLength(1);
      }
    }
    const response = await t.app.inject({
      url: '/api/trusts/RL1/machine-learning/procedures/hip/models/active',
      headers: bearer(await t.tokenFor((await createUser(t.app.db, { trustCode: 'RL1', roles: ['tca'] })).id)),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ version: 1, demonstration: true, uploadedBy: 'Demonstration model (system)', featureCount: 35 });
  });
});

describe('POST …/models/upload', () => {
  it('accepts a valid model and wrapper (202) as a version awaiting approval, keeps the earlier one active, and writes the change log', async () => {
    const activeBefore = (await t.app.inject({ url: '/api/trusts/RAN/machine-learning/procedures/knee/models/active', headers: bearer(token) })).json();
    const response = await upload([modelPart(kneeModel, 'knee-v2.pkl'), wrapperPart(kneeWrapper)]);
    expect(response.statusCode).toBe(202);
    const accepted = response.json();
    expect(accepted.status).toBe('awaiting approval');
    expect(accepted.version).toBeGreaterThanOrEqual(2);

    // Decision 0060: the active version stays active until a clinical safety officer approves the new one.
    const active = await t.app.inject({ url: '/api/trusts/RAN/machine-learning/procedures/knee/models/active', headers: bearer(token) });
    expect(active.json()).toMatchObject({ id: activeBefore.id, version: activeBefore.version });
    const versions = (await t.app.inject({ url: '/api/trusts/RAN/machine-learning/procedures/knee/models', headers: bearer(token) })).json();
    expect(versions.items[0]).toMatchObject({
      version: accepted.version,
      isActive: false,
      status: 'awaiting approval',
      modelFileName: 'knee-v2.pkl',
      proposal: { by: 'Ravi Patel', byYou: true },
    });
    expect(versions.items.filter((v: { isActive: boolean }) => v.isActive)).toHaveLength(1);

    const [entry] = await t.app.db.select().from(changeLog).where(eq(changeLog.entityId, accepted.id)).orderBy(desc(changeLog.id));
    expect(entry).toMatchObject({
      createdBy: 'Ravi Patel',
      trustCode: 'RAN',
      action: `Uploaded model version ${accepted.version} for Knee replacement; awaiting approval by a clinical safety officer`,
    });
    expect(entry!.changes).toMatchObject({ Status: { after: 'awaiting approval' } });

    const officer = await t.tokenFor(demoUsers[8].id);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/trusts/RAN/machine-learning/procedures/knee/models/${accepted.id}/approve`,
      headers: bearer(officer),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const now = (await t.app.inject({ url: '/api/trusts/RAN/machine-learning/procedures/knee/models/active', headers: bearer(officer) })).json();
    expect(now).toMatchObject({ id: accepted.id, version: accepted.version, uploadedBy: 'Ravi Patel', demonstration: true });
    expect(now.modelSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['not a pickle', [modelPart(testFile('not-a-pickle.pkl')), wrapperPart(kneeWrapper)], 'modelFile', /pickle/i],
    ['os.system through REDUCE', [modelPart(testFile('os-system.pkl')), wrapperPart(kneeWrapper)], 'modelFile', /os\.system/],
    ['builtins.eval', [modelPart(testFile('builtins-eval.pkl')), wrapperPart(kneeWrapper)], 'modelFile', /builtins\.eval/],
    ['a truncated file', [modelPart(testFile('truncated.pkl')), wrapperPart(kneeWrapper)], 'modelFile', /truncated|end of/i],
    ['an unsupported library version', [modelPart(testFile('unsupported-version.pkl')), wrapperPart(kneeWrapper)], 'modelFile', /0\.9\.9|support/i],
    ['a malformed wrapper', [modelPart(kneeModel), wrapperPart(testFile('malformed-wrapper.pkl'))], 'wrapperFile', /features|thresholds/],
    ['a wrapper whose feature count differs', [modelPart(smallLogistic), wrapperPart(kneeWrapper)], 'wrapperFile', /features/],
    ['a wrapper for another procedure', [modelPart(kneeModel), wrapperPart(hipWrapper)], 'wrapperFile', /"hip" procedure/],
    ['a hostile wrapper', [modelPart(kneeModel), wrapperPart(testFile('os-system.pkl'))], 'wrapperFile', /os\.system/],
    ['a model that is not .pkl', [modelPart(kneeModel, 'model.joblib'), wrapperPart(kneeWrapper)], 'modelFile', /\.pkl/],
    ['a wrapper that is not .pkl', [modelPart(kneeModel), wrapperPart(kneeWrapper, 'wrapper.json')], 'wrapperFile', /\.pkl/],
    ['an empty model file', [modelPart(Buffer.alloc(0)), wrapperPart(kneeWrapper)], 'modelFile', /empty/],
  ])('refuses %s with a message on that field (400)', async (_name, parts, field, message) => {
    const before = await t.app.db.select({ id: mlModels.id }).from(mlModels);
    const response = await upload(parts as Part[]);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field].join(' ')).toMatch(message as RegExp);
    expect(await t.app.db.select({ id: mlModels.id }).from(mlModels)).toHaveLength(before.length);
  });

  it('asks for both files when none is sent', async () => {
    const response = await upload([]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ modelFile: ['Select a model file'], wrapperFile: ['Select a wrapper file'] });
  });

  it('answers a body cut short with a 400, not a 500', async () => {
    const body = truncatedMultipartBody([modelPart(kneeModel), wrapperPart(kneeWrapper)]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/trusts/RAN/machine-learning/procedures/knee/models/upload',
      headers: { ...bearer(token), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: malformedUploadMessage });
  });

  it('answers a broken boundary with a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/trusts/RAN/machine-learning/procedures/knee/models/upload',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=abc' },
      payload: Buffer.from('--abc\r\nContent-Disposition: form-data; name="modelFile"; filename="m.pkl"\r\n\r\n\x80\x04'),
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a file over 50 MB', async () => {
    const response = await upload([modelPart(Buffer.alloc(50 * 1024 * 1024 + 10, 1)), wrapperPart(kneeWrapper)]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.modelFile).toEqual(['The model file is larger than 50 MB']);
  });

  it('refuses other roles and other trusts (403), and unknown procedures (404)', async () => {
    const parts = [modelPart(kneeModel), wrapperPart(kneeWrapper)];
    for (const user of [demoUsers[0], demoUsers[1], demoUsers[2], demoUsers[3]]) {
      const response = await upload(parts, { as: await t.tokenFor(user.id) });
      expect(response.statusCode, user.firstName).toBe(403);
    }
    expect((await upload(parts, { trust: 'RL1' })).statusCode).toBe(403);
    expect((await upload(parts, { procedure: 'elbow' })).statusCode).toBe(404);
    const readOtherTrust = await t.app.inject({ url: '/api/trusts/RL1/machine-learning/procedures/knee/models/active', headers: bearer(token) });
    expect(readOtherTrust.statusCode).toBe(403);
  });

  it('documents the upload route in OpenAPI', async () => {
    const document = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    expect(document.paths).toHaveProperty(['/api/trusts/{trust}/machine-learning/procedures/{code}/models/upload']);
  });
});
