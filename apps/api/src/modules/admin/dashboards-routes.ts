import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import { superAdminDashboard, trustAdminDashboard } from './dashboards.js';

/** docs/requirements.md §7 dashboard calls (§2 super admin and trust admin dashboards). */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.dashboards.superAdmin, async (request) =>
    superAdminDashboard(app.db, principalOf(request)),
  );
  route(app, endpoints.dashboards.trustAdmin, async (request) =>
    trustAdminDashboard(app.db, principalOf(request)),
  );
};

export default dashboardRoutes;
