import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../../platform/http/endpoint-routes.js';
import { principalOf } from '../../identity/index.js';
import {
  changeIntegrationClientStatus,
  changeLabMessageSettings,
  listIntegrationClients,
  listIntegrationMessages,
  registerIntegrationClient,
} from './integration-clients.js';

/**
 * Decision 0048: a trust's integration clients for its admins and super admins. A plugin apart from
 * the clients' own endpoints, whose errors are OperationOutcomes and ACKs: these answer the web
 * app's `{detail, errors}`.
 */
const integrationClientRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.integrationClients.list, async (request) =>
    listIntegrationClients(app.db, app.config.identity, principalOf(request), request.params.trust),
  );
  route(app, endpoints.integrationClients.register, async (request, reply) =>
    reply
      .status(201)
      .send(
        await registerIntegrationClient(
          app.db,
          app.config.identity,
          principalOf(request),
          request.params.trust,
          request.body,
        ),
      ),
  );
  route(app, endpoints.integrationClients.changeStatus, async (request) =>
    changeIntegrationClientStatus(
      app.db,
      principalOf(request),
      request.params.trust,
      request.params.id,
      request.body,
    ),
  );
  route(app, endpoints.integrationClients.changeSettings, async (request) =>
    changeLabMessageSettings(app.db, principalOf(request), request.params.trust, request.body),
  );
  route(app, endpoints.integrationClients.messages, async (request) =>
    listIntegrationMessages(app.db, principalOf(request), request.params.trust, request.query),
  );
};

export default integrationClientRoutes;
