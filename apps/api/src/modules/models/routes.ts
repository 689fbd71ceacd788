import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { endpoints } from '@esr/contracts/endpoints';
import { modelFileMaxBytes } from '@esr/contracts/models';
import { principalOf } from '../identity/index.js';
import { route } from '../../platform/http/endpoint-routes.js';
import { readUploadedFiles } from '../../platform/http/multipart-files.js';
import { requestScoringWherePending } from '../evaluations/index.js';
import { activeModelCard, listModelVersions, uploadModel } from './models.js';

const modelRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: modelFileMaxBytes, files: 2, fields: 10, parts: 12, fieldSize: 1024 },
    // An oversized file is reported on its own field (docs/requirements.md §5), not as a bare 413.
    throwFileSizeLimit: false,
  });

  route(app, endpoints.models.upload, async (request, reply) => {
    const principal = principalOf(request);
    const files = await readUploadedFiles(request, ['modelFile', 'wrapperFile']);
    const accepted = await uploadModel(app.db, principal, request.params.trust, request.params.code, files);
    // A new model re-scores the procedure's active pathways (they keep their prediction until then).
    await requestScoringWherePending(app.db, app.queue, {
      trustCode: request.params.trust,
      procedureCode: request.params.code,
    });
    return reply.status(202).send(accepted);
  });

  route(app, endpoints.models.active, async (request) =>
    activeModelCard(app.db, principalOf(request), request.params.trust, request.params.code),
  );

  route(app, endpoints.models.versions, async (request) =>
    listModelVersions(app.db, principalOf(request), request.params.trust, request.params.code),
  );
};

export default modelRoutes;
