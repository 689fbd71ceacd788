import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { endpoints } from '@esr/contracts/endpoints';
import { outcomesUploadField } from '@esr/contracts/outcomes';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { route } from '../../platform/http/endpoint-routes.js';
import { readUploadedFiles } from '../../platform/http/multipart-files.js';
import { pathwayTargetOf, principalOf } from '../identity/index.js';
import {
  cancelOutcomes,
  confirmOutcomes,
  outcomesUploads,
  outcomesUploadStatus,
  outcomesValidationSummary,
  uploadOutcomes,
  type OutcomesBatchTarget,
} from './outcome-uploads.js';
import { pathwayOutcome, recordPathwayOutcome } from './pathway-outcome.js';

const { outcomes } = endpoints;

const onBatch = (
  app: { db: OutcomesBatchTarget[0] },
  request: FastifyRequest & { params: { trust: string; type: ProcedureCode }; body: { batchId: string } },
): OutcomesBatchTarget => [
  app.db,
  principalOf(request),
  request.params.trust,
  request.params.type,
  request.body.batchId,
];

/** Outcomes after surgery (decision 0045): the outcomes file, clerical users only; one pathway's outcome. */
const outcomeRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxFileBytes = app.config.importMaxFileBytes;
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    throwFileSizeLimit: false,
  });

  route(app, outcomes.uploads, async (request) =>
    outcomesUploads(app.db, principalOf(request), request.params.trust, request.params.type, request.query),
  );

  route(
    app,
    outcomes.upload,
    async (request, reply) => {
      const received = await readUploadedFiles(request, [outcomesUploadField] as const);
      const accepted = await uploadOutcomes(
        app.db,
        principalOf(request),
        request.params.trust,
        request.params.type,
        received[outcomesUploadField],
        { maxFileBytes, databaseKind: app.database.kind },
        app.queue,
      );
      return reply.status(202).send(accepted);
    },
    { bodyLimit: maxFileBytes + 1_048_576 },
  );

  route(app, outcomes.uploadStatus, async (request) =>
    outcomesUploadStatus(
      app.db,
      principalOf(request),
      request.params.trust,
      request.params.type,
      request.query.batchId,
    ),
  );

  route(app, outcomes.validationSummary, async (request) =>
    outcomesValidationSummary(
      app.db,
      principalOf(request),
      request.params.trust,
      request.params.type,
      request.query,
    ),
  );

  route(app, outcomes.cancelImport, async (request) => cancelOutcomes(onBatch(app, request)));

  route(app, outcomes.confirmImport, async (request) => confirmOutcomes(onBatch(app, request)));

  route(app, outcomes.pathwayOutcome, async (request) => pathwayOutcome(pathwayTargetOf(app.db, request)));

  route(app, outcomes.recordOutcome, async (request) =>
    recordPathwayOutcome(pathwayTargetOf(app.db, request), request.body),
  );
};

export default outcomeRoutes;
