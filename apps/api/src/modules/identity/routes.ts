import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meResponseSchema } from '@esr/contracts/identity';
import { errorResponseSchema } from '@esr/contracts/errors';
import { roleNames } from '@esr/contracts/roles';
import { principalOf } from './authentication-plugin.js';
import { principalName } from './identity.js';

const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/',
    {
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user: name, roles and trust',
        response: { 200: meResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return {
        name: principalName(principal),
        email: principal.email,
        roles: principal.roles.map((code) => ({ code, name: roleNames[code] })),
        trust: { code: principal.trustCode, name: principal.trustName },
      };
    },
  );
};

export default meRoutes;
