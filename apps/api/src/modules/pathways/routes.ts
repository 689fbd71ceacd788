import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@esr/contracts/errors';
import {
  activeExportQuerySchema,
  activeRecordsQuerySchema,
  activeRecordsSchema,
  archivedExportQuerySchema,
  archivedRecordsSchema,
  failedRecordsSchema,
  pageOnlyQuerySchema,
  processedCountsSchema,
  processedExportQuerySchema,
  reportFieldsSchema,
  type ReportFileType,
} from '@esr/contracts/open-pathways';
import { procedureCodeSchema } from '@esr/contracts/procedures';
import { principalOf } from '../identity/index.js';
import {
  activeRecords,
  archivedRecords,
  failedRecords,
  processedCounts,
  reportFields,
} from './open-pathways.js';
import {
  exportActiveRecords,
  exportArchivedRecords,
  exportProcessedRecords,
  type ReportFile,
} from '../reports/index.js';

const trustParams = z.object({ trust: z.string().min(1).max(10) });
const procedureParams = trustParams.extend({ type: procedureCodeSchema });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const base = '/api/trusts/:trust/waiting-list';
const records = `${base}/procedures/:type/manage/records`;
const tags = ['open pathways'];

const mediaTypes: Record<ReportFileType, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** A file download in the OpenAPI document: its media types, and the headers it always carries. */
function download(fileTypes: ReportFileType[]) {
  return {
    description:
      'The report file, streamed as it is written (Content-Disposition names it; Cache-Control: no-store)',
    content: Object.fromEntries(
      fileTypes.map((fileType) => [mediaTypes[fileType], { schema: z.string().meta({ format: 'binary' }) }]),
    ),
  };
}

function sendReport(reply: FastifyReply, report: ReportFile) {
  return reply
    .header('content-type', report.contentType)
    .header('content-disposition', report.contentDisposition)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(report.stream);
}

/**
 * spec §7 open-pathway calls: the counters, the active, failed and archived lists, the report
 * fields and the exports; clerical users of the trust only (spec §6).
 */
const openPathwayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${base}/procedures/:type/manage/processed`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags,
        summary: 'Processed pathways of one procedure’s active list: total, high, medium and low risk',
        params: procedureParams,
        response: { 200: processedCountsSchema, ...errors },
      },
    },
    async (request) =>
      processedCounts(app.db, principalOf(request), request.params.trust, request.params.type),
  );

  app.get(
    `${records}/active`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags,
        summary: 'A page of one procedure’s active pathways, filtered, in referral-date order',
        description:
          'The nine filters are optional and combined with AND. NHS number, local patient identifier (hospitalNumber) and surgeon name match from the start, ignoring case and spaces in NHS numbers; dates are YYYY-MM-DD and match exactly; prediction means processed with that risk.',
        params: procedureParams,
        querystring: activeRecordsQuerySchema,
        response: { 200: activeRecordsSchema, ...errors },
      },
    },
    async (request) =>
      activeRecords(app.db, principalOf(request), request.params.trust, request.params.type, request.query),
  );

  app.get(
    `${records}/failed`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags,
        summary: 'A page of one procedure’s active pathways that could not be scored, latest first',
        params: procedureParams,
        querystring: pageOnlyQuerySchema,
        response: { 200: failedRecordsSchema, ...errors },
      },
    },
    async (request) =>
      failedRecords(app.db, principalOf(request), request.params.trust, request.params.type, request.query),
  );

  app.get(
    `${base}/manage/records/failed`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags,
        summary: 'Open pathways error history: active pathways of every procedure that could not be scored',
        params: trustParams,
        querystring: pageOnlyQuerySchema,
        response: { 200: failedRecordsSchema, ...errors },
      },
    },
    async (request) =>
      failedRecords(app.db, principalOf(request), request.params.trust, undefined, request.query),
  );

  app.get(
    `${base}/manage/records/archived`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags,
        summary: 'A page of the trust’s archived pathways (every procedure), most recently removed first',
        params: trustParams,
        querystring: pageOnlyQuerySchema,
        response: { 200: archivedRecordsSchema, ...errors },
      },
    },
    async (request) => archivedRecords(app.db, principalOf(request), request.params.trust, request.query),
  );

  app.get(
    '/api/waiting-list/procedures/:type/manage/records/active/fields',
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags,
        summary: 'The fields a report of active pathways can hold, with their labels',
        params: z.object({ type: procedureCodeSchema }),
        response: { 200: reportFieldsSchema, ...errors },
      },
    },
    async (request) => reportFields(principalOf(request)),
  );

  app.get(
    `${records}/active/export`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags,
        summary: 'Report of the active pathways that match the filters: csv, xlsx or pdf',
        description:
          'fields lists report field keys (see …/active/fields), comma-separated, in the order the report shows them. The export is recorded in the change log.',
        params: procedureParams,
        querystring: activeExportQuerySchema,
        response: { 200: download(['csv', 'xlsx', 'pdf']), ...errors },
      },
    },
    async (request, reply) =>
      sendReport(
        reply,
        await exportActiveRecords(
          app.db,
          principalOf(request),
          request.params.trust,
          request.params.type,
          request.query,
        ),
      ),
  );

  app.get(
    `${records}/processed/export`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags,
        summary: 'CSV of the processed pathways of one procedure, of one risk or (prediction omitted) all',
        params: procedureParams,
        querystring: processedExportQuerySchema,
        response: { 200: download(['csv']), ...errors },
      },
    },
    async (request, reply) =>
      sendReport(
        reply,
        await exportProcessedRecords(
          app.db,
          principalOf(request),
          request.params.trust,
          request.params.type,
          request.query,
        ),
      ),
  );

  app.get(
    `${base}/manage/records/archived/export`,
    {
      config: { permission: 'waiting-list:read' },
      schema: {
        tags,
        summary: 'CSV of the trust’s archived pathways, most recently removed first',
        params: trustParams,
        querystring: archivedExportQuerySchema,
        response: { 200: download(['csv']), ...errors },
      },
    },
    async (request, reply) =>
      sendReport(
        reply,
        await exportArchivedRecords(app.db, principalOf(request), request.params.trust, request.query),
      ),
  );
};

export default openPathwayRoutes;
