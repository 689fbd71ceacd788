import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { errorResponseSchema } from '@esr/contracts/errors';
import { procedureCodeSchema } from '@esr/contracts/procedures';
import {
  batchIdBodySchema,
  batchIdQuerySchema,
  importDecisionSchema,
  importUploadFields,
  procedureCountersSchema,
  serviceStatusSchema,
  uploadAcceptedSchema,
  uploadHistoryQuerySchema,
  uploadHistorySchema,
  uploadStatusSchema,
  validationSummaryQuerySchema,
  validationSummarySchema,
  waitingListDashboardSchema,
} from '@esr/contracts/waiting-list';
import { principalOf } from '../identity/index.js';
import { readUploadedFiles } from '../../platform/http/multipart-files.js';
import { procedureCounters, waitingListDashboard } from '../pathways/index.js';
import {
  cancelImport,
  confirmImport,
  serviceStatus,
  uploadHistory,
  uploadImport,
  uploadStatus,
  validationSummary,
} from './waiting-list-imports.js';

const trustParams = z.object({ trust: z.string().min(1).max(10) });
const procedureParams = trustParams.extend({ type: procedureCodeSchema });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const base = '/api/trusts/:trust/waiting-list';
const files = `${base}/procedures/:type/files`;

/** spec §7 waiting-list import calls; clerical users of the trust only (spec §6). */
const waitingListRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxFileBytes = app.config.importMaxFileBytes;
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes, files: 2, fields: 10, parts: 12, fieldSize: 1024 },
    // An oversized file is reported on its own field (spec §5), not as a bare 413.
    throwFileSizeLimit: false,
  });

  app.get(
    `${base}/dashboard`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags: ['waiting list'],
        summary: 'Counters of the trust’s active and archived pathways, all procedures',
        params: trustParams,
        response: { 200: waitingListDashboardSchema, ...errors },
      },
    },
    async (request) => waitingListDashboard(app.db, principalOf(request), request.params.trust),
  );

  app.get(
    `${base}/upload-history`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags: ['waiting list'],
        summary: 'Uploaded files, newest first (one row per file)',
        params: trustParams,
        querystring: uploadHistoryQuerySchema,
        response: { 200: uploadHistorySchema, ...errors },
      },
    },
    async (request) => uploadHistory(app.db, principalOf(request), request.params.trust, request.query),
  );

  app.get(
    `${base}/procedures/:type/batch-inferencing/status`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags: ['waiting list'],
        summary: 'Service status: busy while an upload is validated or confirmed or the list is scored',
        params: procedureParams,
        response: { 200: serviceStatusSchema, ...errors },
      },
    },
    async (request) => serviceStatus(app.db, principalOf(request), request.params.trust, request.params.type),
  );

  app.get(
    `${base}/procedures/:type/manage/`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags: ['waiting list'],
        summary: 'Counters of one procedure’s active list: total, processed and failed',
        params: procedureParams,
        response: { 200: procedureCountersSchema, ...errors },
      },
    },
    async (request) =>
      procedureCounters(app.db, principalOf(request), request.params.trust, request.params.type),
  );

  app.post(
    `${files}/upload/`,
    {
      config: { permission: 'waiting-list:import', rateLimit: { max: 30, timeWindow: '1 minute' } },
      bodyLimit: 2 * maxFileBytes + 1_048_576,
      schema: {
        tags: ['waiting list'],
        summary:
          'Upload a waiting list and its blood tests (multipart: waitingListDataFile, bloodTestDataFile)',
        description:
          'csv, xlsx or xls, each up to the configured size (50 MB by default). 202 with the batch to poll; validation runs as a job. 400 gives errors per file field; 409 while the service is busy for this procedure.',
        consumes: ['multipart/form-data'],
        params: procedureParams,
        response: { 202: uploadAcceptedSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { trust, type } = request.params;
      const received = await readUploadedFiles(request, importUploadFields);
      const accepted = await uploadImport(
        app.db,
        principalOf(request),
        trust,
        type,
        received,
        { maxFileBytes, databaseKind: app.database.kind, handoff: app.uploads },
        app.queue,
      );
      return reply.status(202).send(accepted);
    },
  );

  app.get(
    `${files}/upload-status/`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags: ['waiting list'],
        summary: 'Validation status of each file of an upload',
        params: procedureParams,
        querystring: batchIdQuerySchema,
        response: { 200: uploadStatusSchema, ...errors },
      },
    },
    async (request) =>
      uploadStatus(
        app.db,
        principalOf(request),
        request.params.trust,
        request.params.type,
        request.query.batchId,
      ),
  );

  app.get(
    `${files}/validation-summary/`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags: ['waiting list'],
        summary: 'What validation found in each file: totals, columns, a page of invalid rows, warnings',
        params: procedureParams,
        querystring: validationSummaryQuerySchema,
        response: { 200: validationSummarySchema, ...errors },
      },
    },
    async (request) =>
      validationSummary(
        app.db,
        principalOf(request),
        request.params.trust,
        request.params.type,
        request.query,
      ),
  );

  app.post(
    `${files}/cancel_import/`,
    {
      config: { permission: 'waiting-list:import' },
      schema: {
        tags: ['waiting list'],
        summary: 'Cancel an upload: its staged rows are discarded',
        params: procedureParams,
        body: batchIdBodySchema,
        response: { 200: importDecisionSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) =>
      cancelImport(
        app.db,
        principalOf(request),
        request.params.trust,
        request.params.type,
        request.body.batchId,
      ),
  );

  app.post(
    `${files}/confirm_import/`,
    {
      config: { permission: 'waiting-list:import' },
      schema: {
        tags: ['waiting list'],
        summary: 'Confirm an upload: its rows become the active list, then every pathway is scored',
        description:
          '202 when accepted, 200 when it was already confirmed (idempotent). 409 while validating or once cancelled; 422 unless both files validated without errors.',
        params: procedureParams,
        body: batchIdBodySchema,
        response: {
          200: importDecisionSchema,
          202: importDecisionSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { trust, type } = request.params;
      const { decision, accepted } = await confirmImport(
        app.db,
        principalOf(request),
        trust,
        type,
        request.body.batchId,
        app.queue,
      );
      return reply.status(accepted ? 202 : 200).send(decision);
    },
  );
};

export default waitingListRoutes;
