import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeLogPageSchema, changeLogQuerySchema } from '@esr/contracts/change-log';
import { errorResponseSchema } from '@esr/contracts/errors';
import { principalOf } from '../identity/index.js';
import { listChangeLog } from './change-log.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** spec §7 change log call (spec §2 Change log). */
const changeLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/changelog',
    {
      config: { permission: 'changelog:read' },
      schema: {
        tags: ['admin'],
        summary: 'Change log entries, newest first',
        description: "Trust admins get their own trust's entries only, without those about super admins.",
        querystring: changeLogQuerySchema,
        response: { 200: changeLogPageSchema, ...errors },
      },
    },
    async (request) => listChangeLog(app.db, principalOf(request), request.query),
  );
};

export default changeLogRoutes;
