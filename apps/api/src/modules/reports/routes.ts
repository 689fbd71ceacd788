import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { Db } from '../../platform/db/client.js';
import { sendReport } from '../../platform/http/downloads.js';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import { exportActiveRecords, exportArchivedRecords, exportProcessedRecords } from './reports.js';

const { openPathways } = endpoints;

/** The arguments every export of one procedure's list starts with: who asks, the trust and the procedure. */
const onList = (db: Db, request: FastifyRequest & { params: { trust: string; type: ProcedureCode } }) =>
  [db, principalOf(request), request.params.trust, request.params.type] as const;

/** docs/requirements.md §7 open-pathway export calls; clerical users of the trust only (§6). */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, openPathways.activeExport, async (request, reply) =>
    sendReport(reply, await exportActiveRecords(...onList(app.db, request), request.query)),
  );

  route(app, openPathways.processedExport, async (request, reply) =>
    sendReport(reply, await exportProcessedRecords(...onList(app.db, request), request.query)),
  );

  route(app, openPathways.archivedExport, async (request, reply) =>
    sendReport(
      reply,
      await exportArchivedRecords(app.db, principalOf(request), request.params.trust, request.query),
    ),
  );
};

export default reportRoutes;
