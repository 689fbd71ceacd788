import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { errorResponseSchema } from '@esr/contracts/errors';
import { modelCardSchema, modelFileMaxBytes, modelUploadAcceptedSchema, modelVersionsResponseSchema } from '@esr/contracts/models';
import { principalOf } from '../identity/index.js';
import { readUploadedFiles } from '../../platform/http/multipart-files.js';
import { requestScoringWherePending } from '../evaluations/index.js';
import { activeModelCard, listModelVersions, uploadModel } from './models.js';

const params = z.object({ trust: z.string().min(1).max(10), code: z.string().min(1).max(20) });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const base = '/api/trusts/:trust/machine-learning/procedures/:code/models';

const modelRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: modelFileMaxBytes, files: 2, fields: 10, parts: 12, fieldSize: 1024 },
    // An oversized file is reported on its own field (spec §5), not as a bare 413.
    throwFileSizeLimit: false,
  });

  app.post(
    `${base}/upload`,
    {
      config: { permission: 'models:upload', rateLimit: { max: 30, timeWindow: '1 minute' } },
      bodyLimit: 2 * modelFileMaxBytes + 1_048_576,
      schema: {
        tags: ['models'],
        summary: 'Upload a model and its wrapper (multipart: modelFile, wrapperFile; .pkl only)',
        description:
          'Technical Admin of the trust only. Both files are decoded without running any pickled code, checked against each other and smoke-tested on reference records; the new version then replaces the active one. 400 gives errors.modelFile / errors.wrapperFile.',
        consumes: ['multipart/form-data'],
        params,
        response: { 202: modelUploadAcceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const files = await readUploadedFiles(request, ['modelFile', 'wrapperFile']);
      const accepted = await uploadModel(app.db, principal, request.params.trust, request.params.code, files);
      // A new model re-scores the procedure's active pathways (they keep their prediction until then).
      await requestScoringWherePending(app.db, app.queue, {
        trustCode: request.params.trust,
        procedureCode: request.params.code,
      });
      return reply.status(202).send(accepted);
    },
  );

  app.get(
    `${base}/active`,
    {
      config: { permission: 'models:read' },
      schema: {
        tags: ['models'],
        summary: 'The active model of a procedure, with its card',
        params,
        response: { 200: modelCardSchema, ...errors },
      },
    },
    async (request) => activeModelCard(app.db, principalOf(request), request.params.trust, request.params.code),
  );

  app.get(
    base,
    {
      config: { permission: 'models:read' },
      schema: {
        tags: ['models'],
        summary: 'Every version of a procedure’s model, newest first',
        params,
        response: { 200: modelVersionsResponseSchema, ...errors },
      },
    },
    async (request) => listModelVersions(app.db, principalOf(request), request.params.trust, request.params.code),
  );
};

export default modelRoutes;
