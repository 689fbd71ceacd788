import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import type { AppConfig } from '../../platform/config.js';
import { route } from '../../platform/http/endpoint-routes.js';
import { createReadiness } from './readiness.js';

const healthRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  route(app, endpoints.operations.health, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    } catch {
      return reply.status(503).send({ detail: 'The database is not answering' });
    }
  });

  // Answered from the process alone (no token, no database): an orchestrator that restarts a server
  // whose liveness fails must not restart one that is only busy confirming an import.
  route(app, endpoints.operations.live, async () => ({ status: 'live' as const }));

  const readiness = createReadiness({
    database: app.database,
    // The queue starts after the routes are registered (app.ts), and is decorated once it has.
    queue: () => (app.hasDecorator('queue') ? app.queue : undefined),
    log: app.log,
  });
  route(app, endpoints.operations.ready, async (_request, reply) => {
    const readinessNow = await readiness();
    if (readinessNow.ready) return { status: 'ready' as const, checks: readinessNow.checks };
    return reply
      .status(503)
      .send({ status: 'not_ready', checks: readinessNow.checks, detail: readinessNow.detail });
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
    readOnly: config.readOnly,
  }));
};

export default healthRoutes;
