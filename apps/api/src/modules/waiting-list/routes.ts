import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { importUploadFields } from '@esr/contracts/waiting-list';
import { principalOf } from '../identity/index.js';
import { route } from '../../platform/http/endpoint-routes.js';
import { readUploadedFiles } from '../../platform/http/multipart-files.js';
import { sendReport } from '../../platform/http/downloads.js';
import { importFileDownload } from './import-downloads.js';
import { uploadImport, uploadStatus } from './waiting-list-imports.js';
import { serviceStatus } from './service-status.js';
import { toBeArchived, validationSummary, type UploadPageRead } from './validation-summary.js';
import { cancelImport, confirmImport } from './import-decisions.js';
import { uploadHistory } from './upload-history.js';

const { waitingList } = endpoints;

/** docs/requirements.md §7: the upload history and the service status; clerical users of the trust only (§6). */
export const importHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, waitingList.uploadHistory, async (request) =>
    uploadHistory(app.db, principalOf(request), request.params.trust, request.query),
  );

  route(app, waitingList.serviceStatus, async (request) =>
    serviceStatus(app.db, principalOf(request), request.params.trust, request.params.type),
  );
};

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A paged read of an upload, from the call's path and query. */
const pageOfUpload = (
  app: ZodApp,
  request: FastifyRequest & {
    params: { trust: string; type: ProcedureCode };
    query: { batchId: string; pageNumber: number; pageSize: number };
  },
): UploadPageRead => [
  app.db,
  app.database,
  principalOf(request),
  request.params.trust,
  request.params.type,
  request.query,
];

/** The upload (both files, within the size limit) and its status. */
function uploadRoutes(app: ZodApp, maxFileBytes: number) {
  route(
    app,
    waitingList.upload,
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
    // Both files at the configured size, and room for the rest of the form.
    { bodyLimit: 2 * maxFileBytes + 1_048_576 },
  );

  route(app, waitingList.uploadStatus, async (request) =>
    uploadStatus(
      app.db,
      principalOf(request),
      request.params.trust,
      request.params.type,
      request.query.batchId,
    ),
  );
}

/** The validation summary, the pathways a confirm would archive, and the summary's downloads. */
function summaryRoutes(app: ZodApp) {
  route(app, waitingList.validationSummary, async (request) => validationSummary(pageOfUpload(app, request)));

  route(app, waitingList.toBeArchived, async (request) => toBeArchived(pageOfUpload(app, request)));

  const fileDownloads = [
    [waitingList.rowsWithErrorsExport, 'rowsWithErrors'],
    [waitingList.warningsExport, 'warnings'],
  ] as const;
  for (const [endpoint, download] of fileDownloads)
    route(app, endpoint, async (request, reply) => {
      const { trust, type } = request.params;
      return sendReport(
        reply,
        await importFileDownload(app.db, principalOf(request), trust, type, request.query, download),
      );
    });
}

/** The clerk's decision on a validated upload: cancel or confirm. */
function decisionRoutes(app: ZodApp) {
  route(app, waitingList.cancelImport, async (request) =>
    cancelImport(
      app.db,
      principalOf(request),
      request.params.trust,
      request.params.type,
      request.body.batchId,
    ),
  );

  route(app, waitingList.confirmImport, async (request, reply) => {
    const { trust, type } = request.params;
    const { decision, accepted } = await confirmImport(
      app.db,
      app.database,
      principalOf(request),
      trust,
      type,
      request.body,
      app.queue,
    );
    return reply.status(accepted ? 202 : 200).send(decision);
  });
}

/** docs/requirements.md §7 waiting-list import calls; clerical users of the trust only (§6). */
const waitingListRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxFileBytes = app.config.importMaxFileBytes;
  await app.register(multipart, {
    limits: { fileSize: maxFileBytes, files: 2, fields: 10, parts: 12, fieldSize: 1024 },
    // An oversized file is reported on its own field (docs/requirements.md §5), not as a bare 413.
    throwFileSizeLimit: false,
  });

  uploadRoutes(app, maxFileBytes);
  summaryRoutes(app);
  decisionRoutes(app);
};

export default waitingListRoutes;
