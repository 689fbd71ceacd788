import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RawQuery } from '@esr/contracts/bracket-query';
import { errorResponseSchema } from '@esr/contracts/errors';
import {
  createUserBodySchema,
  updateUserBodySchema,
  userDetailsSchema,
  userParamsSchema,
  usersPageSchema,
  usersQuerySchema,
} from '@esr/contracts/users';
import { z } from 'zod';
import { principalOf } from '../identity/index.js';
import { createUser, getUser, listUsers, updateUser } from './users.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** spec §7 user calls (spec §2 user lists, User details, Add and Edit user). */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/',
    {
      config: { permission: 'users:read' },
      schema: {
        tags: ['users'],
        summary: 'Users, filtered and paged',
        description:
          'Filters use the bracket form: `filters[userName]=jo&filters[assignedRoles][]=cu&filters[assignedRoles][]=cl&filters[status]=1`. ' +
          'Lists are also read as `filters[assignedRoles][0]=cu` or `filters[assignedRoles]=cu,cl`; any other key under `filters` is refused (400). ' +
          'Trust admins always get their own trust and never users holding Super Admin; super admins may pass `trustCode` and `hideSuperAdminRole=1`.',
        querystring: usersQuerySchema,
        response: { 200: usersPageSchema, ...errors },
      },
    },
    async (request) => {
      const { pageNumber, pageSize, trustCode, hideSuperAdminRole } = request.query;
      return listUsers(app.db, principalOf(request), {
        pageNumber,
        pageSize,
        trustCode,
        hideSuperAdminRole,
        raw: request.query as RawQuery,
      });
    },
  );
  app.get(
    '/api/users/:userId/',
    {
      config: { permission: 'users:read' },
      schema: {
        tags: ['users'],
        summary: 'User details',
        description: 'Trust admins are refused (403) users of other trusts and users holding Super Admin.',
        params: userParamsSchema,
        querystring: z.object({ hideSuperAdminRole: z.enum(['0', '1']).optional() }),
        response: { 200: userDetailsSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => getUser(app.db, principalOf(request), request.params.userId),
  );
  app.post(
    '/api/users/',
    {
      config: { permission: 'users:write' },
      schema: {
        tags: ['users'],
        summary: 'Add a user; 409 when the e-mail address is taken',
        body: createUserBodySchema,
        response: { 201: userDetailsSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createUser(app.db, principalOf(request), request.body)),
  );
  app.put(
    '/api/users/:userId/',
    {
      config: { permission: 'users:write' },
      schema: {
        tags: ['users'],
        summary: 'Change names, trust, status and roles of a user (the e-mail stays)',
        params: userParamsSchema,
        body: updateUserBodySchema,
        response: { 200: userDetailsSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => updateUser(app.db, principalOf(request), request.params.userId, request.body),
  );
};

export default userRoutes;
