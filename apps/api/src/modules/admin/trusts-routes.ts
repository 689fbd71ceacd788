import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import {
  createTrust,
  getTrust,
  listTrustLookups,
  listTrustOptions,
  listTrustsPage,
  updateTrust,
} from './trusts.js';

/** docs/requirements.md §7 trust calls (§2 Manage active trusts, Trust details, Add and Edit trust). */
const trustRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.trusts.list, async (request) => {
    const principal = principalOf(request);
    return request.query.listType === 'paginated'
      ? listTrustsPage(app.db, principal, request.query)
      : listTrustOptions(app.db, principal);
  });
  route(app, endpoints.trusts.lookups, async (request) => listTrustLookups(app.db, principalOf(request)));
  route(app, endpoints.trusts.details, async (request) =>
    getTrust(app.db, principalOf(request), request.params.trustCode),
  );
  route(app, endpoints.trusts.create, async (request) =>
    createTrust(app.db, principalOf(request), request.params.trustCode, request.body, {
      demonstrationModels: app.config.seedDemoData,
    }),
  );
  route(app, endpoints.trusts.update, async (request) =>
    updateTrust(app.db, principalOf(request), request.params.trustCode, request.body),
  );
};

export default trustRoutes;
