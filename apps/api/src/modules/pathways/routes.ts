import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { principalOf } from '../identity/index.js';
import { route } from '../../platform/http/endpoint-routes.js';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { Db } from '../../platform/db/client.js';
import {
  activeRecords,
  archivedRecords,
  failedRecords,
  processedCounts,
  reportFields,
} from './open-pathways.js';
import { exportActiveRecords, exportArchivedRecords, exportProcessedRecords } from '../reports/index.js';
import { sendReport } from '../../platform/http/downloads.js';

const { openPathways } = endpoints;

/** The arguments every call on one procedure's list starts with: who asks, the trust and the procedure. */
const onList = (db: Db, request: FastifyRequest & { params: { trust: string; type: ProcedureCode } }) =>
  [db, principalOf(request), request.params.trust, request.params.type] as const;

/**
 * docs/requirements.md §7 open-pathway calls: the counters, the active, failed and archived lists,
 * the report fields and the exports; clerical users of the trust only (§6).
 */
const openPathwayRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, openPathways.processedCounts, async (request) => processedCounts(...onList(app.db, request)));

  route(app, openPathways.activeRecords, async (request) =>
    activeRecords(...onList(app.db, request), request.query),
  );

  route(app, openPathways.failedRecords, async (request) =>
    failedRecords(...onList(app.db, request), request.query),
  );

  route(app, openPathways.allFailedRecords, async (request) =>
    failedRecords(app.db, principalOf(request), request.params.trust, undefined, request.query),
  );

  route(app, openPathways.archivedRecords, async (request) =>
    archivedRecords(app.db, principalOf(request), request.params.trust, request.query),
  );

  route(app, openPathways.reportFields, async (request) => reportFields(principalOf(request)));

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

export default openPathwayRoutes;
