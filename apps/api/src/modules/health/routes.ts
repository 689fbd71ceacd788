import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import type { AppConfig } from '../../platform/config.js';
import { route } from '../../platform/http/endpoint-routes.js';

const healthRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  route(app, endpoints.operations.health, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    } catch {
      return reply.status(503).send({ detail: 'The database is not answering' });
    }
  });

  route(app, endpoints.operations.clientConfig, async () => ({
    authority: config.identity.issuer,
    clientId: config.identity.clientId,
    scope: config.identity.scope,
    idleTimeoutMs: config.idleTimeoutMs,
    contactEmail: config.contactEmail,
    environment: config.environmentName,
    regulatoryUrl: config.regulatoryUrl,
    developmentSignIn: config.identity.kind === 'development',
  }));
};

export default healthRoutes;
