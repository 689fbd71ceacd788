import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelSandboxLimits, validateModelFiles } from '../services/models.js';
import { HttpError } from '../errors.js';
import { modelsRoot } from './model-files.js';

const file = (name: string) => ({
  fileName: name,
  bytes: fs.readFileSync(path.join(modelsRoot, 'knee', name)),
  truncated: false,
});

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

// A decoder bug nobody knows of yet is modelled by limits the default model cannot meet: the
// thread must die alone, and the caller get a 400 naming the file.
describe('decoding untrusted files on a sandbox thread', () => {
  it('accepts the default model within the production limits', async () => {
    const checked = await validateModelFiles('knee', file('model.pkl'), file('wrapper.pkl'));
    expect(checked.card.featureCount).toBeGreaterThan(0);
    expect(checked.modelType).toMatch(/\w/);
  });

  it('turns a thread that runs out of memory into a 400 on the file being read', async () => {
    const before = process.memoryUsage().rss;
    const error = await refusal(
      validateModelFiles('knee', file('model.pkl'), file('wrapper.pkl'), {
        ...modelSandboxLimits,
        heapMb: 2,
      }),
    );
    expect(error.statusCode).toBe(400);
    const messages = Object.values(error.errors ?? {}).flat();
    expect(messages.join(' ')).toMatch(
      /could not be read within the server's limits: it (needed more than 2 MB of memory|stopped unexpectedly)/,
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(512 * 1024 * 1024);
  });

  it('turns a thread that runs out of time into a 400', async () => {
    const error = await refusal(
      validateModelFiles('knee', file('model.pkl'), file('wrapper.pkl'), {
        ...modelSandboxLimits,
        timeoutMs: 1,
      }),
    );
    expect(error.statusCode).toBe(400);
    expect(
      Object.values(error.errors ?? {})
        .flat()
        .join(' '),
    ).toMatch(/took longer than 0 s/);
  });
});
