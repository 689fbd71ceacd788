import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  modelCardSchema,
  modelFileMaxBytes,
  modelUploadAcceptedSchema,
  modelVersionsResponseSchema,
} from '../models.js';
import { lookupErrors } from './shared.js';

const params = z.object({ trust: z.string().min(1).max(10), code: z.string().min(1).max(20) });
const base = '/api/trusts/:trust/machine-learning/procedures/:code/models';

/** docs/requirements.md §7 model calls: a trust's model of a procedure, for its Technical Admin. */
export const models = {
  upload: defineEndpoint({
    method: 'POST',
    path: `${base}/upload`,
    permission: 'models:upload',
    rateLimit: { max: 30, timeWindow: '1 minute' },
    bodyLimit: 2 * modelFileMaxBytes + 1_048_576,
    tags: ['models'],
    summary: 'Upload a model and its wrapper (multipart: modelFile, wrapperFile; .pkl only)',
    description:
      'Technical Admin of the trust only. Both files are decoded without running any pickled code, checked against each other and smoke-tested on reference records; the new version then replaces the active one. 400 gives errors.modelFile / errors.wrapperFile.',
    consumes: ['multipart/form-data'],
    params,
    response: { 202: modelUploadAcceptedSchema, ...lookupErrors },
  }),
  active: defineEndpoint({
    method: 'GET',
    path: `${base}/active`,
    permission: 'models:read',
    tags: ['models'],
    summary: 'The active model of a procedure, with its card',
    params,
    response: { 200: modelCardSchema, ...lookupErrors },
  }),
  versions: defineEndpoint({
    method: 'GET',
    path: base,
    permission: 'models:read',
    tags: ['models'],
    summary: 'Every version of a procedure’s model, newest first',
    params,
    response: { 200: modelVersionsResponseSchema, ...lookupErrors },
  }),
};
