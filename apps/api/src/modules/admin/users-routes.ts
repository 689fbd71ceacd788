import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RawQuery } from '@esr/contracts/bracket-query';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import { createUser, getUser, listUsers, updateUser } from './users.js';

/** docs/requirements.md §7 user calls (§2 user lists, User details, Add and Edit user). */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.users.list, async (request) => {
    const { pageNumber, pageSize, trustCode, hideSuperAdminRole } = request.query;
    return listUsers(app.db, principalOf(request), {
      pageNumber,
      pageSize,
      trustCode,
      hideSuperAdminRole,
      raw: request.query as RawQuery,
    });
  });
  route(app, endpoints.users.details, async (request) =>
    getUser(app.db, principalOf(request), request.params.userId),
  );
  route(app, endpoints.users.create, async (request, reply) =>
    reply.status(201).send(await createUser(app.db, principalOf(request), request.body)),
  );
  route(app, endpoints.users.update, async (request) =>
    updateUser(app.db, principalOf(request), request.params.userId, request.body),
  );
};

export default userRoutes;
