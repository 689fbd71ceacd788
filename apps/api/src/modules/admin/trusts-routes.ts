import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@esr/contracts/errors';
import {
  createTrustBodySchema,
  trustLookupsSchema,
  trustOptionsSchema,
  trustParamsSchema,
  trustSchema,
  trustsPageSchema,
  trustsQuerySchema,
  updateTrustBodySchema,
} from '@esr/contracts/trusts';
import { principalOf } from '../identity/index.js';
import {
  createTrust,
  getTrust,
  listTrustLookups,
  listTrustOptions,
  listTrustsPage,
  updateTrust,
} from './trusts.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** spec §7 trust calls (spec §2 Manage active trusts, Trust details, Add and Edit trust). */
const trustRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/trusts/',
    {
      // Selector lists for super and trust admins, the paged list for super admins (the service decides).
      config: { permission: ['trusts:select', 'trusts:read'] },
      schema: {
        tags: ['trusts'],
        summary: 'Active trusts for selectors, or with listType=paginated the filtered trusts list',
        querystring: trustsQuerySchema,
        response: { 200: z.union([trustsPageSchema, trustOptionsSchema]), ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return request.query.listType === 'paginated'
        ? listTrustsPage(app.db, principal, request.query)
        : listTrustOptions(app.db, principal);
    },
  );
  app.get(
    '/api/trusts/lookup/',
    {
      config: { permission: 'trusts:write' },
      schema: {
        tags: ['trusts'],
        summary: 'NHS trusts of England not added yet (NHS ODS list)',
        response: { 200: trustLookupsSchema, ...errors },
      },
    },
    async (request) => listTrustLookups(app.db, principalOf(request)),
  );
  app.get(
    '/api/trusts/:trustCode',
    {
      config: { permission: 'trusts:read' },
      schema: {
        tags: ['trusts'],
        summary: 'Trust details',
        params: trustParamsSchema,
        response: { 200: trustSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => getTrust(app.db, principalOf(request), request.params.trustCode),
  );
  app.post(
    '/api/trusts/:trustCode/create',
    {
      config: { permission: 'trusts:write' },
      schema: {
        tags: ['trusts'],
        summary: 'Add a trust from the NHS trust list; 409 when it exists',
        params: trustParamsSchema,
        body: createTrustBodySchema,
        response: { 200: trustSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => createTrust(app.db, principalOf(request), request.params.trustCode, request.body),
  );
  app.put(
    '/api/trusts/:trustCode/update',
    {
      config: { permission: 'trusts:write' },
      schema: {
        tags: ['trusts'],
        summary: 'Change tenant id, status and primary contact of a trust',
        params: trustParamsSchema,
        body: updateTrustBodySchema,
        response: { 200: trustSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => updateTrust(app.db, principalOf(request), request.params.trustCode, request.body),
  );
};

export default trustRoutes;
