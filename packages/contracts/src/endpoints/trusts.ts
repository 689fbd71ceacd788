import { z } from 'zod';
import { errorResponseSchema } from '../errors.js';
import { defineEndpoint } from '../endpoint.js';
import {
  createTrustBodySchema,
  trustLookupsSchema,
  trustOptionsSchema,
  trustParamsSchema,
  trustSchema,
  trustsPageSchema,
  trustsQuerySchema,
  updateTrustBodySchema,
} from '../trusts.js';
import { requestErrors } from './shared.js';

/** docs/requirements.md §7 trust calls (§2 Manage active trusts, Trust details, Add and Edit trust). */
export const trusts = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/',
    // Selector lists for super and trust admins, the paged list for super admins (the service decides).
    permission: ['trusts:select', 'trusts:read'],
    tags: ['trusts'],
    summary: 'Active trusts for selectors, or with listType=paginated the filtered trusts list',
    querystring: trustsQuerySchema,
    response: { 200: z.union([trustsPageSchema, trustOptionsSchema]), ...requestErrors },
  }),
  lookups: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/lookup/',
    permission: 'trusts:write',
    tags: ['trusts'],
    summary: 'NHS trusts of England not added yet (NHS ODS list)',
    response: { 200: trustLookupsSchema, ...requestErrors },
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trustCode',
    permission: 'trusts:read',
    tags: ['trusts'],
    summary: 'Trust details',
    params: trustParamsSchema,
    response: { 200: trustSchema, 404: errorResponseSchema, ...requestErrors },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/trusts/:trustCode/create',
    permission: 'trusts:write',
    tags: ['trusts'],
    summary: 'Add a trust from the NHS trust list; 409 when it exists',
    params: trustParamsSchema,
    body: createTrustBodySchema,
    response: { 200: trustSchema, 409: errorResponseSchema, ...requestErrors },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/trusts/:trustCode/update',
    permission: 'trusts:write',
    tags: ['trusts'],
    summary: 'Change tenant id, status and primary contact of a trust',
    params: trustParamsSchema,
    body: updateTrustBodySchema,
    response: { 200: trustSchema, 404: errorResponseSchema, ...requestErrors },
  }),
};
