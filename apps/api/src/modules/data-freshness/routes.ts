import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import { dataFreshness } from './data-freshness.js';
import { changeFreshnessSettings, freshnessSettings } from './freshness-settings.js';

const calls = endpoints.dataFreshness;

/** How fresh the trust's data is, and its admins' expectations of it (decision 0068). */
const dataFreshnessRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, calls.status, async (request) =>
    dataFreshness(app.db, principalOf(request), request.params.trust, app.clock()),
  );
  route(app, calls.settings, async (request) =>
    freshnessSettings(app.db, principalOf(request), request.params.trust),
  );
  route(app, calls.changeSettings, async (request) =>
    changeFreshnessSettings(app.db, principalOf(request), request.params.trust, request.body),
  );
};

export default dataFreshnessRoutes;
