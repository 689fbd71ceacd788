import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { principalOf } from '../identity/index.js';
import { route } from '../../platform/http/endpoint-routes.js';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { Db } from '../../platform/db/client.js';
import { activeRecords, processedCounts, reportFields } from './active-list.js';
import { failedRecords } from './failed-records.js';
import { archivedRecords } from './archived-records.js';
import { procedureCounters, waitingListDashboard } from './pathways.js';

const { openPathways, waitingList } = endpoints;

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
};

/** docs/requirements.md §7: the clerical dashboard's figures; clerical users of the trust only (§6). */
export const waitingListDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, waitingList.dashboard, async (request) =>
    waitingListDashboard(app.db, principalOf(request), request.params.trust),
  );
};

/** docs/requirements.md §7: a procedure's counters; clerical users of the trust only (§6). */
export const procedureCounterRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, waitingList.procedureCounters, async (request) =>
    procedureCounters(app.db, principalOf(request), request.params.trust, request.params.type),
  );
};

export default openPathwayRoutes;
