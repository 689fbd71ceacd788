import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { roleNames } from '@esr/contracts/roles';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from './authentication-plugin.js';
import { principalName } from './identity.js';

const meRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.identity.me, async (request) => {
    const principal = principalOf(request);
    return {
      name: principalName(principal),
      email: principal.email,
      roles: principal.roles.map((code) => ({ code, name: roleNames[code] })),
      trust: { code: principal.trustCode, name: principal.trustName },
    };
  });
};

export default meRoutes;
