import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { superAdminDashboardSchema, trustAdminDashboardSchema } from '@esr/contracts/admin';
import { errorResponseSchema } from '@esr/contracts/errors';
import { principalOf } from '../identity/index.js';
import { superAdminDashboard, trustAdminDashboard } from './dashboards.js';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** spec §7 dashboard calls (spec §2 super admin and trust admin dashboards). */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/super-admin/dashboard/',
    {
      config: { permission: 'dashboard:super-admin' },
      schema: {
        tags: ['admin'],
        summary: 'Super admin counters: active trusts and active users',
        response: { 200: superAdminDashboardSchema, ...errors },
      },
    },
    async (request) => superAdminDashboard(app.db, principalOf(request)),
  );
  app.get(
    '/api/trust-admin/dashboard',
    {
      config: { permission: 'dashboard:trust-admin' },
      schema: {
        tags: ['admin'],
        summary: "Trust admin counter: active users of the caller's trust",
        response: { 200: trustAdminDashboardSchema, ...errors },
      },
    },
    async (request) => trustAdminDashboard(app.db, principalOf(request)),
  );
};

export default dashboardRoutes;
