import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart.js';
import errorHandler from './error-handler.js';
import { hostileTextMessages } from './hostile-text.js';
import { readUploadedFiles } from './multipart-files.js';

async function uploadApp() {
  const app = Fastify();
  await app.register(errorHandler);
  await app.register(multipart);
  app.post('/upload', async (request) => {
    const files = await readUploadedFiles(request, ['modelFile', 'wrapperFile']);
    return { received: Object.keys(files) };
  });
  return app;
}

describe('readUploadedFiles', () => {
  it('refuses a file name PostgreSQL cannot store with 400 naming the field', async () => {
    const app = await uploadApp();
    const body = multipartBody([
      { field: 'modelFile', fileName: 'model\u0000.pkl', bytes: Buffer.from('x') },
      { field: 'wrapperFile', fileName: 'wrapper.pkl', bytes: Buffer.from('y') },
      { field: 'ignored', fileName: 'other\u0000.pkl', bytes: Buffer.from('z') },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'The request is not valid',
      errors: { modelFile: [`File name: ${hostileTextMessages.nul}`] },
    });
    await app.close();
  });

  it('refuses a file name holding a right-to-left override, which would show it reversed (decision 0043)', async () => {
    const app = await uploadApp();
    // Shown as written, "model" + U+202E + "lkp.exe" reads "modelexe.pkl".
    const body = multipartBody([
      { field: 'modelFile', fileName: 'model\u202Elkp.exe', bytes: Buffer.from('x') },
      { field: 'wrapperFile', fileName: 'wrapper.pkl', bytes: Buffer.from('y') },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'The request is not valid',
      errors: { modelFile: [`File name: ${hostileTextMessages.bidi}`] },
    });
    await app.close();
  });

  it('reads ordinary file names', async () => {
    const app = await uploadApp();
    const body = multipartBody([{ field: 'modelFile', fileName: 'modèle ü.pkl', bytes: Buffer.from('x') }]);
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.json()).toEqual({ received: ['modelFile'] });
    await app.close();
  });
});
