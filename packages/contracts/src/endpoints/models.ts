import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { errorResponseSchema } from '../errors.js';
import {
  declineRequestSchema,
  modelActivatedSchema,
  modelCardSchema,
  modelFileMaxBytes,
  modelProposalSchema,
  modelUploadAcceptedSchema,
  modelVersionSchema,
  modelVersionsResponseSchema,
  recalibrationRequestSchema,
  tripodCardSchema,
} from '../models.js';
import { trustCodeParam } from '../path-params.js';
import { lookupErrors, pdfDownload } from './shared.js';

const params = z.object({
  trust: trustCodeParam,
  code: z
    .string()
    .min(1)
    .max(20)
    .meta({ description: 'The procedure the model scores: knee, hip or knee-hip', example: 'knee' }),
});
const base = '/api/trusts/:trust/machine-learning/procedures/:code/models';
const versionParams = params.extend({
  id: z.guid().meta({
    description: 'The model version’s id, as the versions list gives it',
    example: '0193f7a2-5c1e-7b3d-9a41-6f2e8c0d4b17',
  }),
});

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
      'Technical Admin of the trust only. Both files are decoded without running any pickled code, checked against each other and smoke-tested on reference records; the new version is stored inactive, awaiting approval by a clinical safety officer other than the uploader (decision 0060), and the active version stays active until then. 400 gives errors.modelFile / errors.wrapperFile.',
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
    description:
      'Each with where it came from (uploaded, or recalibrated from an earlier version), its smoke test, how many pathways it has scored, and its performance on the trust’s recorded outcomes when there are any.',
    params,
    response: { 200: modelVersionsResponseSchema, ...lookupErrors },
  }),
  propose: defineEndpoint({
    method: 'POST',
    path: `${base}/:id/propose`,
    permission: 'models:upload',
    tags: ['models'],
    summary: 'Propose making a version the active one (a rollback): a clinical safety officer approves it',
    description:
      'Technical admins. The version waits for approval by a clinical safety officer other than the proposer (decision 0060); the active version stays active until then. 409 when it is active already or already awaiting approval. In the change log.',
    params: versionParams,
    response: { 200: modelProposalSchema, 409: errorResponseSchema, ...lookupErrors },
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: `${base}/:id/approve`,
    permission: 'models:approve',
    tags: ['models'],
    summary: 'Approve a proposed version: it becomes the active one and the list is re-scored',
    description:
      'Clinical safety officers of the trust. The version must be awaiting approval (409 otherwise), and the approver must not be the one who proposed it (409, saying so). The procedure’s active pathways are re-scored through the normal scoring run; earlier evaluations are never changed. In the change log.',
    params: versionParams,
    response: { 200: modelActivatedSchema, 409: errorResponseSchema, ...lookupErrors },
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: `${base}/:id/decline`,
    permission: 'models:approve',
    tags: ['models'],
    summary: 'Decline a proposed version, with the reason',
    description:
      'Example: {"reason":"The validation report does not cover patients over 85."}. Clinical safety officers of the trust; the version must be awaiting approval (409 otherwise). In the change log.',
    params: versionParams,
    body: declineRequestSchema,
    response: { 200: modelProposalSchema, 409: errorResponseSchema, ...lookupErrors },
  }),
  recalibrate: defineEndpoint({
    method: 'POST',
    path: `${base}/:id/recalibrate`,
    permission: 'models:upload',
    tags: ['models'],
    summary: 'Fit a recalibrated version of this version on the trust’s outcomes (kept inactive)',
    description:
      'Example: {"method":"auto","from":"2025-06-01","to":"2026-05-31"}. method: intercept (logit P(y) = a + logit(p)), logistic (a + b·logit(p)) or auto (a closed test picks none, intercept, or both; likelihood-ratio tests at 5%). Fitted on the current outcomes judged against this version’s predictions, operated between from and to (inclusive, both optional). 422 below 100 complications. The new version wraps this one with the map and waits, proposed by its maker, for a clinical safety officer to approve it (decision 0060). In the change log.',
    params: versionParams,
    body: recalibrationRequestSchema,
    response: { 201: modelVersionSchema, 422: errorResponseSchema, ...lookupErrors },
  }),
  card: defineEndpoint({
    method: 'GET',
    path: `${base}/:id/card`,
    permission: 'models:read',
    tags: ['models'],
    summary: 'The version’s model card, to the TRIPOD+AI items a deploying trust needs',
    params: versionParams,
    response: { 200: tripodCardSchema, ...lookupErrors },
  }),
  cardExport: defineEndpoint({
    method: 'GET',
    path: `${base}/:id/card/export`,
    permission: 'models:read',
    tags: ['models'],
    summary: 'The model card as a printable PDF',
    params: versionParams,
    response: { 200: pdfDownload, ...lookupErrors },
  }),
};
