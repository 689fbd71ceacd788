import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  proceduresResponseSchema,
  rolesQuerySchema,
  rolesResponseSchema,
  surgicalRiskFactorsResponseSchema,
} from '@esr/contracts/library';
import { errorResponseSchema } from '@esr/contracts/errors';
import { principalOf } from '../identity/index.js';
import { listProcedures, listRoles, surgicalRiskFactors } from './library.js';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/procedures',
    {
      config: { permission: 'library:read' },
      schema: {
        tags: ['library'],
        summary: 'Procedure types',
        response: { 200: proceduresResponseSchema, ...errors },
      },
    },
    async (request) => listProcedures(app.db, principalOf(request)),
  );
  app.get(
    '/api/roles',
    {
      config: { permission: 'library:read' },
      schema: {
        tags: ['library'],
        summary: 'Roles a user can be given',
        querystring: rolesQuerySchema,
        response: { 200: rolesResponseSchema, ...errors },
      },
    },
    async (request) => listRoles(app.db, principalOf(request), request.query.hideSuperAdminRole === '1'),
  );
  app.get(
    '/api/form-data/surgical-risk-factors',
    {
      config: { permission: 'library:read' },
      schema: {
        tags: ['library'],
        summary: 'Surgery readiness and social option lists',
        response: { 200: surgicalRiskFactorsResponseSchema, ...errors },
      },
    },
    async (request) => surgicalRiskFactors(app.db, principalOf(request)),
  );
};

export default libraryRoutes;
