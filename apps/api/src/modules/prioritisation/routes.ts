import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { Db } from '../../platform/db/client.js';
import { route } from '../../platform/http/endpoint-routes.js';
import { pathwayTargetOf, principalOf } from '../identity/index.js';
import { sendReport } from '../../platform/http/downloads.js';
import { worklistMatrix } from './risk-wait-matrix.js';
import { worklistPage } from './worklist-page.js';
import { exportWorklist } from './worklist-export.js';
import { worklistEquity } from './equity.js';
import {
  adjustRisk,
  changePriority,
  pathwayPrioritisation,
  prioritisationSettings,
  recordHarmReview,
  recordValidation,
  removeRiskAdjustment,
  updatePrioritisationSettings,
} from './pathway-prioritisation.js';

const { prioritisation } = endpoints;

const onList = (db: Db, request: FastifyRequest & { params: { trust: string; type: ProcedureCode } }) =>
  [db, principalOf(request), request.params.trust, request.params.type] as const;

/**
 * The prioritisation worklist and a pathway's prioritisation (decision 0044): clerical users,
 * clinicians and waiting list admins read; validations are clerical, priority, harm and risk
 * clinical; the harm-review thresholds are the trust admin's.
 */
const prioritisationRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, prioritisation.matrix, async (request) =>
    worklistMatrix(...onList(app.db, request), request.query),
  );

  route(app, prioritisation.worklist, async (request) =>
    worklistPage(...onList(app.db, request), request.query),
  );

  route(app, prioritisation.worklistExport, async (request, reply) =>
    sendReport(reply, await exportWorklist(...onList(app.db, request), request.query)),
  );

  route(app, prioritisation.equity, async (request) =>
    worklistEquity(...onList(app.db, request), request.query.by),
  );

  route(app, prioritisation.settings, async (request) =>
    prioritisationSettings(app.db, principalOf(request), request.params.trust),
  );

  route(app, prioritisation.updateSettings, async (request) =>
    updatePrioritisationSettings(app.db, principalOf(request), request.params.trust, request.body),
  );

  route(app, prioritisation.pathway, async (request) =>
    pathwayPrioritisation(pathwayTargetOf(app.db, request)),
  );

  route(app, prioritisation.changePriority, async (request) =>
    changePriority(pathwayTargetOf(app.db, request), request.body),
  );

  route(app, prioritisation.recordValidation, async (request) =>
    recordValidation(pathwayTargetOf(app.db, request), request.body),
  );

  route(app, prioritisation.recordHarmReview, async (request) =>
    recordHarmReview(pathwayTargetOf(app.db, request), request.body),
  );

  route(app, prioritisation.adjustRisk, async (request) =>
    adjustRisk(pathwayTargetOf(app.db, request), request.body),
  );

  route(app, prioritisation.removeRiskAdjustment, async (request) =>
    removeRiskAdjustment(pathwayTargetOf(app.db, request)),
  );
};

export default prioritisationRoutes;
