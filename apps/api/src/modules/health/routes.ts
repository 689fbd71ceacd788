import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { clientConfigSchema } from '@esr/contracts/identity';
import { healthResponseSchema } from '@esr/contracts/library';
import { errorResponseSchema } from '@esr/contracts/errors';
import type { AppConfig } from '../../platform/config.js';

const healthRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['operations'],
        summary: 'Liveness: 200 when the database answers',
        security: [],
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ detail: 'The database is not answering' });
      }
    },
  );

  app.get(
    '/api/client-config',
    {
      config: { public: true },
      schema: {
        tags: ['operations'],
        summary: 'What the web app needs before sign-in',
        security: [],
        response: { 200: clientConfigSchema },
      },
    },
    async () => ({
      authority: config.identity.issuer,
      clientId: config.identity.clientId,
      scope: config.identity.scope,
      idleTimeoutMs: config.idleTimeoutMs,
      contactEmail: config.contactEmail,
      environment: config.environmentName,
      regulatoryUrl: config.regulatoryUrl,
      developmentSignIn: config.identity.kind === 'development',
    }),
  );
};

export default healthRoutes;
