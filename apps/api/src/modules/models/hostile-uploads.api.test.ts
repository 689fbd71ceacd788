import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../platform/db/seed.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { multipartBody } from '../../test/multipart.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../..');
const corpus = path.join(root, 'packages/risk-engine/test/malicious/corpus');
const kneeModel = fs.readFileSync(path.join(root, 'models/default/knee/model.pkl'));
const kneeWrapper = fs.readFileSync(path.join(root, 'models/default/knee/wrapper.pkl'));
const hostileFiles = fs.readdirSync(corpus).filter((name) => name.endsWith('.pkl'));

const technicalAdmin = demoUsers.find((user) => user.firstName === 'Ravi')!;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor(technicalAdmin.id);
});
afterAll(async () => t?.close());

/**
 * Runs an upload while asking /api/health every 50 ms and sampling the process's memory (the sandbox
 * thread's heap is part of it): the server must keep answering and stay under 1 GB throughout.
 */
async function uploadWatched(modelFile: Buffer, wrapperFile: Buffer) {
  let peakRss = process.memoryUsage().rss;
  let slowestHealthMs = 0;
  let healthFailures = 0;
  let uploading = true;
  const watcher = (async () => {
    while (uploading) {
      const started = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
      if (health.statusCode !== 200) healthFailures += 1;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const body = multipartBody([
    { field: 'modelFile', fileName: 'model.pkl', bytes: modelFile },
    { field: 'wrapperFile', fileName: 'wrapper.pkl', bytes: wrapperFile },
  ]);
  const started = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/trusts/RAN/machine-learning/procedures/knee/models/upload',
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
  const elapsedMs = performance.now() - started;
  uploading = false;
  await watcher;
  return { response, elapsedMs, peakRss, slowestHealthMs, healthFailures };
}

describe('hostile model files never take the server down', () => {
  it('has the corpus the decoder’s tests keep', () => {
    expect(hostileFiles).toEqual(expect.arrayContaining(['wrapper-list-bomb.pkl', 'wrapper-notes-bomb.pkl', 'model-list-bomb.pkl']));
  });

  it.each(hostileFiles)('refuses %s with a 400 on its field, while /api/health keeps answering', async (name) => {
    const hostile = fs.readFileSync(path.join(corpus, name));
    const asWrapper = name.startsWith('wrapper-');
    const watched = await uploadWatched(asWrapper ? kneeModel : hostile, asWrapper ? hostile : kneeWrapper);
    expect(watched.response.statusCode).toBe(400);
    const errors = watched.response.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toEqual([asWrapper ? 'wrapperFile' : 'modelFile']);
    expect(errors[asWrapper ? 'wrapperFile' : 'modelFile']!.join(' ')).toMatch(asWrapper ? /wrapper/ : /model\.pkl|pickle|Malformed|expands|nest/i);
    expect(watched.elapsedMs).toBeLessThan(5000);
    expect(watched.healthFailures).toBe(0);
    expect(watched.slowestHealthMs).toBeLessThan(1000);
    expect(watched.peakRss).toBeLessThan(1024 * 1024 * 1024);
  });

  it('names the expansion limit for the wrapper that used to stop the server', async () => {
    const bomb = fs.readFileSync(path.join(corpus, 'wrapper-list-bomb.pkl'));
    const { response } = await uploadWatched(kneeModel, bomb);
    expect(response.json()).toEqual({
      detail: 'The model could not be uploaded',
      errors: { wrapperFile: [expect.stringMatching(/^wrapper\.pkl: The pickle expands past 5,000,000 elements/)] },
    });
  });
});
