import { z } from 'zod';
import { errorResponseSchema } from '../errors.js';
import { defineEndpoint } from '../endpoint.js';
import {
  createUserBodySchema,
  updateUserBodySchema,
  userDetailsSchema,
  userParamsSchema,
  usersPageSchema,
  usersQuerySchema,
} from '../users.js';
import { requestErrors } from './shared.js';

/** GET /api/users/{userId}/: trust admins' lookups send hideSuperAdminRole=1 (docs/requirements.md §6). */
export const userDetailsQuerySchema = z.object({
  hideSuperAdminRole: z.enum(['0', '1']).optional().meta({
    description: '1: a user holding Super Admin is not found (trust admins’ lookups)',
    example: '1',
  }),
});

/** docs/requirements.md §7 user calls (§2 user lists, User details, Add and Edit user). */
export const users = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/users/',
    permission: 'users:read',
    tags: ['users'],
    summary: 'Users, filtered and paged',
    description:
      'Filters use the bracket form: `filters[userName]=jo&filters[assignedRoles][]=cu&filters[assignedRoles][]=cl&filters[status]=1`. ' +
      'Lists are also read as `filters[assignedRoles][0]=cu` or `filters[assignedRoles]=cu,cl`; any other key under `filters` is refused (400). ' +
      'Trust admins always get their own trust and never users holding Super Admin; super admins may pass `trustCode` and `hideSuperAdminRole=1`.',
    querystring: usersQuerySchema,
    response: { 200: usersPageSchema, ...requestErrors },
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/api/users/:userId/',
    permission: 'users:read',
    tags: ['users'],
    summary: 'User details',
    description: 'Trust admins are refused (403) users of other trusts and users holding Super Admin.',
    params: userParamsSchema,
    querystring: userDetailsQuerySchema,
    response: { 200: userDetailsSchema, 404: errorResponseSchema, ...requestErrors },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/users/',
    permission: 'users:write',
    tags: ['users'],
    summary: 'Add a user; 409 when the e-mail address is taken',
    body: createUserBodySchema,
    response: { 201: userDetailsSchema, 409: errorResponseSchema, ...requestErrors },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/users/:userId/',
    permission: 'users:write',
    tags: ['users'],
    summary: 'Change names, trust, status and roles of a user (the e-mail stays)',
    params: userParamsSchema,
    body: updateUserBodySchema,
    response: { 200: userDetailsSchema, 404: errorResponseSchema, ...requestErrors },
  }),
};
