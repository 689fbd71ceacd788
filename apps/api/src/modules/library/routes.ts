import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import { listProcedures, listRoles, surgicalRiskFactors } from './library.js';

const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.library.procedures, async (request) => listProcedures(app.db, principalOf(request)));
  route(app, endpoints.library.roles, async (request) =>
    listRoles(app.db, principalOf(request), request.query.hideSuperAdminRole === '1'),
  );
  route(app, endpoints.library.surgicalRiskFactors, async (request) =>
    surgicalRiskFactors(app.db, principalOf(request)),
  );
};

export default libraryRoutes;
